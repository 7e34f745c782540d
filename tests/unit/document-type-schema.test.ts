import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import {
  DOCUMENT_TYPE_REQUIRED_MESSAGE,
  documentTypeFormSchema,
  documentTypeSchema,
  documentTypeApiError,
  isRequiredSummary,
  normaliseTag,
} from '~/features/document-types/schema'

const valid = { name: 'Intake Forms', ghlTag: 'intake-forms' }

function errorsFor(input: Record<string, unknown>, schema: typeof documentTypeSchema = documentTypeSchema) {
  const result = schema.safeParse({ ...valid, ...input })
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message)
  return errors
}

function formData(entries: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.append(key, value)
  return data
}

describe('normaliseTag', () => {
  test.each([
    ['Intake  Forms ', 'intake-forms'],
    ['  Care Plan', 'care-plan'],
    ['CONSENT', 'consent'],
    ['a\tb\nc', 'a-b-c'],
    ['already-normal', 'already-normal'],
    ['Two Words  And\t Tabs', 'two-words-and-tabs'],
    ['   ', ''],
  ])('%j → %j', (raw, normalised) => {
    expect(normaliseTag(raw)).toBe(normalised)
  })
})

describe('document type rules', () => {
  test('a minimal type: tag normalised, active, display order 1, no description', () => {
    expect(documentTypeSchema.parse({ name: '  Intake Forms ', ghlTag: 'Intake  Forms ' })).toEqual({
      name: 'Intake Forms',
      ghlTag: 'intake-forms',
      isActive: true,
      displayOrder: 1,
      description: undefined,
    })
  })

  test('every field kept as given', () => {
    expect(
      documentTypeSchema.parse({ name: 'Consent', description: ' Signed consent ', ghlTag: 'consent', isActive: false, displayOrder: 3 }),
    ).toEqual({ name: 'Consent', description: 'Signed consent', ghlTag: 'consent', isActive: false, displayOrder: 3 })
  })

  test.each([
    ['name', undefined, 'Name is required'],
    ['name', '', 'Name is required'],
    ['name', '   ', 'Name is required'],
    ['ghlTag', undefined, 'GHL Tag is required'],
    ['ghlTag', '', 'GHL Tag is required'],
    ['ghlTag', ' \t ', 'GHL Tag is required'],
  ])('%s = %j → %s, with the form-level summary', (field, value, message) => {
    const errors = errorsFor({ [field]: value })
    expect(errors[field]).toEqual([message])
    expect(errors._).toEqual([DOCUMENT_TYPE_REQUIRED_MESSAGE])
  })

  test('both missing: both field messages and one summary', () => {
    expect(errorsFor({ name: '', ghlTag: '' })).toEqual({
      name: ['Name is required'],
      ghlTag: ['GHL Tag is required'],
      _: ['Name and GHL Tag are required'],
    })
  })

  test.each([
    ['name', 'x'.repeat(101), 'Name must be less than 100 characters'],
    ['description', 'x'.repeat(501), 'Description must be less than 500 characters'],
    ['ghlTag', 'x'.repeat(101), 'GHL Tag must be less than 100 characters'],
    ['displayOrder', 0, 'Display order must be at least 1'],
    ['displayOrder', -2, 'Display order must be at least 1'],
    ['displayOrder', 1.5, 'Display order must be a whole number'],
    ['displayOrder', 'abc', 'Display order must be a whole number'],
    ['displayOrder', 10000, 'Display order must be 9999 or less'],
    ['isActive', 'yes', 'isActive must be true or false'],
  ])('%s = %j → %s (no summary)', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: [message] })
  })

  test.each([
    ['name', 'x'.repeat(100)],
    ['description', 'x'.repeat(500)],
    ['description', ''],
    ['description', null],
    ['ghlTag', 'x'.repeat(100)],
    // Limits apply to the tag as stored: surrounding whitespace is trimmed first.
    ['ghlTag', `  ${'x'.repeat(100)}  `],
    ['displayOrder', 1],
    ['displayOrder', 9999],
    ['displayOrder', '7'],
    ['displayOrder', ''],
    ['displayOrder', null],
  ])('%s = %j is accepted', (field, value) => {
    expect(errorsFor({ [field]: value })).toEqual({})
  })

  test('blank display order means 1', () => {
    expect(documentTypeSchema.parse({ ...valid, displayOrder: '' }).displayOrder).toBe(1)
    expect(documentTypeSchema.parse({ ...valid, displayOrder: null }).displayOrder).toBe(1)
    expect(documentTypeSchema.parse({ ...valid, displayOrder: '7' }).displayOrder).toBe(7)
  })

  test('a body that is not an object is refused as a whole', () => {
    expect(documentTypeSchema.safeParse([]).success).toBe(false)
    expect(documentTypeSchema.safeParse(null).success).toBe(false)
  })

  test('isRequiredSummary spots the summary message', () => {
    expect(isRequiredSummary([DOCUMENT_TYPE_REQUIRED_MESSAGE])).toBe(true)
    expect(isRequiredSummary(['Failed to save document type'])).toBe(false)
    expect(isRequiredSummary(undefined)).toBe(false)
  })
})

describe('the page form (Conform parsing of form data)', () => {
  test('an unchecked isActive checkbox is false, a checked one true; blank order is 1', () => {
    const unchecked = parseWithZod(formData({ name: 'Care Plan', ghlTag: 'Care  Plan', displayOrder: '' }), {
      schema: documentTypeFormSchema,
    })
    expect(unchecked.status).toBe('success')
    expect(unchecked.status === 'success' && unchecked.value).toEqual({
      name: 'Care Plan',
      ghlTag: 'care-plan',
      isActive: false,
      displayOrder: 1,
      description: undefined,
    })
    const checked = parseWithZod(formData({ name: 'Care Plan', ghlTag: 'care-plan', isActive: 'on', displayOrder: '4' }), {
      schema: documentTypeFormSchema,
    })
    expect(checked.status === 'success' && checked.value).toMatchObject({ isActive: true, displayOrder: 4 })
  })

  test('missing name and tag give field messages and the form-level summary', () => {
    const submission = parseWithZod(formData({ name: '', ghlTag: '  ', description: 'x' }), { schema: documentTypeFormSchema })
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toMatchObject({
      '': ['Name and GHL Tag are required'],
      name: ['Name is required'],
      ghlTag: ['GHL Tag is required'],
    })
  })

  test('other field errors carry no summary', () => {
    const submission = parseWithZod(formData({ ...valid, displayOrder: '0' }), { schema: documentTypeFormSchema })
    expect(submission.reply().error).toEqual({ displayOrder: ['Display order must be at least 1'] })
  })
})

describe('the JSON API error body', () => {
  function apiErrorFor(body: unknown) {
    const result = documentTypeSchema.safeParse(body)
    if (result.success) throw new Error('expected a failure')
    return documentTypeApiError(result.error)
  }

  test('missing name or tag: the spec message, field messages, no repeated summary', () => {
    expect(apiErrorFor({ description: 'x' })).toEqual({
      error: 'Name and GHL Tag are required',
      fieldErrors: { name: ['Name is required'], ghlTag: ['GHL Tag is required'] },
    })
  })

  test('other failures say so generally, per field', () => {
    expect(apiErrorFor({ ...valid, displayOrder: 0, description: 'x'.repeat(501) })).toEqual({
      error: 'Invalid document type',
      fieldErrors: { displayOrder: ['Display order must be at least 1'], description: ['Description must be less than 500 characters'] },
    })
    expect(apiErrorFor([]).fieldErrors).toHaveProperty('_')
  })
})
