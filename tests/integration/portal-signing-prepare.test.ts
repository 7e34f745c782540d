import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import * as preparePage from '~/routes/_app.e-signatures_.new-portal'
import * as requestPage from '~/routes/_app.e-signatures_.$requestId'
import { loader as statusLoader } from '~/routes/api.esign.providers.status'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { flatPdf, libraryDocument } from '#tests/support/portal-signing'

async function makeLead() {
  const suffix = crypto.randomBytes(3).toString('hex')
  return prisma.lead.create({
    data: { firstName: 'Rosa', lastName: `Portal${suffix}`, email: `rosa-${suffix}@example.com`, phone: '(201) 555-0100', searchText: `rosa portal${suffix}`, phoneDigits: '2015550100' },
  })
}

describe('preparing a portal request (staff)', () => {
  test('Portal is listed as an always-connected provider', async () => {
    const { cookie } = await signedInUser('coordinator')
    const status = await (await callRoute(statusLoader, makeRequest('/api/esign/providers/status', { cookie }))).json()
    expect(status.portal).toEqual({ connected: true })
  })

  test('placed fields without JavaScript: the lead and a second signer, the first invited, the link on the request page', async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await makeLead()
    const document = await libraryDocument(await flatPdf(), `Agreement ${lead.lastName}`)
    const choices = (await (await callRoute(preparePage.loader, makeRequest('/e-signatures/new-portal', { cookie }))).json()) as {
      documents: Array<{ id: string }>
      people: Array<{ options: Array<{ value: string }> }>
    }
    expect(choices.documents.map((d) => d.id)).toContain(document.id)
    expect(choices.people[0]!.options.map((o) => o.value)).toContain(`lead:${lead.id}`)

    const form = {
      documentId: document.id,
      person: `lead:${lead.id}`,
      title: 'Service Agreement',
      message: 'Please sign',
      expirationDays: '14',
      placement: 'manual',
      signer2Name: 'Ana Daughter',
      signer2Email: `ana-${lead.lastName}@example.com`,
      field1Type: 'signature',
      field1Signer: '1',
      field1Label: 'Client signature',
      field1Page: '1',
      field1X: '72',
      field1Y: '100',
      field1Width: '200',
      field1Height: '40',
      field1Required: 'on',
      field2Type: 'signature',
      field2Signer: '2',
      field2Page: '1',
      field2X: '320',
      field2Y: '100',
      field2Width: '200',
      field2Height: '40',
      field2Required: 'on',
      // The last row, as the placement editor fills it when the others are in use.
      field12Type: 'date_signed',
      field12Signer: '1',
      field12Page: '1',
      field12X: '300',
      field12Y: '150.5',
      field12Width: '110',
      field12Height: '18',
    }
    const missing = await callRoute(preparePage.action, makeRequest('/e-signatures/new-portal', { cookie, form: { ...form, field1X: '' } }))
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { error: Record<string, string[]> }).error.field1X).toEqual(['Required for a placed field'])

    const sent = await callRoute(preparePage.action, makeRequest('/e-signatures/new-portal', { cookie, form }))
    expect(sent.status).toBe(302)
    const requestId = sent.headers.get('location')!.split('/').pop()!
    const request = await prisma.esignRequest.findUniqueOrThrow({ where: { id: requestId }, include: { signers: { orderBy: { order: 'asc' } }, fields: true } })
    expect(request).toMatchObject({ provider: 'portal', status: 'sent', leadId: lead.id, sourceDocumentId: document.id, recipientEmail: lead.email })
    expect(request.signers.map((s) => [s.order, s.status, s.personType])).toEqual([
      [1, 'sent', 'lead'],
      [2, 'waiting', 'other'],
    ])
    expect(request.fields.map((f) => [f.label, f.x, f.y])).toEqual(expect.arrayContaining([['Client signature', 72, 100]]))
    expect(request.fields.find((f) => f.type === 'date_signed')).toMatchObject({ x: 300, y: 150.5, width: 110, height: 18, required: false })
    expect(request.signers[0]!.tokenEncrypted).not.toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await prisma.auditLog.count({ where: { entityType: 'EsignRequest', entityId: requestId, action: 'create' } })).toBe(1)

    const page = (await (await callRoute(requestPage.loader, makeRequest(`/e-signatures/${requestId}`, { cookie }), { requestId })).json()) as {
      signers: Array<{ link: string | null; tokenHash?: string; tokenEncrypted?: string }>
    }
    const invite = await prisma.outboundEmail.findUniqueOrThrow({ where: { dedupeKey: `signing-invite:${request.signers[0]!.id}` } })
    expect(invite.html).toContain(page.signers[0]!.link!)
    expect(page.signers[0]).not.toHaveProperty('tokenHash')
    expect(page.signers[0]).not.toHaveProperty('tokenEncrypted')
  })
})
