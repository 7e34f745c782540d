import { appointmentLabel, statusBadgeClass, typeBadgeClass } from '~/features/calendar/options'
import { cn } from '~/lib/misc'

const badgeClassName = 'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium'

export function AppointmentStatusBadge({ status }: { status: string }) {
  return <span className={cn(badgeClassName, statusBadgeClass(status))}>{appointmentLabel(status)}</span>
}

export function AppointmentTypeBadge({ type }: { type: string }) {
  return <span className={cn(badgeClassName, typeBadgeClass(type))}>{appointmentLabel(type)}</span>
}
