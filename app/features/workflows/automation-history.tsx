import { formatDateTime } from '~/lib/time'
import { useTimeZone } from '~/platform/auth/user'

/** A run as recordAutomationPart words it. */
export type AutomationHistoryRun = {
  id: string
  stageName: string
  status: string
  trigger: string
  scheduledFor: string
  ranAt: string | null
  outcome: string | null
  email: { text: string; failed: boolean } | null
}

/** A record's workflow runs, newest first: words from the server, no script of its own. */
export function AutomationHistory({ runs, className = '' }: { runs: readonly AutomationHistoryRun[]; className?: string }) {
  const timeZone = useTimeZone()
  return (
    <section aria-labelledby="automation-history" className={`rounded-lg border border-slate-200 bg-white p-5 ${className}`}>
      <h2 id="automation-history" tabIndex={-1} className="mb-3 text-lg font-semibold">
        Automation history
      </h2>
      {runs.length ? (
        <ol className="flex flex-col gap-3 text-sm">
          {runs.map((run) => (
            <li key={run.id} className="border-l-2 border-slate-200 pl-3">
              <p>
                <b className="font-medium">{run.stageName}</b> · {run.status}
              </p>
              <p className="text-xs text-slate-600">
                Trigger: {run.trigger} · Scheduled {formatDateTime(run.scheduledFor, timeZone)}
                {run.ranAt ? ` · Ran ${formatDateTime(run.ranAt, timeZone)}` : ''}
              </p>
              {run.outcome ? <p className="text-xs text-slate-700">{run.outcome}</p> : null}
              {run.email ? <p className={run.email.failed ? 'text-xs text-red-800' : 'text-xs text-slate-700'}>{run.email.text}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No workflow stages have run for this record.</p>
      )}
    </section>
  )
}
