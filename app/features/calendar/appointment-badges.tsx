import { appointmentLabel, statusBadgeClass, typeBadgeClass } from '~/features/calendar/options'
import { cn } from '~/lib/misc'

const badgeClassName = 'badge'

export function AppointmentStatusBadge({ status }: { status: string }) {
  return <span className={cn(badgeClassName, statusBadgeClass(status))}>{appointmentLabel(status)}</span>
}

export function AppointmentTypeBadge({ type }: { type: string }) {
  return <span className={cn(badgeClassName, typeBadgeClass(type))}>{appointmentLabel(type)}</span>
}
