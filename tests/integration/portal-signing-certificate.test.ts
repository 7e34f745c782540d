import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import * as settingsPage from '~/routes/_app.settings.signing-certificate'
import * as fontRoute from '~/routes/fonts.dancing-script[.]woff'
import {
  SIGNING_CERTIFICATE_PROVIDER,
  ensureSigningCertificate,
  generateSelfSignedCertificate,
  getDocumentSigner,
  getSigningCertificateView,
  serialNumberFrom,
} from '~/features/portal-signing/certificate.server'
import { prepareDatabase } from '~/startup.server'
import { buildSignedDocument, loadHandwritingFont } from '~/features/portal-signing/signed-document.server'
import { prisma } from '~/platform/db.server'
import { decrypt } from '~/platform/encryption.server'
import { saveIntegration } from '~/integrations/settings.server'
import { CryptoKeySigner } from '@libpdf/core'
import { webcrypto } from 'node:crypto'
import { callRoute, createTestUser, makeRequest, signedInUser } from '#tests/support/fixtures'
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

/** A one-page document sealed with a generated certificate. */
async function signedWith(generated: Awaited<ReturnType<typeof generateSelfSignedCertificate>>) {
  const key = await webcrypto.subtle.importKey('pkcs8', generated.privateKeyPkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign'])
  const signer = new CryptoKeySigner(key as CryptoKey, generated.certificateDer, 'RSA', 'RSASSA-PKCS1-v1_5')
  const signed = await buildSignedDocument(
    { requestId: 'r', title: 'Agreement', original: await flatPdf(), completedAt: new Date(), signers: [], fields: [], events: [] },
    signer,
  )
  return signed.bytes
}

function upload(cookie: string, file: Buffer, password: string) {
  const form = new FormData()
  form.set('certificate', new File([new Uint8Array(file)], 'agency.p12', { type: 'application/x-pkcs12' }))
  form.set('password', password)
  return callRoute(settingsPage.action, new Request('http://localhost/settings/signing-certificate', { method: 'POST', body: form, headers: { cookie } }))
}

describe('the agency signing certificate in Settings', () => {
  test('is made at the first start, before the server listens, and kept by the next start', async () => {
    await prisma.integrationSetting.deleteMany({ where: { provider: SIGNING_CERTIFICATE_PROVIDER } })
    // An account exists, so the start-up makes no first administrator.
    await createTestUser('admin')
    await prepareDatabase({ seedDemoData: false })
    const made = await getSigningCertificateView()
    expect(made).toMatchObject({ source: 'generated', subject: 'Healthcare Portal Document Signing' })
    await prepareDatabase({ seedDemoData: false })
    expect((await getSigningCertificateView())?.fingerprintSha256).toBe(made!.fingerprintSha256)
  })

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

    // Stored only encrypted: neither the file nor its password is in the row (or the audit trail) in clear.
    const row = await prisma.integrationSetting.findUniqueOrThrow({ where: { provider: SIGNING_CERTIFICATE_PROVIDER } })
    const p12Base64 = p12.toString('base64')
    for (const stored of [JSON.stringify(row), JSON.stringify(await prisma.auditLog.findMany())]) {
      expect(stored).not.toContain('s3cret-pass')
      expect(stored).not.toContain(p12Base64.slice(0, 40))
      expect(stored).not.toContain(p12.toString('hex').slice(0, 40))
    }
    const secrets = JSON.parse(decrypt(row.secrets!)) as Record<string, string>
    expect(secrets).toEqual({ p12: p12Base64, p12Password: 's3cret-pass' })

    const signed = await buildSignedDocument(
      { requestId: 'r', title: 'Agreement', original: await flatPdf(), completedAt: new Date(), signers: [], fields: [], events: [] },
      await getDocumentSigner(),
    )
    const verdict = await pdfsig(signed.bytes)
    expect(verdict.valid, verdict.output).toBe(true)
    expect(verdict.output).toContain('CN=Sunrise Home Care Signing')
  })

  test('the generated key is stored only encrypted', async () => {
    await prisma.integrationSetting.deleteMany({ where: { provider: SIGNING_CERTIFICATE_PROVIDER } })
    await getDocumentSigner()
    const row = await prisma.integrationSetting.findUniqueOrThrow({ where: { provider: SIGNING_CERTIFICATE_PROVIDER } })
    const secrets = JSON.parse(decrypt(row.secrets!)) as { privateKeyPkcs8: string; certificateDer: string }
    expect(secrets.privateKeyPkcs8.length).toBeGreaterThan(1000)
    const raw = JSON.stringify(row)
    expect(raw).not.toContain('privateKeyPkcs8')
    expect(raw).not.toContain(secrets.privateKeyPkcs8.slice(0, 40))
    expect(raw).not.toContain(Buffer.from(secrets.privateKeyPkcs8, 'base64').toString('hex').slice(0, 40))
  })

  test('a generated certificate verifies whatever its random serial number starts with', async () => {
    // A leading zero byte before a byte below 0x80 is not DER: readers then reject every signature of the certificate.
    for (const random of [[0x00, 0x10], [0x00, 0x80], [0x7f, 0x00], [0xff, 0xff], [0x80, 0x00]]) {
      const serial = serialNumberFrom(new Uint8Array([...random, ...new Uint8Array(14).fill(0x42)]))
      expect(serial[0]).toBeGreaterThan(0)
      expect(serial[0]).toBeLessThan(0x80)
      const verdict = await pdfsig(await signedWith(await generateSelfSignedCertificate('Serial Check Signing', new Date(), serial)))
      expect(verdict.valid, verdict.output).toBe(true)
    }
  })

  test('a stored generated certificate whose serial number readers reject is replaced at the next start, with an audit entry', async () => {
    await prisma.integrationSetting.deleteMany({ where: { provider: SIGNING_CERTIFICATE_PROVIDER } })
    const misencoded = await generateSelfSignedCertificate('Sunrise Home Care Document Signing', new Date(), new Uint8Array([0x00, 0x10, ...new Uint8Array(14).fill(0x42)]))
    expect((await pdfsig(await signedWith(misencoded))).valid).toBe(false)
    await saveIntegration(
      SIGNING_CERTIFICATE_PROVIDER,
      { source: 'generated', subject: 'Sunrise Home Care Document Signing', notAfter: misencoded.notAfter.toISOString(), fingerprintSha256: 'OLD' },
      { privateKeyPkcs8: Buffer.from(misencoded.privateKeyPkcs8).toString('base64'), certificateDer: Buffer.from(misencoded.certificateDer).toString('base64') },
    )

    // Two starts at once (two instances) replace it once.
    await Promise.all([ensureSigningCertificate(), ensureSigningCertificate()])
    const replaced = await getSigningCertificateView()
    expect(replaced).toMatchObject({ source: 'generated', subject: 'Sunrise Home Care Document Signing' })
    expect(replaced!.fingerprintSha256).not.toBe('OLD')
    const signed = await buildSignedDocument(
      { requestId: 'r', title: 'Agreement', original: await flatPdf(), completedAt: new Date(), signers: [], fields: [], events: [] },
      await getDocumentSigner(),
    )
    const sealed = await pdfsig(signed.bytes)
    expect(sealed.valid, sealed.output).toBe(true)
    const audit = await prisma.auditLog.findMany({ where: { entityType: 'IntegrationSetting', entityId: SIGNING_CERTIFICATE_PROVIDER } })
    const replacements = audit.filter((entry) => (entry.details as { previousFingerprintSha256?: string } | null)?.previousFingerprintSha256 === 'OLD')
    expect(replacements).toHaveLength(1)
    expect(replacements[0]).toMatchObject({ actorKind: 'system', details: expect.objectContaining({ fingerprintSha256: replaced!.fingerprintSha256 }) })

    // A sound one is kept by the start after.
    await ensureSigningCertificate()
    expect((await getSigningCertificateView())!.fingerprintSha256).toBe(replaced!.fingerprintSha256)
  })

  test('staff without integrations:manage cannot see or change it', async () => {
    const { cookie } = await signedInUser('coordinator')
    const response = await callRoute(settingsPage.loader, new Request('http://localhost/settings/signing-certificate', { headers: { cookie } }))
    expect([302, 403]).toContain(response.status)
  })
})

describe('the handwriting font', () => {
  test('is served as a WOFF font, the same file drawn into signed documents, cached by browsers', async () => {
    const response = await callRoute(fontRoute.loader, makeRequest('/fonts/dancing-script.woff'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('font/woff')
    expect(response.headers.get('cache-control')).toContain('max-age=')
    const body = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(body.subarray(0, 4)).toString('latin1')).toBe('wOFF')
    expect(Buffer.from(body).equals(Buffer.from(await loadHandwritingFont()))).toBe(true)
  })
})
