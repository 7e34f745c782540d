import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useFetcher, useLoaderData, useLocation, useNavigation, useOutlet } from '@remix-run/react'
import { useEffect } from 'react'
import { FilterForm, FilterSelect, SearchField } from '~/components/filters'
import { PageHeader } from '~/components/page-header'
import { PreviousNextPagination } from '~/components/pagination'
import { useDialogOutletOnly } from '~/components/route-dialog'
import { Button, buttonClassName } from '~/components/ui/button'
import { listDocuments } from '~/features/documents/documents.server'
import { listDocumentTypes } from '~/features/document-types/document-types.server'
import { DOCUMENT_CATEGORIES, DOCUMENT_PAGE_SIZE, categoryLabel, parseDocumentListQuery } from '~/features/documents/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { publishDocumentTemplate } from '~/features/documents/publish.server'
import { cn, formatFileSize } from '~/lib/misc'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { formatDate } from '~/lib/time'
import { useHydrated } from '~/lib/use-hydrated'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Document Management | Healthcare Portal' }]

const REFRESH_MS = 30_000

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const query = parseDocumentListQuery(new URL(request.url).searchParams)
  const [{ total, documents }, types] = await Promise.all([listDocuments(query), listDocumentTypes({ activeOnly: true })])
  return json({ query, total, documents, types })
}

