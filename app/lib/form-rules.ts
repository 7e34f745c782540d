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
  /** A pattern the value must match (as in the input's pattern attribute). */
  pattern?: string
  /** The message for a value the input's type or pattern shows is malformed. */
  malformed?: string
}

export type FormRules = {
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
        pattern: field.pattern,
      },
    ]),
  )
}

/** The first rule `value` breaks, as its message. */
export function checkField(field: FieldRules, value: string, element?: { validity: ValidityState }): string | undefined {
  if (value === '') return field.required
  if (field.maxLength && value.length > field.maxLength.value) return field.maxLength.message
  if (field.minLength && value.length < field.minLength.value) return field.minLength.message
  const malformed = element
    ? element.validity.typeMismatch || element.validity.patternMismatch
    : field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'v').test(value)
  if (malformed) return field.malformed
  return undefined
}

type Validated = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

function validatedElement(element: Element | RadioNodeList | null): Validated | undefined {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
    ? element
    : undefined
}

/**
 * Conform's onValidate for these rules: field errors where a rule is broken;
 * otherwise the form goes to the server, which has the last word.
 */
export function validateWithRules<Input extends Record<string, unknown>>(rules: FormRules) {
  return ({ form, formData }: { form: HTMLFormElement; formData: FormData }) =>
    parse(formData, {
      resolve: () => {
        const error: Record<string, string[]> = {}
        let requiredMissing = false
        for (const [name, field] of Object.entries(rules.fields)) {
          const value = formData.get(name)
          if (value !== null && typeof value !== 'string') continue
          const message = checkField(field, value ?? '', validatedElement(form.elements.namedItem(name)))
          if (message) error[name] = [message]
          if (message !== undefined && message === field.required) requiredMissing = true
        }
        if (requiredMissing && rules.whenRequiredMissing?.length) error[''] = rules.whenRequiredMissing
        return Object.keys(error).length > 0 ? { error } : { value: {} }
      },
    }) as Submission<Input>
}
