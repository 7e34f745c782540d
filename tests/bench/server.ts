/**
 * The production server as the bench scripts run it: its environment, its
 * health check and the bench admin's sign-in, shared by `npm run bench` and
 * `npm run bench:profile`.
 */

// The server refuses to start with an ADMIN_PASSWORD that breaks the password policy.
const PASSWORD = 'lantern-otter-staple-4821'
const EMAIL = 'bench@example.com'

/**
 * What a browser asks for: Chromium's Accept-Encoding over HTTPS, as the
 * agency's browsers reach the portal. Node's fetch asks for gzip alone over
 * plain HTTP, which kept the cost of brotli (the coding browsers get) out of
 * the figures.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' } as const

/** The server's environment: production, no demo data, no jobs, no request log, the bench admin. */
export function benchServerEnv({ port, dataDir }: { port: number; dataDir: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO_DATA: 'false',
    LOG_REQUESTS: 'false',
    JOBS_ENABLED: 'false',
    // The benchmark signs its admin in with a password alone.
    MFA_REQUIRED_ROLES: '',
  }
  delete env.DATABASE_URL
  return env
}

export async function waitForHealth(base: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (await fetch(`${base}/healthz`).then((response) => response.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('Server did not become healthy')
}

/**
 * The cookies the bench admin's browser sends from its second page on: the session and the
 * screen width its first page reported, a tablet's (lists render the one copy that width shows).
 */
export async function signInAsBenchAdmin(base: string) {
  const login = await fetch(`${base}/login`, { method: 'POST', body: new URLSearchParams({ email: EMAIL, password: PASSWORD }), redirect: 'manual' })
  const cookie = login.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`Sign-in failed (${login.status})`)
  return `${cookie}; screen=narrow`
}