/** intent=publish: 'Publish Bold Template' for one document. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const form = await request.formData()
  if (form.get('intent') !== 'publish') throw new Response('Unknown intent', { status: 400 })
  const back = `/documents-new${new URL(request.url).search}`
  let templateId
  try {
    templateId = await publishDocumentTemplate(String(form.get('documentId') ?? ''), userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, 'Failed to create BoldSign template', { title: 'Template Creation Failed' })
  }
  return redirectWithToast(back, { title: 'Template Created', description: `BoldSign template ${templateId}` })
}

type DocumentRow = ReturnType<typeof useLoaderData<typeof loader>>['documents'][number]

export default function DocumentsPage() {
  const loaderData = useLoaderData<typeof loader>()
  const refresh = useFetcher<typeof loader>()
  // Background refresh: marked passive so an open page does not keep the session alive.
  const { query, total, documents, types } =
    refresh.data && refresh.data.query.page === loaderData.query.page ? refresh.data : loaderData
  const outlet = useOutlet()
  const { search } = useLocation()
  const canWrite = useCan('records:write')
  const navigation = useNavigation()
  const { load } = refresh

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return
      const params = new URLSearchParams(search)
      params.set('_passive', '1')
      load(`/documents-new?${params}`)
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [search, load])

  if (useDialogOutletOnly(outlet)) return outlet
  const filtered = Boolean(query.q || query.category || query.type)
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/documents-new'

  return (
    <>
      <PageHeader
        title="Document Management"
        subtitle="Upload, find and share the agency's forms, policies and records"
        actions={
          canWrite ? (
            <Link to={`upload${search}`} preventScrollReset className={buttonClassName('primary')}>
              Upload Document
            </Link>
          ) : null
        }
      />
      <FilterForm label="Search and filter documents">
        <SearchField id="document-search" defaultValue={query.q} placeholder="Name or description" />
        <FilterSelect
          id="document-category"
          name="category"
          label="Category"
          defaultValue={query.category ?? ''}
          options={[{ value: '', label: 'All Categories' }, ...DOCUMENT_CATEGORIES]}
        />
        {types.length > 0 ? (
          <FilterSelect
            id="document-type"
            name="type"
            label="Document Type"
            defaultValue={query.type ?? ''}
            options={[{ value: '', label: 'All Types' }, ...types.map((type) => ({ value: type.id, label: type.name }))]}
          />
        ) : null}
        <button type="submit" className={buttonClassName('secondary')}>
          Search
        </button>
        {filtered ? (
          <Link to="/documents-new" className="py-2 text-sm text-blue-700 underline">
            Clear filters
          </Link>
        ) : null}
      </FilterForm>

      <section aria-labelledby="documents-heading" className="rounded-lg border border-slate-200 bg-white">
        <h2 id="documents-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">
          Documents ({total})
        </h2>
        {loading && documents.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">Loading documents...</p>
        ) : documents.length === 0 ? (
          <p className="p-6 text-sm text-slate-700">No documents found.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left">
                <tr>
                  {['Name', 'Category', 'Size', 'Downloads', 'Uploaded', 'Actions'].map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-semibold text-slate-700">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {documents.map((document) => (
                  <DocumentRowView key={document.id} document={document} canWrite={canWrite} search={search} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {total > 0 ? <PreviousNextPagination page={query.page} pageSize={DOCUMENT_PAGE_SIZE} total={total} noun="documents" /> : null}
      {outlet}
    </>
  )
}

function DocumentRowView({ document, canWrite, search }: { document: DocumentRow; canWrite: boolean; search: string }) {
  const timeZone = useTimeZone()
  return (
    <tr>
      <th scope="row" className="max-w-xs px-4 py-3 text-left align-top">
        <span className="font-medium">{document.name}</span>
        {document.description ? <span className="mt-1 block text-xs font-normal text-slate-600">{document.description}</span> : null}
        {document.documentType ? <span className="mt-1 block text-xs font-normal text-slate-600">Type: {document.documentType.name}</span> : null}
        {document.boldsignTemplateId ? <TemplateStatus document={document} /> : null}
      </th>
      <td className="px-4 py-3 align-top">
        <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">{categoryLabel(document.category)}</span>
      </td>
      <td className="whitespace-nowrap px-4 py-3 align-top">{formatFileSize(document.fileSize)}</td>
      <td className="px-4 py-3 align-top">{document.downloadCount}</td>
      <td className="whitespace-nowrap px-4 py-3 align-top">
        {formatDate(document.createdAt, timeZone)}
        <span className="block text-xs text-slate-600">by {document.uploadedBy}</span>
      </td>
      <td className="px-4 py-3 align-top">
        <DocumentActions document={document} canWrite={canWrite} search={search} />
      </td>
    </tr>
  )
}

function TemplateStatus({ document }: { document: DocumentRow }) {
  if (document.boldsignTemplateStatus === 'failed') {
    return (
      <span className="mt-1 block text-xs font-normal text-red-800">
        BoldSign template failed: {document.boldsignTemplateError}
      </span>
    )
  }
  const ready = document.boldsignTemplateStatus === 'ready'
  return (
    <span className={cn('mt-1 block text-xs font-normal', ready ? 'text-green-800' : 'text-slate-700')}>
      BoldSign template {document.boldsignTemplateId} {ready ? '(ready)' : '(BoldSign is processing it)'}
    </span>
  )
}

/** A menu with JavaScript; the same actions as plain buttons and links without it. */
function DocumentActions({ document, canWrite, search }: { document: DocumentRow; canWrite: boolean; search: string }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const publishing =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'publish' && navigation.formData.get('documentId') === document.id
  const downloadHref = `/api/documents/${document.id}/download`
  const label = (action: string) => `${action} ${document.name}`
  const formId = `publish-${document.id}`
  // The button may sit inside the menu's popover, so it names its form.
  const publishButton = (className: string) => (
    <button
      type="submit"
      form={formId}
      className={className}
      disabled={publishing || document.mimeType !== 'application/pdf'}
      aria-label={label('Publish as a BoldSign template:')}
    >
      {publishing ? 'Publishing...' : 'Publish Bold Template'}
    </button>
  )
  const publishForm = canWrite ? (
    <Form id={formId} method="post" preventScrollReset hidden>
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="documentId" value={document.id} />
    </Form>
  ) : null

  if (!hydrated) {
    return (
      <div className="flex flex-wrap gap-2">
        {publishForm}
        <a href={downloadHref} target="_blank" rel="noreferrer" className={buttonClassName('secondary', 'sm')} aria-label={label('Download')}>
          Download
        </a>
        {canWrite ? (
          <>
            <Link to={`${document.id}/edit${search}`} className={buttonClassName('secondary', 'sm')} aria-label={label('Edit')}>
              Edit
            </Link>
            {publishButton(buttonClassName('secondary', 'sm'))}
            <Link to={`${document.id}/delete${search}`} className={buttonClassName('ghost', 'sm')} aria-label={label('Delete')}>
              Delete
            </Link>
          </>
        ) : null}
      </div>
    )
  }

  const item = 'block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 disabled:text-slate-400'
  return (
    <Menu as="div" className="relative inline-block text-left">
      {publishForm}
      <MenuButton as={Button} variant="secondary" size="sm" aria-label={`Actions for ${document.name}`}>
        {publishing ? 'Publishing...' : 'Actions'}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
        <MenuItem>
          <a href={downloadHref} target="_blank" rel="noreferrer" className={item}>
            Download
          </a>
        </MenuItem>
        {canWrite ? (
          <>
            <MenuItem>
              <Link to={`${document.id}/edit${search}`} preventScrollReset className={item}>
                Edit
              </Link>
            </MenuItem>
            <MenuItem disabled={publishing || document.mimeType !== 'application/pdf'}>{publishButton(item)}</MenuItem>
            <MenuItem>
              <Link to={`${document.id}/delete${search}`} preventScrollReset className={cn(item, 'text-red-800')}>
                Delete
              </Link>
            </MenuItem>
          </>
        ) : null}
      </MenuItems>
    </Menu>
  )
}
