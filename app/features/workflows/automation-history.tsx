import { useId } from 'react'
import { cn } from '~/lib/misc'
import { formatDateTime } from '~/lib/time'
import { useTimeZone } from '~/platform/auth/user'
import { triggerLabel } from '~/features/workflows/options'

export type AutomationHistoryRun = {
  id: string
  stageName: string
  trigger: string
  scheduledFor: string
  ranAt: string | null
  status: string
  outcome: string | null
  email: { status: string; error: string | null } | null
}

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', completed: 'Completed', skipped: 'Skipped', failed: 'Failed' }

function emailWords(email: NonNullable<AutomationHistoryRun['email']>) {
  if (email.status === 'failed') return `E-mail failed${email.error ? `: ${email.error}` : ''}`
  if (email.status === 'sent') return 'E-mail sent'
  if (email.status === 'sending') return 'E-mail sending'
  return 'E-mail queued'
}

/** A record's workflow runs, newest first: server-rendered, no script of its own. */
export function AutomationHistory({ runs, className }: { runs: readonly AutomationHistoryRun[]; className?: string }) {
  const headingId = useId()
  const timeZone = useTimeZone()
  return (
    <section aria-labelledby={headingId} className={cn('rounded-lg border border-slate-200 bg-white p-5', className)}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        Automation history
      </h2>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600">No workflow stages have run for this record.</p>
      ) : (
        <ol className="flex flex-col gap-3 text-sm">
          {runs.map((run) => (
            <li key={run.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-slate-900">
                <span className="font-medium">{run.stageName}</span> · {STATUS_LABELS[run.status] ?? run.status}
              </p>
              <p className="text-xs text-slate-600">
                Trigger: {triggerLabel(run.trigger)} · Scheduled <time dateTime={run.scheduledFor}>{formatDateTime(run.scheduledFor, timeZone)}</time>
                {run.ranAt ? (
                  <>
                    {' '}
                    · Ran <time dateTime={run.ranAt}>{formatDateTime(run.ranAt, timeZone)}</time>
                  </>
                ) : null}
              </p>
              {run.outcome ? <p className="text-xs text-slate-700">{run.outcome}</p> : null}
              {run.email ? (
                <p className={cn('text-xs', run.email.status === 'failed' ? 'text-red-800' : 'text-slate-700')}>{emailWords(run.email)}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
