/** The placeholders a template's subject and content may use, as {{name}}. */
export const EMAIL_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'intakeFormUrl',
  'providerName',
  'appointmentDate',
  'appointmentTime',
  'location',
  'contactUrl',
] as const
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number]
export type PlaceholderValues = Partial<Record<EmailPlaceholder, string | null>>

export const EMAIL_FORM_TYPES = ['intake', 'welcome', 'appointment', 'followup'] as const
export type EmailFormType = (typeof EMAIL_FORM_TYPES)[number]
