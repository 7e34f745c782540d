import { createRequire } from 'node:module'
import { describe, expect, test, vi } from 'vitest'

/**
 * The server's render builds its route tree from the build's manifest. The patched packages
 * (patches/) build it, and convert it to data routes, once per build instead of on every request;
 * each render still shows its own request's page. The CommonJS copies are the ones Node loads.
 */
const require = createRequire(import.meta.url)
const React = require('react') as typeof import('react')
const { renderToString } = require('react-dom/server') as typeof import('react-dom/server')
const { RemixServer } = require('@remix-run/react') as typeof import('@remix-run/react')
const { Outlet, useParams } = require('react-router-dom') as typeof import('react-router-dom')
const remixRoutes = require('@remix-run/react/dist/routes.js') as { createServerRoutes: (...args: unknown[]) => unknown }
const router = require('@remix-run/router') as typeof import('@remix-run/router')

const manifest = {
  routes: {
    root: { id: 'root', path: '', hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: '' },
    lead: { id: 'lead', parentId: 'root', path: 'leads/:leadId', hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: '' },
  },
  entry: { module: '', imports: [] },
  url: '',
  version: 'test',
}
function Lead() {
  return React.createElement('h1', null, `Lead ${useParams().leadId}`)
}
const routeModules = { root: { default: () => React.createElement(Outlet) }, lead: { default: Lead } }
const future = {}
const handler = router.createStaticHandler([{ id: 'root', path: '', children: [{ id: 'lead', path: 'leads/:leadId' }] }])

async function render(url: string) {
  const staticHandlerContext = await handler.query(new Request(url))
  if (staticHandlerContext instanceof Response) throw new Error('unexpected response')
  const context = { manifest, routeModules: { ...routeModules }, staticHandlerContext, future, isSpaMode: false, serializeError: (error: Error) => error, renderMeta: {} }
  return renderToString(React.createElement(RemixServer, { context: context as never, url }))
}

describe("the server render's routes", () => {
  test('are built and converted once per build, and each render shows its own page', async () => {
    const built = vi.spyOn(remixRoutes, 'createServerRoutes')
    const converted = vi.spyOn(router, 'UNSAFE_convertRoutesToDataRoutes')
    try {
      expect(await render('http://localhost/leads/first')).toContain('Lead first')
      expect(await render('http://localhost/leads/second')).toContain('Lead second')
      expect(await render('http://localhost/leads/third')).toContain('Lead third')
      expect(built.mock.calls.length).toBeLessThanOrEqual(1)
      expect(converted.mock.calls.length).toBeLessThanOrEqual(1)
    } finally {
      built.mockRestore()
      converted.mockRestore()
    }
  })
})
