import { describe, expect, test, vi } from 'vitest'
import { createChangeCache, deepFreeze } from '~/platform/change-cache.server'

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds))

describe('reads kept under a change counter', () => {
  test('kept while the counter stands still and younger than its age limit', async () => {
    const cache = createChangeCache<number>({ maxAgeMs: 60_000 })
    const compute = vi.fn(async () => compute.mock.calls.length)
    expect(await cache.read('k', '7', at(0), compute)).toBe(1)
    expect(await cache.read('k', '7', at(59), compute)).toBe(1)
    expect(compute).toHaveBeenCalledTimes(1)
  })

  test('read afresh once the counter moves, once it is too old, and when the clock goes back', async () => {
    const cache = createChangeCache<number>({ maxAgeMs: 60_000 })
    const compute = vi.fn(async () => compute.mock.calls.length)
    await cache.read('k', '7', at(0), compute)
    expect(await cache.read('k', '8', at(1), compute)).toBe(2)
    expect(await cache.read('k', '8', at(61), compute)).toBe(3)
    expect(await cache.read('k', '8', at(30), compute)).toBe(4)
  })

  test('each key is kept apart; without a counter nothing is kept', async () => {
    const cache = createChangeCache<string>({ maxAgeMs: 60_000 })
    expect(await cache.read('a', '1', at(0), async () => 'a')).toBe('a')
    expect(await cache.read('b', '1', at(0), async () => 'b')).toBe('b')
    expect(await cache.read('a', '1', at(1), async () => 'other')).toBe('a')
    const compute = vi.fn(async () => 'x')
    await cache.read('c', null, at(0), compute)
    await cache.read('c', null, at(0), compute)
    expect(compute).toHaveBeenCalledTimes(2)
  })

  test('readers arriving during a read wait for it instead of repeating it', async () => {
    const cache = createChangeCache<string>({ maxAgeMs: 60_000 })
    let finish = (_value: string) => {}
    const compute = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)))
    const first = cache.read('k', '1', at(0), compute)
    const second = cache.read('k', '1', at(0), compute)
    finish('done')
    expect(await Promise.all([first, second])).toEqual(['done', 'done'])
    expect(compute).toHaveBeenCalledTimes(1)
  })

  test('a failed read is not kept', async () => {
    const cache = createChangeCache<string>({ maxAgeMs: 60_000 })
    await expect(cache.read('k', '1', at(0), async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
    expect(await cache.read('k', '1', at(1), async () => 'back')).toBe('back')
  })

  test('what is kept cannot be changed in place by a reader', () => {
    const kept = deepFreeze({ rows: [{ id: 'b' }, { id: 'a' }], at: new Date(0) })
    expect(() => kept.rows.sort((x, y) => x.id.localeCompare(y.id))).toThrow(TypeError)
    expect(() => {
      ;(kept.rows[0] as { id: string }).id = 'c'
    }).toThrow(TypeError)
    expect(kept.at.getTime()).toBe(0)
  })
})
