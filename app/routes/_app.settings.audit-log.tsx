import { parseWithZod } from '~/lib/form-input.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { ListPage, recordLinkClassName } from '~/components/list-page'
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, auditActionLabel, listAuditEntityTypes, listAuditEntries } from '~/platform/audit.server'
import { listUsers } from '~/features/users/users.server'
import { auditFilterSchema } from '~/features/audit-log/filter-schema.server'
import { describeAuditEntries } from '~/features/audit-log/audit-log.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { getEnv } from '~/platform/env.server'
import { addDays, formatTimestamp, zonedDayStart } from '~/lib/time'

export const meta: MetaFunction = () => [{ title: 'Audit Log | Settings | Healthcare Portal' }]

/** Read-only by design: this route has no action, and the database refuses changes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'audit:read')
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
      { values, options, timeZone, errors: submission.error ?? {}, total: 0, entries: [], page: 1, pageSize: AUDIT_PAGE_SIZE },
      { status: 400 },
    )
  }
  const filters = submission.value
  const { total, page, pageSize, entries } = await listAuditEntries({
    action: filters.action,
    entityType: filters.entityType,
    userId: filters.userId,
    // "From" and "to" are whole days in the agency's time zone; "to" includes its day.
    from: filters.from ? zonedDayStart(filters.from, timeZone) : undefined,
    to: filters.to ? zonedDayStart(addDays(filters.to, 1), timeZone) : undefined,
    page: filters.page,
  }, userActor(request, user))
  return json({
    values,
    options,
    timeZone,
    errors: {} as Record<string, string[] | null>,
    total,
    entries: (await describeAuditEntries(entries)).map(({ entry, record, summary, listed }) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      // Formatted on the server, in the agency's zone, so every browser shows the same.
      when: formatTimestamp(entry.createdAt, timeZone),
      who: entry.user?.name ?? entry.actorEmail ?? 'System',
      action: auditActionLabel(entry.action),
      entityType: entry.entityType,
      entityId: entry.entityId,
      record,
      summary,
      listed,
      ipAddress: entry.ipAddress,
    })),
    page,
    // The page size comes from the server: its constant does not reach the browser.
    pageSize,
  })
}

export default function AuditLog() {
  const { values, options, timeZone, errors, total, entries, page, pageSize } = useLoaderData<typeof loader>()
  const invalid = Object.values(errors).some(Boolean)
  return (
    <ListPage
      level={2}
      title="Audit Log"
      subtitle={`Every sign-in and change, newest first. Entries cannot be edited or deleted. Times are in ${timeZone}.`}
      filters={{
        label: 'Filter audit entries',
        submitLabel: 'Apply filters',
        fields: [
          { type: 'select', name: 'action', label: 'Action', value: values.action, options: [{ value: '', label: 'All actions' }, ...options.actions], errors: errors.action },
          {
            type: 'select',
            name: 'entityType',
            label: 'Entity type',
            value: values.entityType,
            options: [{ value: '', label: 'All entity types' }, ...options.entityTypes],
            errors: errors.entityType,
          },
          { type: 'select', name: 'userId', label: 'User', value: values.userId, options: [{ value: '', label: 'All users' }, ...options.users], errors: errors.userId },
          { type: 'date', name: 'from', label: 'From date', value: values.from, errors: errors.from },
          { type: 'date', name: 'to', label: 'To date', value: values.to, errors: errors.to },
        ],
      }}
      total={total}
      rows={entries}
      rowKey={(entry) => entry.id}
      caption="Audit entries, newest first"
      columns={[
        {
          header: 'When',
          rowHeader: true,
          className: 'whitespace-nowrap text-slate-700',
          cell: (entry) => <time dateTime={entry.createdAt}>{entry.when}</time>,
        },
        { header: 'Who', cell: (entry) => entry.who },
        { header: 'Action', cell: (entry) => entry.action },
        {
          header: 'Record',
          cell: (entry) => (
            <>
              {entry.record ? <AuditRecordName record={entry.record} /> : null}
              <span className="block text-xs text-slate-600">
                {entry.entityType}
                {entry.entityId && entry.record && !entry.record.name.includes(entry.entityId.slice(0, 8)) ? (
                  <span className="font-mono"> #{entry.entityId.slice(0, 8)}</span>
                ) : null}
              </span>
            </>
          ),
        },
        {
          header: 'Details',
          className: 'min-w-[14rem]',
          cell: (entry) => (
            <>
              {entry.summary ?? <span className="text-slate-500">—</span>}
              {entry.listed.length > 0 ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-sm text-blue-700 underline underline-offset-2">
                    Show the {entry.listed.length} shown
                  </summary>
                  <ul className="mt-1 list-disc pl-5">
                    {entry.listed.map((record) => (
                      <li key={record.id}>
                        <AuditRecordName record={record} />
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </>
          ),
        },
        { header: 'Client address', className: 'font-mono text-xs text-slate-700', cell: (entry) => entry.ipAddress ?? '—' },
      ]}
      empty={{
        noRecords: { title: 'No audit entries yet.' },
        noMatches: invalid
          ? { title: 'Correct the filters above to see audit entries.', advice: '' }
          : { title: 'No audit entries match these filters.' },
      }}
      pagination={{ page, pageSize, noun: total === 1 ? 'entry' : 'entries', label: 'Audit log pages' }}
    />
  )
}

/** A record an entry names: a link to its page while it exists, its last known name once deleted. */
function AuditRecordName({ record }: { record: { name: string; href: string | null; deleted: boolean } }) {
  if (record.href) {
    return (
      <Link to={record.href} className={recordLinkClassName}>
        {record.name}
      </Link>
    )
  }
  return <span className={record.deleted ? 'text-slate-600' : undefined}>{record.name}</span>
}
