/**
 * Links into the new-appointment dialog. A module of their own: the lead list
 * needs them without the appointment list and its date formatting.
 */

/** The new appointment dialog over the calendar, filled in for this person, returning to `returnTo` when done. */
export function scheduleHref(prefill: Record<string, string>, returnTo: string) {
  return `/calendar/new?${new URLSearchParams({ ...prefill, redirectTo: returnTo })}`
}

/** The same dialog drawn over a person's page (`/leads/:id`, `/patients/:id`, `/caregivers/:id`), returning there. */
export function scheduleOverPageHref(prefill: Record<string, string>, page: string) {
  return `${page}/schedule?${new URLSearchParams({ ...prefill, redirectTo: page })}`
}

/**
 * The page Create Appointment is drawn over, from its route's params: the
 * person's page for `/leads/:leadId/schedule` and its like, else the calendar.
 */
export function schedulePageBehind(params: { leadId?: string; patientId?: string; caregiverId?: string }) {
  if (params.leadId) return `/leads/${params.leadId}`
  if (params.patientId) return `/patients/${params.patientId}`
  if (params.caregiverId) return `/caregivers/${params.caregiverId}`
  return '/calendar'
}

/** 'Schedule assessment' on a lead: an initial assessment for them (the title names no one: it travels to calendars). */
export function assessmentPrefill(leadId: string) {
  return { leadId, appointmentType: 'initial_assessment', title: 'Initial assessment' }
}
