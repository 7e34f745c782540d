import { describe, expect, test } from 'vitest'
import { formatRate } from '~/features/caregivers/expiry'
import { formatCount, formatFileSize } from '~/lib/misc'

describe('file sizes', () => {
  test.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [12_800, '13 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [3_500_000, '3.3 MB'],
    [5 * 1024 ** 3, '5.0 GB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})

describe('counts and rates, written as US English writes them without Intl', () => {
  const US = new Intl.NumberFormat('en-US')
  const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

  test('a count groups its thousands as Intl does', () => {
    for (const count of [0, 7, 42, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, -1_000_000]) {
      expect(formatCount(count)).toBe(US.format(count))
    }
  })

  test('a rate in whole cents reads as Intl writes dollars', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 2550, 1999, 100_000, 123_456, 99_999_999, -2550, -1]) {
      expect(formatRate(cents / 100)).toBe(USD.format(cents / 100))
    }
  })
})
