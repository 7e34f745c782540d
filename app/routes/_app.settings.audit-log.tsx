import { parseWithZod } from '~/lib/form-input'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { Field, SelectField } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  buildAuditPagination,
  listAuditEntityTypes,
  listAuditEntries,
} from '~/platform/audit.server'
import { listUsers } from '~/features/users/users.server'
import { auditFilterSchema } from '~/features/audit-log/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { cn } from '~/lib/misc'
import { addDays, formatTimestamp, zonedDayStart } from '~/lib/time'

export const meta: MetaFunction = () => [{ title: 'Audit Log | Settings | Healthcare Portal' }]

/** Read-only by design: this route has no action, and the database refuses changes. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'audit:read')
  const url = new URL(request.url)
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const params = url.searchParams
  const values = {
    action: params.get('action') ?? '',
    entityType: params.get('entityType') ?? '',
    userId: params.get('userId') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  }
  const entityTypes = await listAuditEntityTypes()
  const users = await listUsers()
  if (values.entityType && !entityTypes.includes(values.entityType)) entityTypes.push(values.entityType)
  const options = {
    actions: AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(action) })),
    entityTypes: entityTypes.map((type) => ({ value: type, label: type })),
    users: users.map((user) => ({
      value: user.id,
      label: `${user.name} (${user.email})${user.isActive ? '' : ' (deactivated)'}`,
    })),
  }

  const submission = parseWithZod(params, { schema: auditFilterSchema })
  if (submission.status !== 'success') {
    return json(
      { values, options, timeZone, errors: submission.error ?? {}, total: 0, entries: [], firstShown: 0, pagination: null },
      { status: 400 },
    )
  }
  const filters = submission.value
  const { total, entries } = await listAuditEntries({
    action: filters.action,
    entityType: filters.entityType,
    userId: filters.userId,
    // "From" and "to" are whole days in the agency's time zone; "to" includes its day.
    from: filters.from ? zonedDayStart(filters.from, timeZone) : undefined,
    to: filters.to ? zonedDayStart(addDays(filters.to, 1), timeZone) : undefined,
    page: filters.page,
  })
  return json({
    values,
    options,
    timeZone,
    errors: {} as Record<string, string[] | null>,
    total,
    entries: entries.map((entry) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      // Formatted on the server, in the agency's zone, so every browser shows the same.
      when: formatTimestamp(entry.createdAt, timeZone),
      who: entry.user?.name ?? entry.actorEmail ?? 'System',
      action: auditActionLabel(entry.action),
      entityType: entry.entityType,
      entityId: entry.entityId,
      ipAddress: entry.ipAddress,
    })),
    firstShown: (filters.page - 1) * AUDIT_PAGE_SIZE + 1,
    pagination: buildAuditPagination(url, filters.page, total),
  })
}

export default function AuditLog() {
  const { values, options, timeZone, errors, total, entries, firstShown, pagination } = useLoaderData<typeof loader>()
  const location = useLocation()
  const lastShown = firstShown + entries.length - 1

  return (
    <section aria-labelledby="tab-heading">
      <h2 id="tab-heading" className="mb-1 text-lg font-semibold">
        Audit Log
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Every sign-in and change, newest first. Entries cannot be edited or deleted. Times are in {timeZone}.
      </p>

      {/* Keyed by the query so the fields show the filters in force after every navigation. */}
      <Form
        key={location.search}
        method="get"
        aria-labelledby="filters-heading"
        className="mb-6 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h3 id="filters-heading" className="sr-only">
          Filters
        </h3>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <SelectField
            labelProps={{ children: 'Action' }}
            selectProps={{ name: 'action', defaultValue: values.action }}
            options={[{ value: '', label: 'All actions' }, ...options.actions]}
            errors={errors.action}
          />
          <SelectField
            labelProps={{ children: 'Entity type' }}
            selectProps={{ name: 'entityType', defaultValue: values.entityType }}
            options={[{ value: '', label: 'All entity types' }, ...options.entityTypes]}
            errors={errors.entityType}
          />
          <SelectField
            labelProps={{ children: 'User' }}
            selectProps={{ name: 'userId', defaultValue: values.userId }}
            options={[{ value: '', label: 'All users' }, ...options.users]}
            errors={errors.userId}
          />
          <Field
            labelProps={{ children: 'From date' }}
            inputProps={{ name: 'from', type: 'date', defaultValue: values.from }}
            errors={errors.from}
          />
          <Field
            labelProps={{ children: 'To date' }}
            inputProps={{ name: 'to', type: 'date', defaultValue: values.to }}
            errors={errors.to}
          />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Button type="submit">Apply filters</Button>
          <Link to="/settings/audit-log" className={buttonClassName('secondary')}>
            Clear
          </Link>
        </div>
      </Form>

      {!pagination ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Correct the filters above to see audit entries.
        </p>
      ) : entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          No audit entries match these filters.
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            Showing {firstShown}–{lastShown} of {total} {total === 1 ? 'entry' : 'entries'}
          </p>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Audit entries, newest first</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    When
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Entity
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Client address
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" className="whitespace-nowrap px-4 py-3 text-left font-normal text-slate-700">
                      <time dateTime={entry.createdAt}>{entry.when}</time>
                    </th>
                    <td className="px-4 py-3">{entry.who}</td>
                    <td className="px-4 py-3">{entry.action}</td>
                    <td className="px-4 py-3">
                      {entry.entityType}
                      {entry.entityId ? (
                        <span className="block break-all font-mono text-xs text-slate-600">{entry.entityId}</span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-700">{entry.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {pagination && pagination.pageCount > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4">
          <ul className="flex flex-wrap items-center gap-1 text-sm">
            <li>
              {pagination.previous ? (
                <Link to={pagination.previous} className={pageLinkClass(false)}>
                  Previous
                </Link>
              ) : (
                <span className={cn(pageLinkClass(false), 'text-slate-400')} aria-disabled="true">
                  Previous
                </span>
              )}
            </li>
            {pagination.pages.map((link, index) =>
              link ? (
                <li key={link.page}>
                  <Link
                    to={link.href}
                    aria-current={link.current ? 'page' : undefined}
                    aria-label={`Page ${link.page}`}
                    className={pageLinkClass(link.current)}
                  >
                    {link.page}
                  </Link>
                </li>
              ) : (
                <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-slate-500">
                  …
                </li>
              ),
            )}
            <li>
              {pagination.next ? (
                <Link to={pagination.next} className={pageLinkClass(false)}>
                  Next
                </Link>
              ) : (
                <span className={cn(pageLinkClass(false), 'text-slate-400')} aria-disabled="true">
                  Next
                </span>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </section>
  )
}

function pageLinkClass(current: boolean) {
  return cn(
    'inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3',
    current ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  )
}
