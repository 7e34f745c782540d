import { Link } from '~/components/link'
import { dialogHref } from '~/components/dialog-links'
import { StatusBadge } from '~/components/status-badge'
import { buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/misc'
import { formatDateTime } from '~/lib/time'
import { CopyField } from '~/components/copy-field'
import { submissionStatusLabel } from './intake-rules'

export const FORMS_HEADING_ID = 'forms-heading'

export function formSubmissionAnchor(id: string) {
  return `form-submission-${id}`
}

/** A form link to copy: a read-only field (selectable without JavaScript) and a Copy button with it. */
export function CopyableLink({ url, label }: { url: string; label: string }) {
  return <CopyField label={label} value={url} />
}

type LeadSubmission = {
  id: string
  formTitle: string
  status: string
  sentAt: string
  viewedAt: string | null
  completedAt: string | null
  expiresAt: string | null
  signatureName: string | null
  appliedToLeadAt: string | null
  answers: Array<{ label: string; value: string }>
  link: string | null
  linkExpired: boolean
}

/** The lead page's 'Forms' section: what was sent, how far it got, and the answers. */
export function LeadFormSubmissions({
  submissions,
  timeZone,
  here,
  canWrite,
  className,
}: {
  submissions: LeadSubmission[]
  timeZone: string
  here: string
  canWrite: boolean
  className?: string
}) {
  return (
    <section aria-labelledby={FORMS_HEADING_ID} className={cn('rounded-lg border border-slate-200 bg-white p-5', className)}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={FORMS_HEADING_ID} tabIndex={-1} className="text-lg font-semibold">
          Forms
        </h2>
        {canWrite ? (
          <Link to={dialogHref(`${here}/intake-form`, here)} preventScrollReset className={buttonClassName('secondary', 'sm')}>
            Send intake form
          </Link>
        ) : null}
      </div>
      {submissions.length === 0 ? (
        <p className="text-sm text-slate-600">No forms sent yet.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {submissions.map((submission) => {
            const done = submission.status === 'completed' || submission.status === 'signed'
            return (
              <li key={submission.id} id={formSubmissionAnchor(submission.id)} tabIndex={-1} className="scroll-mt-[40vh] rounded-md border border-slate-200 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-medium">{submission.formTitle}</h3>
                  <StatusBadge status={submission.status} label={submissionStatusLabel(submission.status)} />
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  Sent {formatDateTime(submission.sentAt, timeZone)}
                  {submission.viewedAt ? ` · Viewed ${formatDateTime(submission.viewedAt, timeZone)}` : ''}
                  {submission.completedAt ? ` · Completed ${formatDateTime(submission.completedAt, timeZone)}` : ''}
                  {submission.linkExpired ? ' · Link expired' : ''}
                </p>
                {!done && submission.link && !submission.linkExpired ? (
                  <div className="mt-3">
                    <CopyableLink url={submission.link} label={`Link to ${submission.formTitle}`} />
                  </div>
                ) : null}
                {done ? (
                  <>
                    <h4 className="mt-3 text-sm font-semibold">Answers</h4>
                    <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,14rem)_1fr]">
                      {submission.answers.map((answer, index) => (
                        <div key={index} className="contents">
                          <dt className="text-slate-600">{answer.label}</dt>
                          <dd className="break-words">{answer.value}</dd>
                        </div>
                      ))}
                      {submission.signatureName ? (
                        <div className="contents">
                          <dt className="text-slate-600">Signed by</dt>
                          <dd>{submission.signatureName}</dd>
                        </div>
                      ) : null}
                    </dl>
                    {canWrite ? (
                      <div className="mt-3 flex flex-wrap items-center gap-3">
                        <Link
                          to={dialogHref(`${here}/form-answers/${submission.id}`, here)}
                          preventScrollReset
                          className={buttonClassName('secondary', 'sm')}
                        >
                          Update lead from answers<span className="sr-only"> of {submission.formTitle}</span>
                        </Link>
                        {submission.appliedToLeadAt ? (
                          <span className="text-xs text-slate-600">Lead updated {formatDateTime(submission.appliedToLeadAt, timeZone)}</span>
                        ) : null}
                      </div>
                    ) : null}
                  </>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
