import { beforeAll, describe, expect, test } from 'vitest'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { listAppRoutes } from '#tests/support/routes'

/**
 * Walks every route the app defines, so a new route is covered without
 * editing this file: anonymous callers are refused by every loader and
 * action, and a viewer cannot change anything.
 */
type RouteModule = {
  loader?: Parameters<typeof callRoute>[0]
  action?: Parameters<typeof callRoute>[0]
}

/** Routes anyone may call, and why. */
const PUBLIC_LOADERS = new Set([
  'root', // only reads the flash toast
  'routes/login',
  'routes/logout', // GET only redirects home
  'routes/forms-documents', // permanent redirect to /documents-new
  'routes/calendar.feed.$file', // a calendar program's feed: answers only to a live feed's secret URL, 404 otherwise
  'routes/intake-form.$token', // a hosted form: answers only to a live link's secret token (the form's fields), 404 otherwise
  'routes/sign.$token', // a signing page: answers only to a live signer's secret token (that signer's document and fields), 404 otherwise
  'routes/sign.$token_.page.$file', // a page image of that signer's document: the same token rules, 404 or 410 otherwise
  'routes/fonts.dancing-script[.]woff', // the handwriting font of typed signatures: a public font file
])
const PUBLIC_ACTIONS = new Set([
  'routes/login',
  'routes/login_.verify', // the sign-in's second step: does nothing without the proof of a right password
  'routes/logout',
  'routes/api.webhook.boldsign', // accepts only deliveries signed with the BoldSign secret
  'routes/api.webhook.ghl.form', // accepts only deliveries signed with GoHighLevel's private key
  'routes/api.webhook.ghl.lead-updates', // likewise
  'routes/api.webhook.goformz.$secret', // accepts only the secret address, and believes nothing before asking GoFormz
  'routes/intake-form.$token', // stores one submission for a live link's secret token, nothing otherwise
  'routes/api.webhook.forms.$webhookId', // accepts only a form's unguessable address, and believes nothing before asking Jotform
  'routes/sign.$token', // consents, signs or declines for a live signer's secret token only, 404 otherwise
])
/** Self-service actions a viewer may take: they change no agency record. */
const VIEWER_ACTIONS = new Set([
  'routes/logout',
  'routes/resources.session', // stay signed in
  'routes/resources.sidebar', // sidebar width preference
  'routes/_app.account', // own password
  'routes/_app.account_.two-factor._index', // own MFA
  'routes/_app.account_.two-factor.recovery-codes',
  'routes/_app.account_.two-factor.disable',
  'routes/_app.calendar.subscribe', // own calendar feed URL
  'routes/api.email-templates.preview', // renders a draft with sample values; stores nothing
  'routes/signing-lock', // unlocks the user's own session after an in-person signing
])

const routes = await Promise.all(
  listAppRoutes().map(async (route) => ({ ...route, module: (await import(route.file)) as RouteModule })),
)

function isRefusal(response: Response) {
  if (response.status === 401) return true
  return response.status === 302 && (response.headers.get('location') ?? '').startsWith('/login')
}

describe('every route refuses anonymous callers', () => {
  const guarded = routes.filter((route) => route.module.loader && !PUBLIC_LOADERS.has(route.id))
  test.each(guarded.map((route) => [route.id, route]))('GET %s', async (_id, route) => {
    const response = await callRoute(route.module.loader!, makeRequest(route.urlPath), route.params)
    expect(isRefusal(response), `${route.urlPath} answered ${response.status}`).toBe(true)
  })

  const actions = routes.filter((route) => route.module.action && !PUBLIC_ACTIONS.has(route.id))
  test.each(actions.map((route) => [route.id, route]))('POST %s', async (_id, route) => {
    const request = makeRequest(route.urlPath, { method: 'POST', form: { intent: 'anything' } })
    const response = await callRoute(route.module.action!, request, route.params)
    expect(isRefusal(response), `${route.urlPath} answered ${response.status}`).toBe(true)
  })

  test('the walk found the app routes', () => {
    expect(routes.length).toBeGreaterThan(15)
    expect(routes.map((route) => route.urlPath)).toEqual(expect.arrayContaining(['/', '/leads', '/settings']))
  })
})

describe('a viewer cannot change anything', () => {
  let cookie = ''
  beforeAll(async () => {
    cookie = (await signedInUser('viewer')).cookie
  })

  // One test per route: all of them in one test came close to its time limit on a busy machine.
  const writable = routes.filter((route) => route.module.action && !VIEWER_ACTIONS.has(route.id) && !PUBLIC_ACTIONS.has(route.id))
  test('every action that changes records is checked', () => {
    expect(writable.length).toBeGreaterThan(15)
  })
  test.each(writable.map((route) => [route.id, route]))('%s answers 403 to a viewer', async (_id, route) => {
    const allowed: string[] = []
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const request = makeRequest(route.urlPath, { method, cookie, form: { intent: 'anything' } })
      const response = await callRoute(route.module.action!, request, route.params)
      if (response.status !== 403) allowed.push(`${method} ${route.urlPath} -> ${response.status}`)
    }
    expect(allowed).toEqual([])
  })

  test('self-service actions stay open to a viewer', async () => {
    const { cookie } = await signedInUser('viewer')
    const session = routes.find((route) => route.id === 'routes/resources.session')!
    const response = await callRoute(session.module.action!, makeRequest('/resources/session', { method: 'POST', cookie }))
    expect(response.status).toBe(200)
  })
})
