import { StatusBadge } from '~/components/status-badge'
import { formatDateTime } from '~/lib/time'
import { submissionStatusLabel } from './intake-rules'
import { CopyableLink } from './submission-list'

/** Each status's icon beside its badge (decorative: the badge says the status). */
const STATUS_ICON_PATHS: Record<string, string> = {
  sent: 'M3 11 21 3l-8 18-2-8-8-2Z',
  viewed: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  completed: 'M5 12l5 5L20 7',
  signed: 'M4 20h16M6 16l9.5-9.5a2.1 2.1 0 0 1 3 3L9 19H6v-3Z',
}

export function SubmissionStatusIcon({ status }: { status: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-600" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d={STATUS_ICON_PATHS[status] ?? 'M12 8v4m0 4h.01M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z'} />
    </svg>
  )
}

/** The link's e-mail: Queued while the outbox holds it, then Sent or Failed as delivery ended. */
function EmailBadge({ row }: { row: Pick<SubmissionRowView, 'emailSent' | 'emailStatus'> }) {
  if (row.emailStatus === 'queued') return <StatusBadge status="queued" label="Queued" className="ml-auto" />
  const sent = row.emailSent || row.emailStatus === 'sent'
  return <StatusBadge status={sent ? 'completed' : 'failed'} label={sent ? 'Sent' : 'Failed'} className="ml-auto" />
}

export type SubmissionRowView = {
  id: string
  leadId: string | null
  leadEmail: string | null
  formTitle: string
  formType: string
  status: string
  emailSent: boolean
  /** queued | sent | failed: the link's e-mail in the outbox; null when none was queued. */
  emailStatus?: string | null
  sentAt: string
  viewedAt: string | null
  completedAt: string | null
  link: string | null
  linkExpired: boolean
}

/** Settings → Email Templates → Form Submissions: one card per submission (the spec's list). */
export function SubmissionCards({ rows, timeZone }: { rows: SubmissionRowView[]; timeZone: string }) {
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id} className="rounded-md border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center gap-2">
            <SubmissionStatusIcon status={row.status} />
            <StatusBadge status={row.status} label={submissionStatusLabel(row.status)} />
            <span className="font-medium">{row.formTitle}</span>
            <span className="text-sm text-slate-600">
              {/* The spec shows a submission by the first 8 characters of its lead's id. */}
              #{row.leadId ? row.leadId.slice(0, 8) : 'no lead'}
            </span>
            <EmailBadge row={row} />
          </div>
          {row.leadEmail ? <p className="mt-1 break-words text-sm text-slate-700">{row.leadEmail}</p> : null}
          <ol aria-label="Timeline" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            <li>Sent {formatDateTime(row.sentAt, timeZone)}</li>
            <li>{row.viewedAt ? `Viewed ${formatDateTime(row.viewedAt, timeZone)}` : 'Not viewed yet'}</li>
            <li>{row.completedAt ? `Completed ${formatDateTime(row.completedAt, timeZone)}` : 'Not completed yet'}</li>
            {row.linkExpired ? <li>Link expired</li> : null}
          </ol>
          {row.link ? (
            <div className="mt-2">
              <CopyableLink url={row.link} label="Form link" />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
