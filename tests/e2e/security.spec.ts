import { BASE_URL, expect, test, useRole } from './support/fixtures'

function directive(csp: string, name: string) {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `))
}

test.describe('security headers', () => {
  test('pages carry a nonce-based CSP and the other protective headers', async ({ request }) => {
    const response = await request.get('/login')
    expect(response.status()).toBe(200)
    const headers = response.headers()
    const csp = headers['content-security-policy'] ?? ''
    const scriptSrc = directive(csp, 'script-src') ?? ''
    const nonce = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(scriptSrc)?.[1]
    expect(nonce, `script-src has a nonce: ${scriptSrc}`).toBeTruthy()
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).not.toContain('unsafe-eval')
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(csp, 'object-src')).toBe("object-src 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBeTruthy()
    expect(headers['x-powered-by']).toBeUndefined()

    // Every inline script on the page carries this response's nonce.
    const html = await response.text()
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? []
    expect(scriptTags.length).toBeGreaterThan(0)
    for (const tag of scriptTags) {
      if (/\bsrc=/.test(tag)) continue
      expect(tag).toContain(`nonce="${nonce}"`)
    }

    // A fresh nonce per response.
    const again = await request.get('/login')
    expect(again.headers()['content-security-policy']).not.toBe(csp)
  })

  test.describe('signed in', () => {
    useRole('coordinator')

    test('the app runs under its CSP without violations', async ({ page }) => {
      const violations: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text())
      })
      // A client-side navigation (the document survives) proves the scripts ran under the policy.
      await expect(async () => {
        await page.goto('/')
        await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads', exact: true }).click()
        await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
        expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      }).toPass()
      expect(violations).toEqual([])
    })
  })

  test('a cross-site POST is refused with 403', async ({ request }) => {
    const refused = await request.post('/logout', {
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    })
    expect(refused.status()).toBe(403)

    const sameSite = await request.post('/logout', { headers: { Origin: BASE_URL }, maxRedirects: 0 })
    expect(sameSite.status()).toBe(302)
    expect(sameSite.headers()['location']).toBe('/login')
  })

  test('a cross-site sign-in attempt is refused before it is checked', async ({ request }) => {
    const response = await request.post('/login', {
      headers: { Origin: 'https://evil.example' },
      form: { email: 'admin@example.com', password: 'whatever-it-is', redirectTo: '/' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
  })
})
