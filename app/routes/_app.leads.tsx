import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useLocation, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { ActionMenu, ActionMenuLink } from '~/components/action-menu'
import { keepPageUnderDialogs } from '~/components/keep-page-under-dialogs'
import { assessmentPrefill, scheduleHref } from '~/features/calendar/schedule-links'
import { EmailAddress } from '~/components/email-address'
import { ListPage, recordLinkClassName } from '~/components/list-page'
import { PhoneNumber } from '~/components/phone-number'
import { StatusBadge } from '~/components/status-badge'
import { buttonClassName } from '~/components/ui/button'
import { listLeads } from '~/features/leads/leads.server'
import { LEAD_SORT_OPTIONS, LEAD_SOURCES, LEAD_STATUS_FILTER_OPTIONS, effectiveStatus, sourceLabel } from '~/features/leads/options'
import { parseLeadListQuery } from '~/features/leads/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan } from '~/platform/auth/user'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Lead Management | Healthcare Portal' }]

// The Send E-Signature Request dialog's steps change the query; the list behind is read again when it closes.
export const shouldRevalidate = keepPageUnderDialogs(() => '/leads')

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const query = parseLeadListQuery(new URL(request.url).searchParams)
  const { total, page, leads } = await listLeads(query, userActor(request, user))
  return json({ query: { ...query, page }, total, leads })
}

type LeadRow = ReturnType<typeof useLoaderData<typeof loader>>['leads'][number]

export default function LeadsPage() {
  const { query, total, leads } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const { search } = useLocation()
  const canWrite = useCan('records:write')
  const name = (lead: LeadRow) => `${lead.firstName} ${lead.lastName}`
  const actions = (lead: LeadRow) => <LeadActions lead={lead} search={search} canWrite={canWrite} />
  const addLead = (label: string) =>
    canWrite ? (
      <Link to={`/leads/new${search}`} preventScrollReset className={buttonClassName('primary')}>
        {label}
      </Link>
    ) : null

  return (
    <ListPage
      title="Lead Management"
      subtitle="Manage and track all your leads"
      actions={addLead('Add New Lead')}
      filters={{
        label: 'Search and filter leads',
        fields: [
          { type: 'search', placeholder: 'Name, email or phone', value: query.q },
          { type: 'select', name: 'status', label: 'Status', value: query.status, options: LEAD_STATUS_FILTER_OPTIONS },
          { type: 'select', name: 'source', label: 'Source', value: query.source, options: [{ value: '', label: 'All Sources' }, ...LEAD_SOURCES] },
        ],
      }}
      total={total}
      rows={leads}
      rowKey={(lead) => lead.id}
      view={{ current: query.view, order: ['cards', 'table'] }}
      columns={[
        {
          header: 'Name',
          sort: 'name',
          rowHeader: true,
          cell: (lead) => (
            <Link to={`/leads/${lead.id}`} className={recordLinkClassName}>
              {name(lead)}
            </Link>
          ),
        },
        { header: 'Email', cell: (lead) => <EmailAddress address={lead.email} /> },
        { header: 'Phone', cell: (lead) => <PhoneNumber number={lead.phone} /> },
        // On the card and the lead's page too.
        { header: 'Source', wideOnly: true, cell: (lead) => sourceLabel(lead.source) },
        { header: 'Status', sort: 'status', cell: (lead) => <StatusBadge status={effectiveStatus(lead.status)} /> },
        { header: 'Actions', cell: actions },
      ]}
      card={(lead) => ({
        title: name(lead),
        to: `/leads/${lead.id}`,
        subtitle: <span className="font-mono">#{lead.id.slice(0, 8)}</span>,
        badge: <StatusBadge status={effectiveStatus(lead.status)} />,
        details: [
          ['Email', <EmailAddress key="email" address={lead.email} />],
          ['Phone', <PhoneNumber key="phone" number={lead.phone} />],
          ['Source', sourceLabel(lead.source)],
        ],
        actions: actions(lead),
      })}
      empty={{
        noRecords: { title: 'No leads found', action: addLead('Add Your First Lead') },
        noMatches: { title: 'No leads match these filters' },
      }}
      pagination={{ page: query.page, pageSize: query.pageSize, wording: 'to' }}
      sort={{ current: query.sort, options: LEAD_SORT_OPTIONS }}
      outlet={outlet}
    />
  )
}

/** The row's actions behind one menu; the name opens the record. */
function LeadActions({ lead, search, canWrite }: { lead: LeadRow; search: string; canWrite: boolean }) {
  // Every action changes something (sending for signature included): a reader opens the record by its name.
  if (!canWrite) return null
  return (
    <ActionMenu label={`Actions for ${lead.firstName} ${lead.lastName}`}>
      <ActionMenuLink to={`/leads/edit/${lead.id}${search}`}>View/Edit</ActionMenuLink>
      <ActionMenuLink to={`/leads/esign/${lead.id}${search}`}>E-Sign</ActionMenuLink>
      <ActionMenuLink to={scheduleHref(assessmentPrefill(lead.id), `/leads${search}`)}>Schedule assessment</ActionMenuLink>
      <ActionMenuLink to={`/leads/delete/${lead.id}${search}`} className="text-red-800">
        Delete
      </ActionMenuLink>
    </ActionMenu>
  )
}
