/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // The Express server in app/server.ts is compiled together with the app into
  // build/index.js (see docs/adr/0002-custom-express-server.md).
  server: './app/server.ts',
  serverBuildPath: 'build/index.js',
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
}
