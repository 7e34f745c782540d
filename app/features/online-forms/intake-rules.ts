import type { FormField, FormFieldType, FormSubmissionStatus } from './form-fields'

/**
 * The hosted intake form's rules and texts, free of Zod: the public page
 * renders with them and intake-schema.ts checks answers with the same
 * functions, so the page and the server say the same words.
 */

/** The consent statement a respondent checks to sign by typing their name. */
export const SIGNATURE_CONSENT_TEXT =
  'I agree that typing my name above is my electronic signature and has the same effect as my handwritten signature.'

export const INTAKE_LINK_USED_MESSAGE = 'This form has already been submitted'
export const INTAKE_LINK_EXPIRED_MESSAGE = 'This link has expired'
export const INTAKE_LINK_NOT_FOUND_MESSAGE = 'This form link is not valid'
export const INTAKE_TOO_MANY_MESSAGE = 'Too many requests. Please wait a few minutes and try again.'
export const INTAKE_SUBMITTED_TITLE = 'Thank you! Your form has been submitted.'

/** How long a sent link stays usable. */
export const INTAKE_LINK_DAYS = 14

/** Longest answers, per type (a signature is a name). */
export const ANSWER_MAX_LENGTH: Record<FormFieldType, number> = {
  text: 2000,
  email: 254,
  tel: 30,
  date: 10,
  signature: 200,
  checkbox: 200,
  radio: 200,
  dropdown: 200,
  number: 30,
}

export const SUBMISSION_STATUS_LABELS: Record<FormSubmissionStatus, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  completed: 'Completed',
  signed: 'Signed',
}

export function submissionStatusLabel(status: string) {
  return SUBMISSION_STATUS_LABELS[status as FormSubmissionStatus] ?? status
}

/**
 * The input's name for the field at `index`: PDF field names hold dots and
 * brackets, which form parsers read as nesting, so inputs are numbered.
 */
export function answerInputName(index: number) {
  return `f${index}`
}
export const SIGNATURE_CONSENT_INPUT = 'signatureConsent'

/** A checkbox without options is one yes/no box; with options it is a multiple choice. */
export function isMultipleChoice(field: FormField) {
  return field.type === 'checkbox' && (field.options?.length ?? 0) > 0
}

export function hasSignatureField(fields: readonly FormField[]) {
  return fields.some((field) => field.type === 'signature')
}

/** A signature field is always required: the form cannot be signed without it. */
export function isAnswerRequired(field: FormField) {
  return field.required || field.type === 'signature'
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const NUMBER = /^-?\d+(\.\d+)?$/

function isRealDate(value: string) {
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export function requiredMessage(field: FormField) {
  if (field.type === 'signature') return 'Type your full name to sign'
  if (field.type === 'checkbox' && !isMultipleChoice(field)) return `Check this box: ${field.label}`
  if (FIELD_CHOICE_TYPES.has(field.type)) return `Choose an answer for ${field.label}`
  return `${field.label} is required`
}

const FIELD_CHOICE_TYPES = new Set<FormFieldType>(['radio', 'dropdown', 'checkbox'])

/**
 * What is wrong with one answer, or undefined. `value` is as the form sends
 * it: a string (blank is no answer), a list for a multiple choice, 'on' or
 * nothing for a yes/no box.
 */
export function checkAnswer(field: FormField, value: string | string[] | undefined): string | undefined {
  const values = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => item.trim()).filter(Boolean)
  if (values.length === 0) return isAnswerRequired(field) ? requiredMessage(field) : undefined
  const max = ANSWER_MAX_LENGTH[field.type]
  if (values.some((item) => item.length > max)) return `Use at most ${max} characters`
  const [first] = values as [string, ...string[]]
  switch (field.type) {
    case 'email':
      return EMAIL.test(first) ? undefined : 'Enter a valid email address, like name@example.com'
    case 'tel': {
      const digits = first.replace(/\D/g, '').length
      return PHONE_CHARACTERS.test(first) && digits >= 7 && digits <= 15 ? undefined : 'Enter a valid phone number'
    }
    case 'date':
      return isRealDate(first) ? undefined : 'Enter a valid date'
    case 'number':
      return NUMBER.test(first) ? undefined : 'Enter a number'
    case 'radio':
    case 'dropdown':
      if (values.length > 1) return 'Choose only one answer'
      return field.options?.length && !field.options.includes(first) ? 'Choose one of the listed answers' : undefined
    case 'checkbox':
      if (!isMultipleChoice(field)) return undefined
      return values.every((item) => field.options!.includes(item)) ? undefined : 'Choose from the listed answers'
    default:
      return undefined
  }
}

export function checkSignatureConsent(fields: readonly FormField[], consent: string | undefined) {
  if (!hasSignatureField(fields)) return undefined
  return consent ? undefined : 'Check the box to agree to sign electronically'
}

/** The input a field is rendered as, for phones: the keyboard and what the browser may fill in. */
export function inputAttributesFor(field: FormField): { type: string; inputMode?: 'email' | 'tel' | 'decimal'; autoComplete?: string } {
  const wording = `${field.name} ${field.label}`.toLowerCase()
  const auto = autoCompleteFor(wording)
  switch (field.type) {
    case 'email':
      return { type: 'email', inputMode: 'email', autoComplete: 'email' }
    case 'tel':
      return { type: 'tel', inputMode: 'tel', autoComplete: /emergency|physician|doctor/.test(wording) ? 'off' : 'tel' }
    case 'date':
      return { type: 'date', autoComplete: /birth|dob/.test(wording) ? 'bday' : 'off' }
    case 'number':
      return { type: 'text', inputMode: 'decimal', autoComplete: 'off' }
    case 'signature':
      return { type: 'text', autoComplete: 'name' }
    default:
      return { type: 'text', autoComplete: auto ?? 'off' }
  }
}

function autoCompleteFor(wording: string) {
  if (/emergency|physician|doctor|insurance/.test(wording)) return undefined
  if (/first\s*name|given/.test(wording)) return 'given-name'
  if (/last\s*name|surname|family name/.test(wording)) return 'family-name'
  if (/zip|postal/.test(wording)) return 'postal-code'
  if (/\bcity\b|town/.test(wording)) return 'address-level2'
  if (/\bstate\b/.test(wording)) return 'address-level1'
  if (/address|street/.test(wording)) return 'street-address'
  if (/full name|^name\b|\bname$/.test(wording)) return 'name'
  return undefined
}

/** A stored answer as people read it. */
export function answerText(value: unknown) {
  if (value === true) return 'Yes'
  if (value === false || value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—'
  return String(value)
}
