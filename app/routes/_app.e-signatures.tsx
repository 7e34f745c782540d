import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { ListPage, recordLinkClassName } from '~/components/list-page'
import { StatusBadge } from '~/components/status-badge'
import { ESIGN_STATUSES, ESIGN_PROVIDERS, ESIGN_STATUS_LABELS, PORTAL_PROVIDER, PORTAL_PROVIDER_LABEL, PROVIDER_LABELS } from '~/features/esign/options'
import { parseEsignListQuery } from '~/features/esign/forms.server'
import { listEsignRequests } from '~/features/esign/queries.server'
import { esignProviderLabel, esignStatusLabel } from '~/features/esign/request-list'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useTimeZone } from '~/platform/auth/user'
import { formatDateTime } from '~/lib/time'

export const meta: MetaFunction = () => [{ title: 'E-Signatures | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const query = parseEsignListQuery(new URL(request.url).searchParams)
  const { total, page, requests } = await listEsignRequests(query, userActor(request, user), { pastTheEnd: 'last-page' })
  return json({
    query: { ...query, page },
    total,
    requests: requests.map((row) => ({
      id: row.id,
      title: row.title,
      provider: row.provider,
      status: row.status,
      isTest: row.isTest,
      leadId: row.leadId,
      recipientName: row.lead ? `${row.lead.firstName} ${row.lead.lastName}` : row.recipientName,
      lastError: row.lastError,
      createdAt: row.createdAt,
    })),
  })
}

const STATUS_OPTIONS = [{ value: '', label: 'All Statuses' }, ...ESIGN_STATUSES.map((value) => ({ value, label: ESIGN_STATUS_LABELS[value] }))]
const PROVIDER_OPTIONS = [
  { value: '', label: 'All Providers' },
  ...ESIGN_PROVIDERS.map((value) => ({ value, label: PROVIDER_LABELS[value] })),
  { value: PORTAL_PROVIDER, label: PORTAL_PROVIDER_LABEL },
]

/** Where documents for signature come from: the document library's upload, its BoldSign templates and its list. */
const ACTION_CARDS = [
  { title: 'Upload New Document', description: 'Add a PDF to the document library.', to: '/documents-new/upload' },
  {
    title: 'Create Template',
    description: "Publish a library PDF as a BoldSign template: its row's Actions → Publish Bold Template.",
    to: '/documents-new?category=forms',
  },
  { title: 'View Library', description: 'Browse every document, signed copies included.', to: '/documents-new' },
  { title: 'Sign in the Portal', description: 'Send a library PDF for signature by link, no provider account needed.', to: '/e-signatures/new-portal' },
] as const

type RequestRow = ReturnType<typeof useLoaderData<typeof loader>>['requests'][number]

export default function EsignaturesPage() {
  const { query, total, requests } = useLoaderData<typeof loader>()
  const timeZone = useTimeZone()
  const badge = (row: RequestRow) => <StatusBadge status={row.status} label={esignStatusLabel(row.status)} />
  const recipient = (row: RequestRow) =>
    row.leadId ? (
      <Link to={`/leads/${row.leadId}`} className={recordLinkClassName}>
        {row.recipientName}
      </Link>
    ) : (
      row.recipientName
    )
  return (
    <ListPage
      title="E-Signatures"
      subtitle="Documents sent for signature and where each one stands"
      intro={
        <nav aria-label="Documents for signature" className="mb-6">
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
            {ACTION_CARDS.map((card) => (
              <li key={card.title}>
                <Link
                  to={card.to}
                  className="flex h-full min-h-11 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  <span className="font-semibold text-blue-800">{card.title}</span>
                  <span className="text-sm text-slate-600">{card.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      }
      filters={{
        label: 'Filter signature requests',
        fields: [
          { type: 'search', name: 'lead', label: 'Lead', placeholder: 'Lead or recipient name', value: query.lead },
          { type: 'select', name: 'status', label: 'Status', value: query.status, options: STATUS_OPTIONS },
          { type: 'select', name: 'provider', label: 'Provider', value: query.provider, options: PROVIDER_OPTIONS },
        ],
      }}
      heading="Recent Documents"
      total={total}
      rows={requests}
      rowKey={(row) => row.id}
      view={{ current: query.view }}
      columns={[
        {
          header: 'Document',
          rowHeader: true,
          cell: (row) => (
            <>
              <Link to={`/e-signatures/${row.id}`} className={recordLinkClassName}>
                {row.title}
              </Link>
              {row.isTest ? <span className="block text-xs font-normal text-slate-600">Test request</span> : null}
            </>
          ),
        },
        { header: 'Recipient', cell: recipient },
        { header: 'Provider', cell: (row) => esignProviderLabel(row.provider) },
        { header: 'Status', cell: badge },
        { header: 'Requested', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.createdAt, timeZone) },
      ]}
      card={(row) => ({
        title: row.title,
        to: `/e-signatures/${row.id}`,
        subtitle: row.isTest ? 'Test request' : undefined,
        badge: badge(row),
        details: [
          ['Recipient', recipient(row)],
          ['Provider', esignProviderLabel(row.provider)],
          ['Requested', formatDateTime(row.createdAt, timeZone)],
        ],
      })}
      empty={{
        noRecords: {
          title: 'No signature requests yet',
          advice: "Send one from a lead's E-Sign action.",
          action: (
            <Link to="/leads" className="text-blue-700 underline">
              Go to leads
            </Link>
          ),
        },
        noMatches: { title: 'No signature requests match these filters' },
      }}
      pagination={{ page: query.page, pageSize: query.pageSize, noun: 'requests', label: 'Signature request pages' }}
    />
  )
}
