/**
 * What the record pages need of the workflows (the automation history and
 * the 'Record milestone' form), apart from options.ts so their pages stay small.
 */

/** Triggers nothing in the portal observes: a coordinator records them on the record's page ('Record milestone'). */
export const MILESTONE_TRIGGERS = {
  patient: ['registration_confirmed', 'intake_completed', 'assessment_completed'],
  caregiver: ['welcome_acknowledged', 'documents_submitted', 'verification_passed', 'training_completed', 'assignment_active'],
} as const
export type MilestoneType = keyof typeof MILESTONE_TRIGGERS

/** 'lead_status_contacted' → 'Lead status: Contacted', 'verification_passed' → 'Verification passed'. */
export function triggerLabel(trigger: string) {
  const status = /^lead_status_(.+)$/.exec(trigger)?.[1]
  if (status) return `Lead status: ${status.charAt(0).toUpperCase()}${status.slice(1)}`
  const words = trigger.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
