/**
 * Portal signing fields: their types and the rules both the signing page and
 * the server apply to what a signer enters. No Zod, so pages may import it.
 */
export const PORTAL_FIELD_TYPES = ['signature', 'initials', 'date_signed', 'full_name', 'text', 'checkbox'] as const
export type PortalFieldType = (typeof PORTAL_FIELD_TYPES)[number]

export const PORTAL_FIELD_LABELS: Record<PortalFieldType, string> = {
  signature: 'Signature',
  initials: 'Initials',
  date_signed: 'Date signed',
  full_name: 'Full name',
  text: 'Text',
  checkbox: 'Checkbox',
}

export function isPortalFieldType(value: unknown): value is PortalFieldType {
  return typeof value === 'string' && (PORTAL_FIELD_TYPES as readonly string[]).includes(value)
}

export const TEXT_VALUE_MAX = 500
export const SIGNATURE_TEXT_MAX = 100
export const DECLINE_REASON_MAX = 1000

/** Filled by the portal, not typed: the adopted signature, its initials, the date. */
export function isAutomaticField(type: PortalFieldType) {
  return type === 'signature' || type === 'initials' || type === 'date_signed'
}

/** 'Maria del Carmen Garcia' → 'MDCG'. */
export function initialsOf(name: string) {
  return name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join('')
    .slice(0, 6)
}

/** 'November 25, 2026': the date signed as the signer reads it (UTC). */
export function dateSignedText(date: Date) {
  // Written into the signed record when a signature is kept, never rendered: nothing to hand over (ADR 0026).
  // eslint-disable-next-line no-restricted-syntax
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

type RuleField = { id: string; type: PortalFieldType; label: string; required: boolean }

/**
 * What the signer's answers make of each field: the value to store, or the
 * message shown next to it. `answers` are the posted form values by field id;
 * the adopted signature fills signature, initials and date fields.
 */
export function resolveFieldValues(fields: RuleField[], answers: Record<string, string | undefined>, adopted: { signatureText: string; signedAt: Date }) {
  const values: Record<string, string | null> = {}
  const errors: Record<string, string> = {}
  const signature = adopted.signatureText.trim()
  for (const field of fields) {
    const raw = (answers[field.id] ?? '').trim()
    let value: string | null
    switch (field.type) {
      case 'signature':
        value = signature || null
        break
      case 'initials':
        value = signature ? initialsOf(signature) : null
        break
      case 'date_signed':
        value = signature ? dateSignedText(adopted.signedAt) : null
        break
      case 'checkbox':
        value = raw === 'on' || raw === 'true' ? 'true' : null
        break
      default:
        value = raw || null
    }
    if (value && field.type === 'text' && value.length > TEXT_VALUE_MAX) {
      errors[field.id] = `${field.label} must be at most ${TEXT_VALUE_MAX} characters`
      continue
    }
    if (value === null && field.required) {
      errors[field.id] = isAutomaticField(field.type) ? 'Type your name to adopt your signature' : field.type === 'checkbox' ? `Tick ${field.label}` : `Enter ${field.label}`
      continue
    }
    values[field.id] = value
  }
  return { values, errors }
}
