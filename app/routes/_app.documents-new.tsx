import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useFetcher, useLoaderData, useLocation, useNavigation, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect } from 'react'
import { ActionMenu, ActionMenuAnchor, ActionMenuLink, ActionMenuSubmit } from '~/components/action-menu'
import { ListPage } from '~/components/list-page'
import { buttonClassName } from '~/components/ui/button'
import { listDocuments } from '~/features/documents/documents.server'
import { listDocumentTypes } from '~/features/document-types/document-types.server'
import { DOCUMENT_CATEGORIES, DOCUMENT_PAGE_SIZE, DOCUMENT_SORT_OPTIONS, categoryLabel } from '~/features/documents/options'
import { parseDocumentListQuery } from '~/features/documents/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { publishDocumentTemplate } from '~/features/documents/publish.server'
import { cn, formatFileSize } from '~/lib/misc'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { formatDate } from '~/lib/time'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Document Management | Healthcare Portal' }]

const REFRESH_MS = 30_000

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const query = parseDocumentListQuery(new URL(request.url).searchParams)
  const [{ total, page, documents }, types] = await Promise.all([
    listDocuments(query, userActor(request, user), { pastTheEnd: 'last-page' }),
    listDocumentTypes({ activeOnly: true }),
  ])
  return json({ query: { ...query, page }, total, documents, types })
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
  const timeZone = useTimeZone()
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

  const loading = navigation.state === 'loading' && navigation.location.pathname === '/documents-new'
  const publishingId = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'publish' ? navigation.formData.get('documentId') : null
  const emptyTitle = loading ? 'Loading documents...' : 'No documents found.'

  return (
    <>
      <ListPage
        title="Document Management"
        subtitle="Upload, find and share the agency's forms, policies and records"
        actions={
          canWrite ? (
            <Link to={`/documents-new/upload${search}`} preventScrollReset className={buttonClassName('primary')}>
              Upload Document
            </Link>
          ) : null
        }
        filters={{
          label: 'Search and filter documents',
          fields: [
            { type: 'search', placeholder: 'Name or description', value: query.q },
            { type: 'select', name: 'category', label: 'Category', value: query.category, options: [{ value: '', label: 'All Categories' }, ...DOCUMENT_CATEGORIES] },
            // Offered once there are types to choose from.
            ...(types.length > 0
              ? [
                  {
                    type: 'select',
                    name: 'type',
                    label: 'Document Type',
                    value: query.type,
                    options: [{ value: '', label: 'All Types' }, ...types.map((type) => ({ value: type.id, label: type.name }))],
                  } as const,
                ]
              : []),
          ],
        }}
        heading="Documents"
        total={total}
        rows={documents}
        rowKey={(document) => document.id}
        columns={[
          {
            header: 'Name',
            sort: 'name',
            rowHeader: true,
            className: 'max-w-xs',
            cell: (document) => (
              <>
                {document.name}
                {document.description ? <span className="mt-1 block text-xs font-normal text-slate-600">{document.description}</span> : null}
                {document.documentType ? (
                  <span className="mt-1 block text-xs font-normal text-slate-600">Type: {document.documentType.name}</span>
                ) : null}
                {document.boldsignTemplateId ? <TemplateStatus document={document} /> : null}
              </>
            ),
          },
          {
            header: 'Category',
            cell: (document) => (
              <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">{categoryLabel(document.category)}</span>
            ),
          },
          { header: 'Size', className: 'whitespace-nowrap', cell: (document) => formatFileSize(document.fileSize) },
          { header: 'Downloads', cell: (document) => document.downloadCount },
          {
            header: 'Uploaded',
            sort: 'created',
            className: 'whitespace-nowrap',
            cell: (document) => (
              <>
                {formatDate(document.createdAt, timeZone)}
                <span className="block text-xs text-slate-600">by {document.uploadedBy}</span>
              </>
            ),
          },
          {
            header: 'Actions',
            cell: (document) => <DocumentActions document={document} canWrite={canWrite} search={search} publishing={publishingId === document.id} />,
          },
        ]}
        empty={{ noRecords: { title: emptyTitle }, noMatches: { title: emptyTitle } }}
        pagination={{ page: query.page, pageSize: DOCUMENT_PAGE_SIZE, noun: 'documents', wording: 'to' }}
        sort={{ current: query.sort, options: DOCUMENT_SORT_OPTIONS }}
        outlet={outlet}
      />
      {/* One form for the page: each row's Publish button names its document (the submitter's name and value). */}
      {canWrite ? (
        <Form id={PUBLISH_FORM_ID} method="post" preventScrollReset hidden>
          <input type="hidden" name="intent" value="publish" />
        </Form>
      ) : null}
    </>
  )
}

const PUBLISH_FORM_ID = 'publish-document'

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

function DocumentActions({ document, canWrite, search, publishing }: { document: DocumentRow; canWrite: boolean; search: string; publishing: boolean }) {
  const downloadHref = `/api/documents/${document.id}/download`
  return (
    <ActionMenu label={`Actions for ${document.name}`} buttonText={publishing ? 'Publishing...' : 'Actions'}>
      <ActionMenuAnchor href={downloadHref} target="_blank" rel="noreferrer">
        Download
      </ActionMenuAnchor>
      {canWrite ? (
        <>
          <ActionMenuLink to={`/documents-new/${document.id}/edit${search}`}>Edit</ActionMenuLink>
          <ActionMenuSubmit
            form={PUBLISH_FORM_ID}
            name="documentId"
            value={document.id}
            disabled={publishing || document.mimeType !== 'application/pdf'}
            aria-label={`Publish as a BoldSign template: ${document.name}`}
          >
            {publishing ? 'Publishing...' : 'Publish Bold Template'}
          </ActionMenuSubmit>
          <ActionMenuLink to={`/documents-new/${document.id}/delete${search}`} className="text-red-800">
            Delete
          </ActionMenuLink>
        </>
      ) : null}
    </ActionMenu>
  )
}
