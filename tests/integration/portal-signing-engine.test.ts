import { describe, expect, test } from 'vitest'
import { getDocumentSigner, getSigningCertificateView } from '~/features/portal-signing/certificate.server'
import { readPdfText } from '~/features/portal-signing/page-layout.server'
import { CERTIFICATE_HEADING, buildSignedDocument, sha256Hex } from '~/features/portal-signing/signed-document.server'
import { flatPdf, pdfsig, tamperedCopy } from '#tests/support/portal-signing'

async function signedSample() {
  const original = await flatPdf('Consent to Care')
  const at = new Date('2026-11-20T15:04:05Z')
  const result = await buildSignedDocument(
    {
      requestId: 'req-1',
      title: 'Consent to Care',
      original,
      completedAt: at,
      signers: [
        {
          order: 1,
          name: 'Maria García',
          email: 'maria@example.com',
          signatureText: 'Maria García',
          ipAddress: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)',
          sentAt: at,
          openedAt: at,
          consentedAt: at,
          signedAt: at,
        },
      ],
      fields: [
        { type: 'signature', page: 1, x: 72, y: 200, width: 250, height: 40, value: 'Maria García' },
        { type: 'text', page: 1, x: 72, y: 150, width: 250, height: 20, value: 'Daughter' },
        { type: 'checkbox', page: 1, x: 72, y: 120, width: 14, height: 14, value: 'true' },
      ],
      events: [
        { type: 'sent', occurredAt: at, signerName: 'Maria García', ipAddress: null, userAgent: null, detail: 'Invitation e-mailed' },
        { type: 'consented', occurredAt: at, signerName: 'Maria García', ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0', detail: null },
        { type: 'signed', occurredAt: at, signerName: 'Maria García', ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0', detail: null },
      ],
    },
    await getDocumentSigner(),
  )
  return { original, result }
}

describe('the signed document', () => {
  test('is PAdES-signed over the whole file with the agency certificate made at first use', async () => {
    const { result } = await signedSample()
    const verdict = await pdfsig(result.bytes)
    expect(verdict.output).toContain('ETSI.CAdES.detached')
    expect(verdict.valid, verdict.output).toBe(true)
    expect(verdict.wholeDocument).toBe(true)
    const view = await getSigningCertificateView()
    expect(view).toMatchObject({ source: 'generated' })
    expect(verdict.output).toContain(view!.subject)
  })

  test('a changed copy is reported broken', async () => {
    const { result } = await signedSample()
    const verdict = await pdfsig(tamperedCopy(result.bytes))
    expect(verdict.valid).toBe(false)
    expect(verdict.output).toMatch(/Digest Mismatch|Signature is Invalid/)
  })

  test('ends with a completion certificate: title, both hashes, the signer and the event log', async () => {
    const { original, result } = await signedSample()
    const text = await readPdfText(result.bytes)
    const certificate = text.slice(text.indexOf(CERTIFICATE_HEADING))
    expect(text).toContain('The agency provides home care services as agreed.')
    expect(certificate).toContain('Document: Consent to Care')
    expect(certificate).toContain(sha256Hex(original))
    expect(result.originalSha256).toBe(sha256Hex(original))
    expect(certificate.replace(/\s+/g, '')).toContain(result.flattenedSha256)
    expect(certificate).toContain('maria@example.com')
    expect(certificate).toContain('203.0.113.7')
    expect(certificate).toContain('iPad')
    for (const event of ['sent', 'consented', 'signed']) expect(certificate).toContain(` ${event} - Maria García`)
  })

  test('the signers\u2019 values are drawn into the page', async () => {
    const { result } = await signedSample()
    const first = (await readPdfText(result.bytes)).split('\n')[0]!
    expect(first).toContain('Daughter')
    expect(first).toContain('Maria García')
  })
})
