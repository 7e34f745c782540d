import { z } from 'zod'

/**
 * Field rules shared by the lead, patient and caregiver forms (and the JSON
 * API, which uses the same schemas). Empty form fields arrive as '' and
 * count as absent.
 */
export const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

export function requiredText(max: number, requiredMessage: string, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage })
    .max(max, { message: tooLongMessage })
}

export function optionalText(max: number, tooLongMessage: string) {
  return z.preprocess(blankToUndefined, z.string().trim().max(max, { message: tooLongMessage }).optional())
}

/**
 * One way to write a phone number, whoever typed it: a 10-digit US number
 * (with or without a leading 1) as '(555) 123-4567'; anything else
 * (extensions, international numbers) as typed, trimmed.
 */
export function formatPhone(value: string) {
  const trimmed = value.trim()
  // Letters or an extension ('x12') mean the number is kept as typed.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return trimmed
  const digits = trimmed.replace(/\D/g, '')
  const national =
    digits.length === 10 && !trimmed.startsWith('+') ? digits : digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : null
  if (!national) return trimmed
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`
}

/** A required phone number, stored as formatPhone writes it. */
export function requiredPhone(max: number, requiredMessage: string, tooLongMessage: string) {
  return requiredText(max, requiredMessage, tooLongMessage).transform(formatPhone)
}

/** An optional phone number, stored as formatPhone writes it. */
export function optionalPhone(max: number, tooLongMessage: string) {
  return z.preprocess(blankToUndefined, z.string().trim().max(max, { message: tooLongMessage }).transform(formatPhone).optional())
}

/** Address, city, state and ZIP code with the lead form's rules and messages. */
export const addressFields = {
  address: optionalText(200, 'Address must be less than 200 characters'),
  city: optionalText(50, 'City must be less than 50 characters'),
  // 'ny' is stored as NY, the way the state is written everywhere else.
  state: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2, { message: 'State must be 2 characters' }).transform((state) => state.toUpperCase()).optional(),
  ),
  zipCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, { message: 'Invalid ZIP code format' })
      .optional(),
  ),
}
