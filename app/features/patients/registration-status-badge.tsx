import { StatusBadge } from '~/components/status-badge'
import { registrationStatusLabel } from '~/features/patients/options'

/** 'Complete' or 'In Progress' as the spec shows them, with how far the registration has come. */
export function RegistrationStatusBadge({ status, progress }: { status: string; progress?: number }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <StatusBadge status={status === 'complete' ? 'complete' : 'in-progress'} label={registrationStatusLabel(status)} />
      {status === 'pending-review' ? (
        <span className="text-xs text-amber-800">Awaiting review</span>
      ) : status !== 'complete' && progress !== undefined ? (
        <span className="text-xs text-slate-600">{progress}% done</span>
      ) : null}
    </span>
  )
}
