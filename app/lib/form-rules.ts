import { type Submission, parse } from '@conform-to/react'

/**
 * A form's rules as the browser checks them: built on the server from the
 * form's Zod schema (form-rules.server.ts) and sent by the loader, so the
 * page checks fields as the user leaves them without downloading Zod. The
 * server parses every submission with the schema itself.
 */
export type FieldRules = {
  /** The message for an empty field. */
  required?: string
  maxLength?: { value: number; message: string }
  minLength?: { value: number; message: string }
  /** Bounds of a number field. */
  min?: { value: number; message: string }
  max?: { value: number; message: string }
  /** A pattern the value must match (as in the input's pattern attribute). */
  pattern?: string
  /** The message for a value the input's type or pattern shows is malformed (or, in a number field, not a number). */
  malformed?: string
}

export type FormRules = {
  /**
   * By field name; a field of a list's rows is named with empty brackets,
   * as Conform names its constraints (`contacts[].name` for `contacts[0].name`).
   */
  fields: Record<string, FieldRules>
  /** Form-level messages the schema adds when required fields are left empty (a summary). */
  whenRequiredMissing?: string[]
}

/** The attributes Conform puts on the inputs (getInputProps). */
export function constraintsOf(rules: FormRules) {
  return Object.fromEntries(
    Object.entries(rules.fields).map(([name, field]) => [
      name,
      {
        required: field.required !== undefined,
        maxLength: field.maxLength?.value,
        minLength: field.minLength?.value,
        min: field.min?.value,
        max: field.max?.value,
        pattern: field.pattern,
      },
    ]),
  )
}

/**
 * The first rule `value` breaks, as its message. Self-contained (it uses
 * nothing from outside its body): pages served as plain HTML inline its
 * source text (app/components/static-form-check.tsx).
 */
export function checkField(field: FieldRules, value: string, element?: { validity: ValidityState }): string | undefined {
  if (value === '') return field.required
  if (field.maxLength && value.length > field.maxLength.value) return field.maxLength.message
  if (field.minLength && value.length < field.minLength.value) return field.minLength.message
  if (field.min || field.max) {
    const number = Number(value)
    if (Number.isNaN(number)) return field.malformed
    if (field.min && number < field.min.value) return field.min.message
    if (field.max && number > field.max.value) return field.max.message
  }
  const malformed = element
    ? element.validity.typeMismatch || element.validity.patternMismatch
    : field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'v').test(value)
  if (malformed) return field.malformed
  return undefined
}

/** The values of a form as Conform parsed them (after an intent such as adding or removing a row). */
export type FormValues = {
  /** A field's text: '' when it is empty, absent or not text. */
  text(name: string): string
  /** Every value sent under a name (ticked boxes, chosen files). */
  list(name: string): unknown[]
}

/** What a check says: a message, several, or nothing when the value is fine. */
type CheckResult = string | string[] | null | undefined

/**
 * Rules a page computes itself, with the same functions and messages the
 * schema uses (an area's rules.ts): what plain data cannot say, such as a
 * file's type and size, a date not after today or a password's content.
 */
export type FormChecks = {
  /** Like a refinement of one field in the schema: run once the field's own rules pass. */
  fields?: Record<string, (values: FormValues) => CheckResult>
  /**
   * Like a refinement of the whole schema (rules across fields): run, as Zod
   * runs one, unless a field is missing (a value too long or malformed does
   * not stop it); errors by field name.
   */
  form?: (values: FormValues) => Record<string, CheckResult> | null | undefined
}

type Validated = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

function validatedElement(element: Element | RadioNodeList | null, value: string): Validated | undefined {
  // After an intent (a row removed) the page may still show other values under this name: then the value decides.
  return (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) &&
    element.value === value
    ? element
    : undefined
}

/** The value at a Conform name (`contacts[0].name`) in a parsed payload. */
function valueAt(payload: unknown, name: string): unknown {
  let value = payload
  for (const [, index, key] of name.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[index ?? key!]
  }
  return value
}

