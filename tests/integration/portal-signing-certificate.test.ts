import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import * as settingsPage from '~/routes/_app.settings.signing-certificate'
import { getDocumentSigner } from '~/features/portal-signing/certificate.server'
import { buildSignedDocument } from '~/features/portal-signing/signed-document.server'
import { prisma } from '~/platform/db.server'
import { callRoute, signedInUser } from '#tests/support/fixtures'
import { flatPdf, pdfsig } from '#tests/support/portal-signing'

/** An agency's own PKCS#12, made with the openssl CLI (tests only: production needs no openssl). */
function agencyP12(password: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p12-'))
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '30', '-subj', '/CN=Sunrise Home Care Signing')
  run('pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'agency.p12', '-passout', `pass:${password}`)
  const bytes = fs.readFileSync(path.join(dir, 'agency.p12'))
  fs.rmSync(dir, { recursive: true, force: true })
  return bytes
}

function upload(cookie: string, file: Buffer, password: string) {
  const form = new FormData()
  form.set('certificate', new File([new Uint8Array(file)], 'agency.p12', { type: 'application/x-pkcs12' }))
  form.set('password', password)
  return callRoute(settingsPage.action, new Request('http://localhost/settings/signing-certificate', { method: 'POST', body: form, headers: { cookie } }))
}

describe('the agency signing certificate in Settings', () => {
  test('an uploaded PKCS#12 is checked with its password, replaces the generated one and signs the next document', async () => {
    const { cookie } = await signedInUser('admin')
    await getDocumentSigner()
    const before = (await (await callRoute(settingsPage.loader, new Request('http://localhost/settings/signing-certificate', { headers: { cookie } }))).json()) as {
      certificate: { source: string }
    }
    expect(before.certificate.source).toBe('generated')

    const p12 = agencyP12('s3cret-pass')
    const wrong = await upload(cookie, p12, 'wrong')
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ error: 'The file is not a PKCS#12 certificate, or the password is wrong' })

    expect((await upload(cookie, p12, 's3cret-pass')).status).toBe(302)
    const after = (await (await callRoute(settingsPage.loader, new Request('http://localhost/settings/signing-certificate', { headers: { cookie } }))).json()) as {
      certificate: { source: string; subject: string }
    }
    expect(after.certificate).toMatchObject({ source: 'uploaded', subject: 'Sunrise Home Care Signing' })
    expect(JSON.stringify(after)).not.toContain('s3cret-pass')
    expect(await prisma.auditLog.count({ where: { entityType: 'IntegrationSetting', entityId: 'portal-signing', action: 'update' } })).toBe(1)

    const signed = await buildSignedDocument(
      { requestId: 'r', title: 'Agreement', original: await flatPdf(), completedAt: new Date(), signers: [], fields: [], events: [] },
      await getDocumentSigner(),
    )
    const verdict = await pdfsig(signed.bytes)
    expect(verdict.valid).toBe(true)
    expect(verdict.output).toContain('CN=Sunrise Home Care Signing')
  })

  test('staff without integrations:manage cannot see or change it', async () => {
    const { cookie } = await signedInUser('coordinator')
    const response = await callRoute(settingsPage.loader, new Request('http://localhost/settings/signing-certificate', { headers: { cookie } }))
    expect([302, 403]).toContain(response.status)
  })
})
