import { describe, expect, test } from 'vitest'
import { dateSignedText, initialsOf, resolveFieldValues } from '~/features/portal-signing/field-rules'

const signedAt = new Date('2026-11-25T10:00:00Z')
const fields = [
  { id: 's', type: 'signature' as const, label: 'Signature', required: true },
  { id: 'i', type: 'initials' as const, label: 'Initials', required: true },
  { id: 'd', type: 'date_signed' as const, label: 'Date', required: true },
  { id: 'n', type: 'full_name' as const, label: 'Printed name', required: true },
  { id: 't', type: 'text' as const, label: 'Relationship', required: false },
  { id: 'c', type: 'checkbox' as const, label: 'I agree', required: true },
]

describe('portal signing field rules', () => {
  test('the adopted signature fills signature, initials and date; typed fields take what was typed', () => {
    const { values, errors } = resolveFieldValues(fields, { n: ' Maria Garcia ', c: 'on' }, { signatureText: 'Maria del Carmen Garcia', signedAt })
    expect(errors).toEqual({})
    expect(values).toEqual({ s: 'Maria del Carmen Garcia', i: 'MDCG', d: 'November 25, 2026', n: 'Maria Garcia', t: null, c: 'true' })
  })

  test('every required field missing is named; optional ones are not', () => {
    const { errors } = resolveFieldValues(fields, {}, { signatureText: ' ', signedAt })
    expect(Object.keys(errors).sort()).toEqual(['c', 'd', 'i', 'n', 's'])
    expect(errors.s).toBe('Type your name to adopt your signature')
    expect(errors.c).toBe('Tick I agree')
    expect(errors.n).toBe('Enter Printed name')
  })

  test('a text answer longer than the limit is refused', () => {
    const { errors } = resolveFieldValues([fields[4]!], { t: 'x'.repeat(501) }, { signatureText: 'A', signedAt })
    expect(errors.t).toMatch(/at most 500/)
  })

  test('initials and the date as the signer reads them', () => {
    expect(initialsOf('Jean-Luc  Picard')).toBe('JLP')
    expect(dateSignedText(new Date('2026-01-02T23:59:00Z'))).toBe('January 2, 2026')
  })
})
