import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { ActionMenu, ActionMenuLink } from '~/components/action-menu'
import { ListPage } from '~/components/list-page'
import { ActiveBadge } from '~/components/status-badge'
import { buttonClassName } from '~/components/ui/button'
import { listDocumentTypes } from '~/features/document-types/document-types.server'
import { DOCUMENT_TYPES_PATH } from '~/features/document-types/options'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
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
  const addLink = (label: string) =>
    canWrite ? (
      <Link to={`${DOCUMENT_TYPES_PATH}/new`} preventScrollReset className={buttonClassName('primary')}>
        {label}
      </Link>
    ) : null

  return (
    <ListPage
      level={2}
      title="Document Types"
      subtitle="Each document type carries the GoHighLevel tag applied to contacts for documents of that type."
      actions={addLink('Add Document Type')}
      total={documentTypes.length}
      rows={documentTypes}
      rowKey={(documentType) => documentType.id}
      caption="Document types, in display order"
      columns={[
        { header: 'Name', rowHeader: true, cell: (documentType) => documentType.name },
        {
          header: 'Description',
          className: 'max-w-md text-slate-700',
          cell: (documentType) => documentType.description || <span className="text-slate-500">—</span>,
        },
        {
          header: 'GHL Tag',
          cell: (documentType) => (
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{documentType.ghlTag}</code>
          ),
        },
        { header: 'Active', cell: (documentType) => <ActiveBadge active={documentType.isActive} labels={['Active', 'Inactive']} /> },
        { header: 'Display Order', className: 'tabular-nums', cell: (documentType) => documentType.displayOrder },
        ...(canWrite
          ? [
              {
                header: 'Actions',
                cell: (documentType: (typeof documentTypes)[number]) => (
                  <ActionMenu label={`Actions for ${documentType.name}`}>
                    <ActionMenuLink to={`${DOCUMENT_TYPES_PATH}/${documentType.id}/edit`}>Edit</ActionMenuLink>
                    <ActionMenuLink to={`${DOCUMENT_TYPES_PATH}/${documentType.id}/delete`} className="text-red-800">
                      Delete
                    </ActionMenuLink>
                  </ActionMenu>
                ),
              },
            ]
          : []),
      ]}
      empty={{ noRecords: { title: 'No document types yet', action: addLink('Add Your First Document Type') } }}
      outlet={outlet}
    />
  )
}
