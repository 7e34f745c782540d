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

/** What each placeholder stands for, for the hints next to the editor. */
export const PLACEHOLDER_HINTS: Record<EmailPlaceholder, string> = {
  firstName: "The lead's first name",
  lastName: "The lead's last name",
  intakeFormUrl: 'The link to their intake form',
  providerName: "The agency's name",
  appointmentDate: 'The appointment date',
  appointmentTime: 'The appointment time',
  location: 'Where the appointment is',
  contactUrl: 'The link to contact the agency',
}

/** Any {{...}}, so that a misspelt or spaced name is caught as well as a well-formed one. */
const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g

export function isPlaceholder(name: string): name is EmailPlaceholder {
  return (EMAIL_PLACEHOLDERS as readonly string[]).includes(name)
}

/** The names in {{...}} that are not placeholders, each once, in order of appearance. */
export function findUnknownPlaceholders(...sources: Array<string | null | undefined>) {
  const unknown = new Set<string>()
  for (const source of sources) {
    for (const match of (source ?? '').matchAll(PLACEHOLDER_PATTERN)) {
      if (!isPlaceholder(match[1]!)) unknown.add(match[1]!)
    }
  }
  return [...unknown]
}

/** The message next to a field that uses names that are not placeholders. */
export function unknownPlaceholdersMessage(names: readonly string[]) {
  const braced = (list: readonly string[]) => list.map((name) => `{{${name}}}`).join(', ')
  const label = names.length === 1 ? 'Unknown placeholder' : 'Unknown placeholders'
  return `${label}: ${braced(names)}. Use only ${braced(EMAIL_PLACEHOLDERS)}.`
}

/** Replaces each known {{name}} with its value, passed through `encode`; unknown ones stay as written. */
export function fillPlaceholders(source: string, values: PlaceholderValues, encode: (value: string) => string) {
  return source.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    isPlaceholder(name) ? encode(values[name] ?? '') : whole
  )
}

/** Whether the subject or the content uses this placeholder. */
export function usesPlaceholder(template: { subject: string; htmlContent: string }, name: EmailPlaceholder) {
  return [template.subject, template.htmlContent].some((source) =>
    [...source.matchAll(PLACEHOLDER_PATTERN)].some((match) => match[1] === name),
  )
}
