import { cn, titleCase } from '~/lib/misc'

/** Badge colours for lead, signature and appointment statuses; others grey. */
const STATUS_COLOURS: Record<string, string> = {
  new: 'bg-blue-100 text-blue-900',
  contacted: 'bg-indigo-100 text-indigo-900',
  qualified: 'bg-amber-100 text-amber-900',
  converted: 'bg-green-100 text-green-900',
  lost: 'bg-slate-200 text-slate-800',
  confirmed: 'bg-green-100 text-green-900',
  pending: 'bg-yellow-100 text-yellow-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  viewed: 'bg-purple-100 text-purple-900',
  scheduled: 'bg-blue-100 text-blue-900',
  failed: 'bg-red-100 text-red-900',
  complete: 'bg-green-100 text-green-900',
  'in-progress': 'bg-blue-100 text-blue-900',
  sending: 'bg-yellow-100 text-yellow-900',
  sent: 'bg-blue-100 text-blue-900',
  signed: 'bg-teal-100 text-teal-900',
  declined: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
}

export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  return (
    <span
      className={cn(
        'badge',
        STATUS_COLOURS[status] ?? 'bg-slate-100 text-slate-800',
        className,
      )}
    >
      {label ?? titleCase(status)}
    </span>
  )
}

/** Whether an account or a setting is in use: green when it is, grey when not. */
export function ActiveBadge({ active, labels: [on, off] }: { active: boolean; labels: readonly [on: string, off: string] }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700',
      )}
    >
      {active ? on : off}
    </span>
  )
}
