import { describe, expect, test } from 'vitest'
import { effectiveStatus, leadSchema, parseLeadListQuery, sourceLabel } from '~/features/leads/schema'
import { leadCreatedToast } from '~/features/leads/messages'

const valid = {
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria@example.com',
  phone: '(201) 555-1000',
}

function errorsFor(input: Record<string, unknown>) {
  const result = leadSchema.safeParse({ ...valid, ...input })
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message)
  return errors
}

describe('lead form rules', () => {
  test('a minimal valid lead defaults to status new', () => {
    const result = leadSchema.parse(valid)
    expect(result.status).toBe('new')
    expect(result.address).toBeUndefined()
  })

  test.each([
    ['firstName', undefined, 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['firstName', 'x'.repeat(51), 'First name must be less than 50 characters'],
    ['lastName', undefined, 'Last name is required'],
    ['lastName', 'x'.repeat(51), 'Last name must be less than 50 characters'],
    ['email', 'not-an-email', 'Valid email is required'],
    ['email', undefined, 'Valid email is required'],
    ['email', `${'x'.repeat(95)}@example.com`, 'Email must be less than 100 characters'],
    ['phone', '555-1234', 'Phone number must be at least 10 digits'],
    ['phone', '1'.repeat(21), 'Phone number must be less than 20 characters'],
    ['address', 'x'.repeat(201), 'Address must be less than 200 characters'],
    ['city', 'x'.repeat(51), 'City must be less than 50 characters'],
    ['state', 'NYC', 'State must be 2 characters'],
    ['zipCode', '1234', 'Invalid ZIP code format'],
    ['zipCode', '12345-12', 'Invalid ZIP code format'],
    ['status', 'archived', 'Status must be one of: new, contacted, qualified, converted, lost'],
    ['source', 'x'.repeat(51), 'Source must be less than 50 characters'],
    ['assignedTo', 'x'.repeat(101), 'Assigned to must be less than 100 characters'],
    ['notes', 'x'.repeat(1001), 'Notes must be less than 1000 characters'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsFor({ [field]: value })[field]).toEqual([message])
  })

  test.each([
    ['zipCode', '12345'],
    ['zipCode', '12345-6789'],
    ['zipCode', ''],
    ['state', 'NY'],
    ['firstName', 'x'.repeat(50)],
    ['notes', 'x'.repeat(1000)],
    ['status', 'lost'],
  ])('%s = %j is accepted', (field, value) => {
    expect(errorsFor({ [field]: value })).toEqual({})
  })
})

describe('stored one way', () => {
  test('a state is stored in capitals, a phone number in one format', () => {
    const lead = leadSchema.parse({ ...valid, state: ' ny ', phone: '201.555.1000' })
    expect(lead).toMatchObject({ state: 'NY', phone: '(201) 555-1000' })
    expect(leadSchema.parse({ ...valid, phone: '+1 201 555 1000' }).phone).toBe('(201) 555-1000')
    expect(leadSchema.parse({ ...valid, phone: ' +44 20 7946 0958 ' }).phone).toBe('+44 20 7946 0958')
  })
})

describe('list query and labels', () => {
  test('bad query values fall back instead of failing', () => {
    const query = parseLeadListQuery(new URLSearchParams('status=bogus&view=grid&page=-3&q=%20smith%20'))
    expect(query).toMatchObject({ status: undefined, view: 'cards', page: 1, q: 'smith' })
  })
  test('sources display with labels; empty is Not specified', () => {
    expect(sourceLabel('gohighlevel')).toBe('GoHighLevel')
    expect(sourceLabel('social-media')).toBe('Social Media')
    expect(sourceLabel(null)).toBe('Not specified')
  })
  test('a missing status counts as new', () => {
    expect(effectiveStatus(null)).toBe('new')
    expect(effectiveStatus('')).toBe('new')
    expect(effectiveStatus('lost')).toBe('lost')
  })
})

describe('create toasts', () => {
  test('synced', () => {
    expect(leadCreatedToast({ success: true, error: null })).toEqual({ title: 'Lead created successfully and synced to GoHighLevel!' })
  })
  test('CRM not configured: local only, no failure toast', () => {
    expect(leadCreatedToast({ success: false, error: 'GoHighLevel sync is temporarily disabled: not configured' })).toEqual({
      title: 'Lead created successfully and created locally only!',
    })
  })
  test('CRM failed: the destructive toast', () => {
    expect(leadCreatedToast({ success: false, error: 'GoHighLevel is unavailable (500)' })).toEqual({
      type: 'destructive',
      title: 'Lead created but GHL sync failed: GoHighLevel is unavailable (500)',
    })
  })
})
