import { matchRoutes } from '@remix-run/router'
import { afterEach, describe, expect, test } from 'vitest'

/**
 * Matching a URL tries every route in rank order; the router (patches/) compiles each route's
 * pattern once instead of on every request, three or four matches a page.
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
})
