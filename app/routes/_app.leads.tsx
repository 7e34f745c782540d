import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useOutlet } from '@remix-run/react'
import { FilterForm, FilterSelect, SearchField, ViewToggle } from '~/components/filters'
import { PageHeader } from '~/components/page-header'
import { PreviousNextPagination } from '~/components/pagination'
import { useDialogOutletOnly } from '~/components/route-dialog'
import { StatusBadge } from '~/components/status-badge'
import { buttonClassName } from '~/components/ui/button'
import { listLeads } from '~/features/leads/leads.server'
import { LEAD_SOURCES, LEAD_STATUS_FILTER_OPTIONS, effectiveStatus, parseLeadListQuery, sourceLabel } from '~/features/leads/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Lead Management | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const query = parseLeadListQuery(new URL(request.url).searchParams)
  const { total, leads } = await listLeads(query)
  return json({ query, total, leads })
}

type LeadRow = ReturnType<typeof useLoaderData<typeof loader>>['leads'][number]

export default function LeadsPage() {
  const { query, total, leads } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const { search } = useLocation()
  const canWrite = useCan('records:write')
  if (useDialogOutletOnly(outlet)) return outlet

  const filtered = Boolean(query.q || query.status || query.source)

  return (
    <>
      <PageHeader
        title="Lead Management"
        subtitle="Manage and track all your leads"
        actions={
          canWrite ? (
            <Link to={`new${search}`} preventScrollReset className={buttonClassName('primary')}>
              Add New Lead
            </Link>
          ) : null
        }
      />
      <FilterForm label="Search and filter leads">
        <input type="hidden" name="view" value={query.view} />
        <SearchField id="lead-search" defaultValue={query.q} placeholder="Name, email or phone" />
        <FilterSelect id="lead-status" name="status" label="Status" defaultValue={query.status ?? ''} options={LEAD_STATUS_FILTER_OPTIONS} />
        <FilterSelect
          id="lead-source"
          name="source"
          label="Source"
          defaultValue={query.source ?? ''}
          options={[{ value: '', label: 'All Sources' }, ...LEAD_SOURCES]}
        />
        <button type="submit" className={buttonClassName('secondary')}>
          Search
        </button>
        {filtered ? (
          <Link to={`?view=${query.view}`} className="py-2 text-sm text-blue-700 underline">
            Clear filters
          </Link>
        ) : null}
        <ViewToggle current={query.view} order={['cards', 'table']} className="ml-auto" />
      </FilterForm>

      {leads.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-medium">No leads found</p>
          <div className="mt-4 flex justify-center gap-3">
            {filtered ? (
              <Link to={`?view=${query.view}`} className={buttonClassName('secondary')}>
                Clear search and filters
              </Link>
            ) : null}
            {canWrite ? (
              <Link to={`new${search}`} preventScrollReset className={buttonClassName('primary')}>
                Add Your First Lead
              </Link>
            ) : null}
          </div>
        </div>
      ) : query.view === 'table' ? (
        <LeadTable leads={leads} search={search} canWrite={canWrite} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {leads.map((lead) => (
            <li key={lead.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h2 className="font-semibold">
                    <Link to={`/leads/${lead.id}`} className="hover:underline">
                      {lead.firstName} {lead.lastName}
                    </Link>
                  </h2>
                  <p className="font-mono text-xs text-slate-600">#{lead.id.slice(0, 8)}</p>
                </div>
                <StatusBadge status={effectiveStatus(lead.status)} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">Email</dt>
                <dd className="truncate">{lead.email}</dd>
                <dt className="text-slate-600">Phone</dt>
                <dd>{lead.phone}</dd>
                <dt className="text-slate-600">Source</dt>
                <dd>{sourceLabel(lead.source)}</dd>
              </dl>
              <LeadActions lead={lead} search={search} canWrite={canWrite} />
            </li>
          ))}
        </ul>
      )}
      {total > 0 ? <PreviousNextPagination page={query.page} pageSize={query.pageSize} total={total} /> : null}
      {outlet}
    </>
  )
}

function LeadTable({ leads, search, canWrite }: { leads: LeadRow[]; search: string; canWrite: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left">
          <tr>
            {['Name', 'Email', 'Phone', 'Source', 'Status', 'Actions'].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <tr key={lead.id}>
              <th scope="row" className="px-4 py-3 text-left font-medium">
                <Link to={`/leads/${lead.id}`} className="hover:underline">
                  {lead.firstName} {lead.lastName}
                </Link>
              </th>
              <td className="px-4 py-3">{lead.email}</td>
              <td className="px-4 py-3">{lead.phone}</td>
              <td className="px-4 py-3">{sourceLabel(lead.source)}</td>
              <td className="px-4 py-3">
                <StatusBadge status={effectiveStatus(lead.status)} />
              </td>
              <td className="px-4 py-3">
                <LeadActions lead={lead} search={search} canWrite={canWrite} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function LeadActions({ lead, search, canWrite }: { lead: LeadRow; search: string; canWrite: boolean }) {
  const name = `${lead.firstName} ${lead.lastName}`
  return (
    <div className="flex flex-wrap gap-2">
      {canWrite ? (
        <Link to={`${lead.id}/edit${search}`} preventScrollReset className={buttonClassName('secondary', 'sm')} aria-label={`View or edit ${name}`}>
          View/Edit
        </Link>
      ) : (
        <Link to={`/leads/${lead.id}`} className={buttonClassName('secondary', 'sm')} aria-label={`View ${name}`}>
          View
        </Link>
      )}
      <Link to={`/leads/${lead.id}/esign`} className={buttonClassName('secondary', 'sm')} aria-label={`Send ${name} a document to e-sign`}>
        E-Sign
      </Link>
      {canWrite ? (
        <Link to={`${lead.id}/delete${search}`} preventScrollReset className={buttonClassName('ghost', 'sm')} aria-label={`Delete ${name}`}>
          Delete
        </Link>
      ) : null}
    </div>
  )
}
