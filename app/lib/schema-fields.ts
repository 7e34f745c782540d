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

/** Address, city, state and ZIP code with the lead form's rules and messages. */
export const addressFields = {
  address: optionalText(200, 'Address must be less than 200 characters'),
  city: optionalText(50, 'City must be less than 50 characters'),
  state: optionalText(2, 'State must be 2 characters'),
  zipCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, { message: 'Invalid ZIP code format' })
      .optional(),
  ),
}
