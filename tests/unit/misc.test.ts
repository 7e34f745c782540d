import { describe, expect, test } from 'vitest'
import { formatFileSize } from '~/lib/misc'

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
