import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { transformSync } from 'esbuild'
import { afterEach, describe, expect, test, vi } from 'vitest'

/** The copy of the router Node loads for the server (CommonJS), as against the browser's. */
const require = createRequire(import.meta.url)
const serverRouter = require('@remix-run/router') as typeof import('@remix-run/router')

/** The browser's copy (an ES module), which flattens, ranks and tries every branch on each match. */
function loadBrowserRouter() {
  const source = fs.readFileSync(require.resolve('@remix-run/router').replace(/router\.cjs\.js$/, 'router.js'), 'utf8')
  const module = { exports: {} }
  new Function('module', 'exports', 'require', transformSync(source, { format: 'cjs' }).code)(module, module.exports, require)
  return module.exports as typeof import('@remix-run/router')
}

/**
 * Matching a URL flattens the route tree, ranks its branches and tries them in order; the router
 * (patches/) compiles each route's pattern once instead of on every match, three or four a page,
 * and on the server flattens and ranks each tree once, tries a URL only against the branches
 * that can match its first segment, and keeps the matches of the latest thousand pathnames.
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

  test('on the server a pathname matched before is not matched again, and each caller gets matches of its own', () => {
    const first = serverRouter.matchRoutes(routes, '/leads/kept')!
    const match = vi.spyOn(String.prototype, 'match')
    let again: typeof first
    try {
      again = serverRouter.matchRoutes(routes, '/leads/kept')!
      expect(match).not.toHaveBeenCalled()
    } finally {
      match.mockRestore()
    }
    expect(summary(again)).toEqual(summary(first))
    expect(again).not.toBe(first)
    expect(again[0]).not.toBe(first[0])
    // A caller that changes its matches changes nothing for the next one; the matches of one URL share their params, as before.
    ;(again[1]!.params as Record<string, string>).leadId = 'changed'
    expect(again[0]!.params).toBe(again[1]!.params)
    expect(serverRouter.matchRoutes(routes, '/leads/kept')?.at(-1)?.params).toEqual({ leadId: 'kept' })
    // Past the latest thousand pathnames the oldest are matched anew, alike.
    for (let index = 0; index < 1500; index++) serverRouter.matchRoutes(routes, `/leads/${index}`)
    expect(serverRouter.matchRoutes(routes, '/leads/0')?.at(-1)?.params).toEqual({ leadId: '0' })
    expect(summary(serverRouter.matchRoutes(routes, '/leads/kept'))).toEqual(summary(first))
    expect(serverRouter.matchRoutes(routes, '/nowhere/at/all')).toBeNull()
    expect(serverRouter.matchRoutes(routes, '/nowhere/at/all')).toBeNull()
  })
})

/** The app's own route tree, as Remix builds it from app/routes. */
function appRoutes() {
  const manifest = Object.values(flatRoutes(path.resolve('app')))
  const build = (parentId: string): AgnosticRouteObject[] =>
    manifest
      .filter((route) => (route.parentId ?? 'root') === parentId)
      .map((route) => {
        const children = build(route.id)
        return route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, ...(children.length > 0 ? { children } : {}) }
      })
  return [{ id: 'root', path: '', children: build('root') }]
}

/** Every full path of a tree. */
function fullPaths(routes: AgnosticRouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = [parent, route.path].filter(Boolean).join('/')
    return [own, ...fullPaths(route.children ?? [], own)]
  })
}

const summary = (matches: ReturnType<typeof matchRoutes>) => matches?.map(({ route, params, pathname, pathnameBase }) => [route.id, params, pathname, pathnameBase]) ?? null

describe("the server's branches by first segment", () => {
  const routes = appRoutes()
  const urls = [...new Set(fullPaths(routes))].flatMap((full) => {
    const url = `/${full.replace(/:[\w-]+/g, 'abc123').replace(/\*$/, 'some/where')}`
    return [url, url.toUpperCase(), `${url}/`, `/${url}`, `${url}/extra`]
  })
  urls.push('/', '', 'leads', '/unknown/thing', '/%6Ceads/new', '/leads%2Fnew', '/ünïcode/x', '/api/leads?x=1')

  const browserRouter = loadBrowserRouter()

  test("match every URL of the app's routes as trying every branch does", () => {
    expect(urls.length).toBeGreaterThan(500)
    for (const url of urls) expect(summary(serverRouter.matchRoutes(routes, url)), url).toEqual(summary(browserRouter.matchRoutes(routes, url)))
  })

  test('match routes with letters outside ASCII as trying every branch does', () => {
    const routes = [{ id: 'root', path: '', children: [{ id: 'sigma', path: 'σ' }, { id: 'micro', path: 'μg' }, { id: 'rest', path: '*' }] }]
    for (const url of ['/σ', '/ς', '/Σ', '/μg', '/µg', '/ΜG', '/x']) {
      expect(summary(serverRouter.matchRoutes(routes, url)), url).toEqual(summary(browserRouter.matchRoutes(routes, url)))
    }
  })

  test('try only the branches that start like the URL', () => {
    serverRouter.matchRoutes(routes, '/login')
    const match = vi.spyOn(String.prototype, 'match')
    try {
      expect(serverRouter.matchRoutes(routes, '/login')?.at(-1)?.route.id).toBe('routes/login')
      const tried = match.mock.calls.length
      match.mockClear()
      expect(browserRouter.matchRoutes(routes, '/login')?.at(-1)?.route.id).toBe('routes/login')
      // In rank order, more than a hundred patterns are tried before the sign-in page's.
      expect(match.mock.calls.length).toBeGreaterThan(100)
      expect(tried).toBeLessThan(10)
    } finally {
      match.mockRestore()
    }
  })
})

describe('what a dialog is drawn over', () => {
  const routes = appRoutes()
  const pageBehind = (url: string) => matchRoutes(routes, url)?.at(-2)?.route.id

  test("a record's dialog over the record's page (its path extends the page's), a list's over the list (the action first)", () => {
    const overPage = {
      '/leads/abc/edit': 'routes/_app.leads_.$leadId',
      '/leads/abc/delete': 'routes/_app.leads_.$leadId',
      '/leads/abc/esign': 'routes/_app.leads_.$leadId',
      '/leads/abc/convert': 'routes/_app.leads_.$leadId',
      '/leads/abc/schedule': 'routes/_app.leads_.$leadId',
      '/patients/abc/schedule': 'routes/_app.patients_.$patientId',
      '/caregivers/abc/schedule': 'routes/_app.caregivers_.$caregiverId',
      '/caregivers/abc/edit': 'routes/_app.caregivers_.$caregiverId',
      '/caregivers/abc/delete': 'routes/_app.caregivers_.$caregiverId',
      '/patients/abc/register/insurance': 'routes/_app.patients_.$patientId',
    }
    const overList = {
      '/leads/edit/abc': 'routes/_app.leads',
      '/leads/delete/abc': 'routes/_app.leads',
      '/leads/esign/abc': 'routes/_app.leads',
      '/patients/new': 'routes/_app.patients',
      '/calendar/new': 'routes/_app.calendar',
      '/caregivers/edit/abc': 'routes/_app.caregivers',
      '/caregivers/delete/abc': 'routes/_app.caregivers',
      '/patients/register/abc/insurance': 'routes/_app.patients',
    }
    for (const [url, page] of Object.entries({ ...overPage, ...overList })) expect(pageBehind(url), url).toBe(page)
  })
})