/** The names a rule's name stands for in this payload: `contacts[].name` → `contacts[0].name`, `contacts[1].name`… */
function namesFor(payload: unknown, ruleName: string): string[] {
  const at = ruleName.indexOf('[]')
  if (at < 0) return [ruleName]
  const list = valueAt(payload, ruleName.slice(0, at))
  if (!Array.isArray(list)) return []
  return list.flatMap((_, index) => namesFor(payload, `${ruleName.slice(0, at)}[${index}]${ruleName.slice(at + 2)}`))
}

function valuesOf(payload: unknown): FormValues {
  const list = (name: string) => {
    const value = valueAt(payload, name)
    return value === undefined ? [] : Array.isArray(value) ? value : [value]
  }
  return {
    text: (name) => {
      const [value] = list(name)
      return typeof value === 'string' ? value : ''
    },
    list,
  }
}

function messages(result: CheckResult) {
  return result === null || result === undefined ? [] : Array.isArray(result) ? result : [result]
}

/** Whether the form is checked because a field was left (Conform's validate intent on blur), not sent. */
function isCheckOnLeaving(formData: FormData) {
  const intent = formData.get('__intent__')
  if (typeof intent !== 'string') return false
  try {
    return (JSON.parse(intent) as { type?: string }).type === 'validate'
  } catch {
    return false
  }
}

/**
 * Tabbing through fields that were empty is not a mistake: what they lack is
 * said when the form is sent, unless a field says so already or held a value
 * the person has just cleared.
 */
function passedThroughEmpty(form: HTMLFormElement, name: string, value: unknown) {
  if (value !== undefined && value !== '') return false
  const element = form.elements.namedItem(name)
  if (element === null || !('getAttribute' in element)) return true
  return element.getAttribute('aria-invalid') !== 'true' && (!('defaultValue' in element) || element.defaultValue === '')
}

/**
 * Conform's onValidate for these rules (and the page's own checks): field
 * errors where a rule is broken; otherwise the form goes to the server,
 * which has the last word.
 */
export function validateWithRules<Input extends Record<string, unknown>>(rules: FormRules, checks: FormChecks = {}) {
  return ({ form, formData }: { form: HTMLFormElement; formData: FormData }) => {
    const leaving = isCheckOnLeaving(formData)
    return parse(formData, {
      resolve: (payload) => {
        const error: Record<string, string[]> = {}
        let requiredMissing = false
        for (const [ruleName, field] of Object.entries(rules.fields)) {
          for (const name of namesFor(payload, ruleName)) {
            const raw = valueAt(payload, name)
            const first = Array.isArray(raw) ? raw[0] : raw
            // A list's rows, a file: checked by what the rows hold, or by the page's checks.
            if (first !== undefined && typeof first !== 'string') continue
            const value = first ?? ''
            const message = checkField(field, value, validatedElement(form.elements.namedItem(name), value))
            if (message) error[name] = [message]
            if (message !== undefined && message === field.required) requiredMissing = true
          }
        }
        const values = valuesOf(payload)
        for (const [name, check] of Object.entries(checks.fields ?? {})) {
          if (error[name]) continue
          const found = messages(check(values))
          if (found.length) error[name] = found
        }
        if (!requiredMissing && checks.form) {
          for (const [name, result] of Object.entries(checks.form(values) ?? {})) {
            const found = messages(result)
            if (found.length) error[name] = found
          }
        }
        if (requiredMissing && rules.whenRequiredMissing?.length) error[''] = rules.whenRequiredMissing
        // On leaving a field, not only that one: each field left before it is checked again.
        if (leaving) for (const name of Object.keys(error)) if (name && passedThroughEmpty(form, name, valueAt(payload, name))) delete error[name]
        return Object.keys(error).length > 0 ? { error } : { value: {} }
      },
    }) as Submission<Input>
  }
}
