import { describe, expect, test } from 'vitest'
import { describeChanges, describeListView, describeOther, fieldLabel } from '~/features/audit-log/describe'

describe('what an update changed', () => {
  test('field names as people say them, with from and to where the entry kept them', () => {
    expect(describeChanges({ changed: ['status'], from: 'new', to: 'lost' })).toBe('Changed: Status (New → Lost)')
    expect(describeChanges({ changed: ['lastName', 'phone', 'zipCode'] })).toBe('Changed: Last name, Phone, ZIP code')
    expect(describeChanges({ field: 'backgroundCheckStatus', from: 'pending', to: 'cleared' })).toBe('Changed: Background check (Pending → Cleared)')
    expect(describeChanges({ fields: ['isActive'], changes: { isActive: { from: true, to: false } } })).toBe('Changed: Active (Yes → No)')
  })

  test("a registration step names the step, and its status change when there was one", () => {
    expect(describeChanges({ step: 'medical' })).toBe('Changed: Medical step')
    expect(describeChanges({ step: 'preferences', from: 'in-progress', to: 'pending-review' })).toBe('Changed: Preferences step, Status (In progress → Pending review)')
  })

  test('never a password, and nothing when no field is named', () => {
    expect(describeChanges({ field: 'password', from: 'a', to: 'b' })).toBe('Changed: Password')
    expect(describeChanges({ boldsignTemplateId: 'x' })).toBeNull()
    expect(describeChanges(null)).toBeNull()
  })

  test('an unknown field still reads as words', () => {
    expect(fieldLabel('emergencyContactName')).toBe('Emergency contact name')
  })
})

describe('what a list read showed', () => {
  test('the count, the search and the filters, not the ids', () => {
    const ids = Array.from({ length: 12 }, (_, index) => `id-${index}`)
    expect(describeListView('Lead', { q: 'smith', status: 'new', page: 1, ids })).toBe('Viewed a list of 12 leads (search "smith", status New)')
    expect(describeListView('Patient', { page: 3, ids: ['a'] })).toBe('Viewed a list of 1 patient (page 3)')
    expect(describeListView('Document', { type: 'type-id', ids: [] }, { 'type-id': 'Consent' })).toBe('Viewed a list of 0 documents (type Consent)')
  })

  test('downloads and files say so', () => {
    expect(describeOther('view', { fileName: 'cv.pdf', download: true })).toBe('Downloaded cv.pdf')
    expect(describeOther('update', { addedFiles: [{}, {}] })).toBe('Added 2 files')
    expect(describeOther('create', {})).toBeNull()
  })
})
