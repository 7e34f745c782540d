import { type AppointmentStatus, isActiveStatus } from '~/features/calendar/options'

/**
 * What can be done to an appointment in each status, for the page (which
 * offers only these) and the service (which refuses the rest). An active
 * appointment (scheduled or confirmed) can be changed and moved on; one that
 * is cancelled, completed or missed is the record of what happened and stays
 * as it is.
 */
export const APPOINTMENT_ACTIONS = ['edit', 'reschedule', 'confirm', 'complete', 'no_show', 'cancel'] as const
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number]

/** The status each status-changing action leads to. */
export const ACTION_STATUS = {
  confirm: 'confirmed',
  complete: 'completed',
  no_show: 'no_show',
  cancel: 'cancelled',
} as const satisfies Record<string, AppointmentStatus>
export type StatusAction = keyof typeof ACTION_STATUS

export function allowedActions(status: string): AppointmentAction[] {
  if (!isActiveStatus(status)) return []
  return APPOINTMENT_ACTIONS.filter((action) => action !== 'confirm' || status === 'scheduled')
}

export function isAllowed(status: string, action: AppointmentAction) {
  return allowedActions(status).includes(action)
}

/** The status action that takes an appointment from `from` to `to`, if one does. */
export function actionForStatus(from: string, to: string): StatusAction | undefined {
  const action = (Object.keys(ACTION_STATUS) as StatusAction[]).find((candidate) => ACTION_STATUS[candidate] === to)
  return action && isAllowed(from, action) ? action : undefined
}
