import { BACKGROUND_CHECK_LABELS, type BackgroundCheckStatus } from '~/features/caregivers/options'
import { EXPIRY_LABELS, expiryState, formatDay } from '~/features/caregivers/expiry'
import { cn, titleCase } from '~/lib/misc'

const badgeClass = 'badge'

const STATUS_COLOURS: Record<string, string> = {
  active: 'bg-green-100 text-green-900',
  pending: 'bg-yellow-100 text-yellow-900',
  inactive: 'bg-slate-200 text-slate-800',
}

const CHECK_COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  in_progress: 'bg-blue-100 text-blue-900',
  cleared: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
}

export function CaregiverStatusBadge({ status }: { status: string }) {
  return <span className={cn(badgeClass, STATUS_COLOURS[status] ?? 'bg-slate-100 text-slate-800')}>{titleCase(status)}</span>
}

export function BackgroundCheckBadge({ status, withLabel = false }: { status: string; withLabel?: boolean }) {
  const label = BACKGROUND_CHECK_LABELS[status as BackgroundCheckStatus] ?? titleCase(status)
  return (
    <span className={cn(badgeClass, CHECK_COLOURS[status] ?? 'bg-slate-100 text-slate-800')}>
      {withLabel ? `Background: ${label}` : label}
    </span>
  )
}

/** At most `limit` specializations, then '+n more' (2 in the table, 3 on cards). */
export function SpecializationBadges({ specializations, limit }: { specializations: string[]; limit: number }) {
  if (specializations.length === 0) return <span className="text-sm text-slate-600">None listed</span>
  const shown = specializations.slice(0, limit)
  const hidden = specializations.slice(limit)
  return (
    <ul className="flex min-w-[10rem] flex-wrap gap-1" aria-label="Specializations">
      {shown.map((name) => (
        <li key={name} className={cn(badgeClass, 'bg-indigo-50 text-indigo-900 ring-1 ring-inset ring-indigo-200')}>
          {name}
        </li>
      ))}
      {hidden.length ? (
        <li className={cn(badgeClass, 'bg-slate-100 text-slate-800')} title={hidden.join(', ')}>
          +{hidden.length} more
        </li>
      ) : null}
    </ul>
  )
}

/** 'Expired' (red) or 'Expires soon' (amber) next to a date, nothing otherwise. */
export function ExpiryFlag({ expiresOn, today }: { expiresOn: string | null; today: string }) {
  const state = expiryState(expiresOn, today)
  if (!state) return null
  return (
    <span className={cn(badgeClass, state === 'expired' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900')}>
      {EXPIRY_LABELS[state]}
    </span>
  )
}

/** A date-only expiry with its flag, or 'Not given'. */
export function ExpiryDate({ expiresOn, today }: { expiresOn: string | null; today: string }) {
  if (!expiresOn) return <span className="text-slate-600">Not given</span>
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <time dateTime={expiresOn}>{formatDay(expiresOn)}</time>
      <ExpiryFlag expiresOn={expiresOn} today={today} />
    </span>
  )
}

export function ApplicationProgress({ percent }: { percent: number }) {
  return (
    <div className="rounded-md border border-blue-100 bg-blue-50 p-3">
      <p className="flex justify-between text-sm font-medium text-slate-900" id="application-progress-label">
        <span>Application Progress</span>
        <span aria-live="polite">{percent}% Complete</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby="application-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-blue-100"
      >
        <div className="h-full rounded-full bg-blue-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
