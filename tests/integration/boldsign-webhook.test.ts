import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { action as webhook } from '~/routes/api.webhook.boldsign'
import { loader as pendingLoader } from '~/routes/api.documents.pending'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { signBoldsignBody, verifyBoldsignSignature } from '~/integrations/boldsign/webhook.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

const SECRET = 'whsec_test_secret'

beforeAll(() => {
  process.env.BOLDSIGN_WEBHOOK_SECRET = SECRET
  resetEnvCache()
})
afterAll(() => {
  delete process.env.BOLDSIGN_WEBHOOK_SECRET
  resetEnvCache()
})

async function pendingDocument() {
  const templateId = `tmpl-${Math.random().toString(36).slice(2)}`
  const document = await prisma.document.create({
    data: {
      name: 'Consent',
      fileName: 'consent.pdf',
      fileSize: 10,
      mimeType: 'application/pdf',
      storageKey: `documents/${templateId}.pdf`,
      sha256: 'x',
      uploadedBy: 'Test',
      boldsignTemplateId: templateId,
      boldsignTemplateStatus: 'pending',
    },
  })
  return { document, templateId }
}

function deliver(body: unknown, { secret = SECRET, timestamp, eventType }: { secret?: string; timestamp?: number; eventType?: string } = {}) {
  const raw = JSON.stringify(body)
  return callRoute(
    webhook,
    new Request('http://localhost/api/webhook/boldsign', {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-boldsign-signature': signBoldsignBody(raw, secret, timestamp),
        ...(eventType ? { 'x-boldsign-event': eventType } : {}),
      },
    }),
  )
}

describe('BoldSign webhook', () => {
  test('TemplateCreated marks the template ready; the pending list follows', async () => {
    const { document, templateId } = await pendingDocument()
    const { cookie } = await signedInUser('viewer')
    const before = await (await callRoute(pendingLoader, makeRequest('/api/documents/pending', { cookie }))).json()
    expect(before.map((entry: { id: string }) => entry.id)).toContain(document.id)

    const response = await deliver({ event: { id: `evt-${templateId}`, eventType: 'TemplateCreated' }, data: { object: 'template', templateId } }, { eventType: 'TemplateCreated' })
    expect(response.status).toBe(200)
    expect((await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).boldsignTemplateStatus).toBe('ready')
    const after = await (await callRoute(pendingLoader, makeRequest('/api/documents/pending', { cookie }))).json()
    expect(after.map((entry: { id: string }) => entry.id)).not.toContain(document.id)
  })

  test('TemplateCreateFailed keeps the reason', async () => {
    const { document, templateId } = await pendingDocument()
    await deliver({ event: { id: `evt-fail-${templateId}`, eventType: 'TemplateCreateFailed' }, data: { templateId, errorMessage: 'The PDF is encrypted' } })
    expect(await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({
      boldsignTemplateStatus: 'failed',
      boldsignTemplateError: 'The PDF is encrypted',
    })
  })

  test('unsigned, wrongly signed or stale deliveries are refused and change nothing', async () => {
    const { document, templateId } = await pendingDocument()
    const body = { event: { id: `evt-bad-${templateId}`, eventType: 'TemplateCreated' }, data: { templateId } }
    const unsigned = await callRoute(webhook, new Request('http://localhost/api/webhook/boldsign', { method: 'POST', body: JSON.stringify(body) }))
    expect(unsigned.status).toBe(401)
    expect((await deliver(body, { secret: 'other-secret' })).status).toBe(401)
    expect((await deliver(body, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(401)
    expect((await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).boldsignTemplateStatus).toBe('pending')
  })

  test('a repeated delivery is acknowledged and ignored', async () => {
    const { document, templateId } = await pendingDocument()
    const body = { event: { id: `evt-repeat-${templateId}`, eventType: 'TemplateCreated' }, data: { templateId } }
    expect(await (await deliver(body)).json()).toEqual({ received: true })
    await prisma.document.update({ where: { id: document.id }, data: { boldsignTemplateStatus: 'pending' } })
    expect(await (await deliver(body)).json()).toEqual({ received: true, duplicate: true })
    expect((await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).boldsignTemplateStatus).toBe('pending')
  })
})

describe('signature check', () => {
  test('accepts the current or the rotated secret (s1), within five minutes', () => {
    const now = Date.UTC(2026, 10, 22) 
    const t = Math.floor(now / 1000)
    const body = '{"a":1}'
    const current = signBoldsignBody(body, 'new', t)
    const rotated = `${signBoldsignBody(body, 'other', t)}, s1=${signBoldsignBody(body, 'new', t).split('s0=')[1]}`
    expect(verifyBoldsignSignature(body, current, 'new', now)).toBe(true)
    expect(verifyBoldsignSignature(body, rotated, 'new', now)).toBe(true)
    expect(verifyBoldsignSignature(body + ' ', current, 'new', now)).toBe(false)
    expect(verifyBoldsignSignature(body, current, 'new', now + 301_000)).toBe(false)
    expect(verifyBoldsignSignature(body, 't=abc, s0=00', 'new', now)).toBe(false)
  })
})
