import { useId } from 'react'
import { cn } from '~/lib/misc'
import { formatDateTime } from '~/lib/time'
import { useTimeZone } from '~/platform/auth/user'

function RecordPanel({ title, className, children }: { title: string; className?: string; children: React.ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={cn('rounded-lg border border-slate-200 bg-white p-5', className)}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A record's audit trail (from readRecordHistory), newest first: what happened, who did it and when. */
export function RecordHistory({
  title,
  entries,
  emptyText = 'No entries yet.',
  className,
}: {
  title: string
  entries: ReadonlyArray<{ id: string; at: string; who: string; what: string }>
  emptyText?: string
  className?: string
}) {
  const timeZone = useTimeZone()
  return (
    <RecordPanel title={title} className={className}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ol className="flex flex-col gap-3 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-slate-900">{entry.what}</p>
              <p className="text-xs text-slate-600">
                {entry.who} · <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </RecordPanel>
  )
}

/** Who opened a record (from readRecordViewers): views and the last one, per person. */
export function RecordViewers({
  viewers,
  className,
}: {
  viewers: ReadonlyArray<{ name: string; email: string | null; views: number; lastViewedAt: string }>
  className?: string
}) {
  const timeZone = useTimeZone()
  return (
    <RecordPanel title="Viewed by" className={className}>
      <ul className="flex flex-col gap-2 text-sm">
        {viewers.map((viewer) => (
          <li key={`${viewer.name}-${viewer.email}`}>
            <span className="font-medium">{viewer.name}</span>
            <span className="block text-slate-600">
              {viewer.views} {viewer.views === 1 ? 'view' : 'views'}, last {formatDateTime(viewer.lastViewedAt, timeZone)}
            </span>
          </li>
        ))}
      </ul>
    </RecordPanel>
  )
}
