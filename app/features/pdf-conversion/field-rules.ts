import { FORM_LIMITS, type FormField, type FormFieldType } from '~/features/online-forms/form-fields'

/**
 * The rules the extraction types, labels and names fields by, kept apart from
 * the PDF reading so each can be tested on plain strings.
 */

/** A field's type from the words of its label or name ('Date of Birth' → date, 'Cell phone' → tel). */
export function fieldTypeFromWording(wording: string): FormFieldType {
  const words = splitWords(wording).join(' ')
  if (!words) return 'text'
  const mentionsDate = /\b(date|dob|d o b|birthdate|birthday)\b/.test(words)
  const mentionsSignature = /\b(signature|signed by|sign here|signatures)\b/.test(words) || /^sign\b/.test(words)
  // 'Signature Date' and 'Date signed' ask for a date; 'Signature of patient' for a signature.
  if (mentionsSignature && mentionsDate) return /\bdate$/.test(words) || /^date\b/.test(words) ? 'date' : 'signature'
  if (mentionsSignature) return 'signature'
  if (mentionsDate) return 'date'
  if (/\b(e ?mail|email address)\b/.test(words)) return 'email'
  if (/\b(phone|telephone|tel|cell|cellphone|mobile|fax)\b/.test(words)) return 'tel'
  if (/\b(zip|zipcode|postal code|age|how many|number of|no of|quantity|amount|weight|height|years|hours|number)\b/.test(words)) {
    // An identifier with letters in it ('Policy number', 'Member ID') is text, not a number.
    if (/\b(policy|member|id|license|licence|ssn|social|security|account|group|medicaid|medicare|insurance|case|record|mrn)\b/.test(words)) {
      return 'text'
    }
    return 'number'
  }
  return 'text'
}

/** A text field's type from its format action (AFDate_FormatEx, AFNumber_Format, AFSpecial_Format). */
export function fieldTypeFromFormatAction(script: string): FormFieldType | null {
  if (/AFDate_(Format|Keystroke)/.test(script)) return 'date'
  if (/AFNumber_(Format|Keystroke)|AFPercent_(Format|Keystroke)/.test(script)) return 'number'
  const special = /AFSpecial_(?:Format|Keystroke)\s*\(\s*(\d)/.exec(script)
  if (special) return special[1] === '2' ? 'tel' : special[1] === '3' ? 'text' : 'number'
  if (/AFSpecial_KeystrokeEx\s*\(\s*["']\(?999\)?/.test(script)) return 'tel'
  return null
}

/** A fillable text field's type: its format action, else its label's and name's wording. */
export function textFieldType({ label, name, scripts }: { label: string; name: string; scripts: string[] }): FormFieldType {
  for (const script of scripts) {
    const type = fieldTypeFromFormatAction(script)
    if (type) return type
  }
  const byLabel = fieldTypeFromWording(label)
  return byLabel !== 'text' ? byLabel : fieldTypeFromWording(name)
}

/** Words of a label or a field name, lowercase: 'patientDOB_2' → ['patient', 'dob', '2']. */
export function splitWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** A label as a person reads it: no leader dots or underscores, no trailing colon or asterisk, one space between words. */
export function cleanLabel(text: string): string {
  const cleaned = text
    .replace(/[_\u2026]{2,}|\.{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s:*#.\-–•]+/, '')
    .replace(/[\s:*\-–]+$/, '')
    .replace(/\(\s*required\s*\)$/i, '')
    .trim()
  return truncate(cleaned, FORM_LIMITS.maxLabelLength)
}

/** Whether a printed label marks its field as required ('Name *', 'Name (required)'). */
export function labelSaysRequired(text: string): boolean {
  return /\*\s*:?\s*$|^\s*\*|\(\s*required\s*\)/i.test(text.replace(/[_\s]+$/, ''))
}

/** A label made from a field name when the PDF gives none: 'patient.dateOfBirth' → 'Patient date of birth'. */
export function labelFromName(name: string): string {
  const words = splitWords(name.split('.').slice(-2).join(' '))
  const text = words.join(' ')
  return text ? truncate(text.charAt(0).toUpperCase() + text.slice(1), FORM_LIMITS.maxLabelLength) : 'Field'
}

/** A field name made from a label: 'Date of Birth:' → 'date_of_birth'. */
export function nameFromLabel(label: string): string {
  const words = splitWords(label).slice(0, 8)
  let name = words.join('_').slice(0, 60).replace(/_+$/, '')
  if (!name) name = 'field'
  if (/^\d/.test(name)) name = `field_${name}`
  return name
}

/** Makes names unique in order of appearance: a second 'date' becomes 'date_2'. */
export function uniqueNames<T extends { name: string }>(fields: T[]): T[] {
  const taken = new Set<string>()
  return fields.map((field) => {
    const base = truncate(field.name.trim() || 'field', FORM_LIMITS.maxNameLength - 4)
    let name = base
    for (let counter = 2; taken.has(name.toLowerCase()); counter++) name = `${base}_${counter}`
    taken.add(name.toLowerCase())
    return name === field.name ? field : { ...field, name }
  })
}

/** Options a person can choose among: trimmed, without blanks and repeats, within the limits. */
export function cleanOptions(options: string[]): string[] {
  const seen = new Set<string>()
  const cleaned: string[] = []
  for (const option of options) {
    const text = truncate(option.replace(/\s+/g, ' ').trim(), FORM_LIMITS.maxOptionLength)
    if (!text || seen.has(text.toLowerCase())) continue
    seen.add(text.toLowerCase())
    cleaned.push(text)
  }
  return cleaned.slice(0, FORM_LIMITS.maxOptions)
}

/**
 * What a question followed by printed check boxes asks for: one answer of
 * Yes/No (a radio), a sex or marital status (a radio), otherwise any number of
 * the options (a checkbox with options).
 */
export function choiceFieldType(question: string, options: string[]): 'radio' | 'checkbox' {
  const answers = new Set(options.map((option) => splitWords(option).join(' ')))
  const yesNo = [...answers].every((answer) => ['yes', 'no', 'n a', 'unsure', 'unknown', 'not sure'].includes(answer))
  if (yesNo && answers.has('yes')) return 'radio'
  if (/\b(gender|sex|marital status|marital)\b/.test(splitWords(question).join(' '))) return 'radio'
  return 'checkbox'
}

/** The healthcare intake fields used only when a PDF gives nothing at all to work with. */
export const DEFAULT_HEALTHCARE_FIELDS: readonly FormField[] = [
  { name: 'patient_name', type: 'text', label: 'Patient Name', required: true },
  { name: 'date_of_birth', type: 'date', label: 'Date of Birth', required: true },
  { name: 'phone', type: 'tel', label: 'Phone Number', required: true },
  { name: 'email', type: 'email', label: 'Email Address', required: false },
  { name: 'address', type: 'text', label: 'Address', required: false },
  { name: 'emergency_contact', type: 'text', label: 'Emergency Contact', required: false },
  { name: 'insurance_provider', type: 'text', label: 'Insurance Provider', required: false },
  { name: 'patient_signature', type: 'signature', label: 'Patient Signature', required: true },
]

export function truncate(text: string, length: number) {
  return text.length <= length ? text : text.slice(0, length).trimEnd()
}
