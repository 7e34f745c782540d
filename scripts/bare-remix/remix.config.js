/**
 * A bare Remix 2 app: the starter template's root and index page, with the
 * framework's default browser entry. `npm run lighthouse` builds it into
 * `.out/` (ignored by git; inside the repository so that its server build
 * finds the portal's node_modules) and measures it beside the portal, as the
 * reference the goals are set against. Nothing here is part of the portal.
 */
const out = '.out'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: 'app',
  cacheDirectory: `${out}/.cache`,
  serverBuildPath: `${out}/build/index.js`,
  assetsBuildDirectory: `${out}/public/build`,
  publicPath: '/build/',
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
}
