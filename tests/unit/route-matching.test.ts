import { createRequire } from 'node:module'
import { matchRoutes } from '@remix-run/router'
import { afterEach, describe, expect, test, vi } from 'vitest'

/** The copy of the router Node loads for the server (CommonJS), as against the browser's. */
const serverRouter = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router')

/**
 * Matching a URL flattens the route tree, ranks its branches and tries them in order; the router
 * (patches/) compiles each route's pattern once instead of on every match, three or four a page,
 * and on the server flattens and ranks each tree once.
 */
const routes = [
  { id: 'root', path: '', children: [
    { id: 'index', index: true },
    { id: 'leads', path: 'leads', children: [{ id: 'lead', path: ':leadId' }, { id: 'new', path: 'new' }] },
    { id: 'patients', path: 'patients/:patientId/register/:step' },
    { id: 'login', path: 'login' },
  ] },
]

const OriginalRegExp = RegExp
let compiled = 0
afterEach(() => {
  globalThis.RegExp = OriginalRegExp
})

function countingCompiles() {
  compiled = 0
  globalThis.RegExp = new Proxy(OriginalRegExp, {
    construct(target, args: [string | RegExp, string?]) {
      compiled += 1
      return new target(...args)
    },
  })
}

describe('route matching', () => {
  test('finds the same routes every time, and compiles no pattern it has compiled before', () => {
    const urls = ['/', '/leads/abc', '/LEADS/new', '/patients/p1/register/2', '/login']
    const first = urls.map((url) => matchRoutes(routes, url))
    countingCompiles()
    const again = urls.map((url) => matchRoutes(routes, url))
    expect(compiled).toBe(0)
    expect(again).toEqual(first)
    expect(again.map((matches) => matches?.at(-1)?.route.id)).toEqual(['index', 'lead', 'new', 'patients', 'login'])
    expect(again[1]?.at(-1)?.params).toEqual({ leadId: 'abc' })
  })

  test("on the server a tree is flattened and ranked once: matching it again sorts nothing and finds the same routes", () => {
    const urls = ['/', '/leads/abc', '/login']
    const first = urls.map((url) => serverRouter.matchRoutes(routes, url))
    const sort = vi.spyOn(Array.prototype, 'sort')
    try {
      const again = urls.map((url) => serverRouter.matchRoutes(routes, url))
      expect(sort).not.toHaveBeenCalled()
      expect(again).toEqual(first)
      expect(again.map((matches) => matches?.at(-1)?.route.id)).toEqual(['index', 'lead', 'login'])
    } finally {
      sort.mockRestore()
    }
    // Another tree is flattened for itself.
    const other = [{ id: 'only', path: 'only' }]
    expect(serverRouter.matchRoutes(other, '/only')?.map((match) => match.route.id)).toEqual(['only'])
    expect(serverRouter.matchRoutes(other, '/leads/abc')).toBeNull()
  })
})
