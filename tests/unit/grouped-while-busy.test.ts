import { describe, expect, test } from 'vitest'
import { groupedWhileBusy } from '~/platform/db/grouped.server'

/** A statement that records the items it was given and doubles them, failing on any negative. */
function doubling() {
  const statements: number[][] = []
  const double = groupedWhileBusy<number, number>({
    max: 3,
    eachAloneOnFailure: true,
    run: async (items) => {
      statements.push(items)
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (items.some((item) => item < 0)) throw new Error('negative')
      return items.map((item) => item * 2)
    },
  })
  return { double, statements }
}

describe('one statement for the callers that wait while one is under way', () => {
  test('the first goes at once; those that came meanwhile go together, at most `max` a statement, each getting its own result', async () => {
    const { double, statements } = doubling()
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map(double))).toEqual([2, 4, 6, 8, 10, 12])
    expect(statements).toEqual([[1], [2, 3, 4], [5, 6]])
  })

  test('a call made when nothing is under way is not held back', async () => {
    const { double, statements } = doubling()
    expect(await double(7)).toBe(14)
    expect(await double(8)).toBe(16)
    expect(statements).toEqual([[7], [8]])
  })

  test('when a shared statement fails, each item is tried alone: only the failing caller fails', async () => {
    const { double, statements } = doubling()
    const results = await Promise.allSettled([1, 2, -3, 4].map(double))
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([2, 4, 'failed', 8])
    expect(statements).toEqual([[1], [2, -3, 4], [2], [-3], [4]])
  })

  test('without retrying alone, every caller of a failed statement fails, and later calls still run', async () => {
    let fail = true
    const read = groupedWhileBusy<string, string>({
      max: 10,
      run: async (items) => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        if (fail) throw new Error('database unavailable')
        return items.map((item) => item.toUpperCase())
      },
    })
    const results = await Promise.allSettled(['a', 'b'].map(read))
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect(await read('c')).toBe('C')
  })
})
