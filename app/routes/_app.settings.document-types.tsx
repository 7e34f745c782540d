import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData, useOutlet } from '@remix-run/react'
import { useDialogOutletOnly } from '~/components/route-dialog'
import { buttonClassName } from '~/components/ui/button'
import { listDocumentTypes } from '~/features/document-types/document-types.server'
import { DOCUMENT_TYPES_PATH } from '~/features/document-types/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { cn } from '~/lib/misc'
import { useCan } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Document Types | Settings | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const documentTypes = await listDocumentTypes()
  return json({
    documentTypes: documentTypes.map((documentType) => ({
      id: documentType.id,
      name: documentType.name,
      description: documentType.description,
      ghlTag: documentType.ghlTag,
      isActive: documentType.isActive,
      displayOrder: documentType.displayOrder,
    })),
  })
}

export default function DocumentTypesTab() {
  const { documentTypes } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const canWrite = useCan('records:write')
  if (useDialogOutletOnly(outlet)) return outlet

  return (
    <section aria-labelledby="tab-heading">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="tab-heading" className="text-lg font-semibold">
            Document Types
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Each document type carries the GoHighLevel tag applied to contacts for documents of that type.
          </p>
        </div>
        {canWrite ? (
          <Link to={`${DOCUMENT_TYPES_PATH}/new`} preventScrollReset className={buttonClassName('primary')}>
            Add Document Type
          </Link>
        ) : null}
      </div>

      {documentTypes.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-medium">No document types yet</p>
          {canWrite ? (
            <div className="mt-4 flex justify-center">
              <Link to={`${DOCUMENT_TYPES_PATH}/new`} preventScrollReset className={buttonClassName('primary')}>
                Add Your First Document Type
              </Link>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Document types, in display order</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                {['Name', 'Description', 'GHL Tag', 'Active', 'Display Order', ...(canWrite ? ['Actions'] : [])].map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold text-slate-700">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {documentTypes.map((documentType) => (
                <tr key={documentType.id}>
                  <th scope="row" className="px-4 py-3 text-left font-medium">
                    {documentType.name}
                  </th>
                  <td className="max-w-md px-4 py-3 text-slate-700">
                    {documentType.description || <span className="text-slate-500">—</span>}
                  </td>
                  <td className="px-4 py-3">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{documentType.ghlTag}</code>
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={cn(
                        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                        documentType.isActive ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700',
                      )}
                    >
                      {documentType.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td className="px-4 py-3 tabular-nums">{documentType.displayOrder}</td>
                  {canWrite ? (
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap gap-2">
                        <Link
                          to={`${DOCUMENT_TYPES_PATH}/${documentType.id}/edit`}
                          preventScrollReset
                          className={buttonClassName('secondary', 'sm')}
                          aria-label={`Edit ${documentType.name}`}
                        >
                          Edit
                        </Link>
                        <Link
                          to={`${DOCUMENT_TYPES_PATH}/${documentType.id}/delete`}
                          preventScrollReset
                          className={buttonClassName('ghost', 'sm')}
                          aria-label={`Delete ${documentType.name}`}
                        >
                          Delete
                        </Link>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {outlet}
    </section>
  )
}
