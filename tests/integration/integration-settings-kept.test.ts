import crypto from 'node:crypto'
import pg from 'pg'
import { describe, expect, test, vi } from 'vitest'
import { saveGhlSettings } from '~/integrations/settings.server'
import { loader as leadPageLoader } from '~/routes/_app.leads_.$leadId'
import { prisma } from '~/platform/db.server'
import { runInRequestScope } from '~/platform/http/request-scope.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

/** A lead's page as the server renders it (its loaders inside one request's scope): whether it offers a sync, and how often it read the settings. */
async function openLeadPage(leadId: string, cookie: string) {
  const query = vi.spyOn(pg.Client.prototype, 'query')
  try {
    const response = await runInRequestScope(() => callRoute(leadPageLoader, makeRequest(`/leads/${leadId}`, { cookie }), { leadId }))
    const settingsReads = query.mock.calls.filter(([text]) => String((text as { text?: string })?.text ?? text).includes('"IntegrationSetting"')).length
    return { ghlAvailable: ((await response.json()) as { ghlAvailable: boolean }).ghlAvailable, settingsReads }
  } finally {
    query.mockRestore()
  }
}

describe('integration settings kept between pages', () => {
  test('read once while they stand still, afresh after any change, whoever makes it', async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await prisma.lead.create({
      data: { firstName: 'Kept', lastName: 'Setting', email: `${crypto.randomUUID()}@example.com`, phone: '2015550177', status: 'new', searchText: 'kept', phoneDigits: '2015550177' },
    })
    await saveGhlSettings({ accountName: 'Agency', locationId: 'loc-1', isActive: true, token: 'secret-token' })

    expect(await openLeadPage(lead.id, cookie)).toEqual({ ghlAvailable: true, settingsReads: 1 })
    expect(await openLeadPage(lead.id, cookie)).toEqual({ ghlAvailable: true, settingsReads: 0 })

    // Switched off in Settings: the next page knows.
    await saveGhlSettings({ accountName: 'Agency', locationId: 'loc-1', isActive: false })
    expect(await openLeadPage(lead.id, cookie)).toEqual({ ghlAvailable: false, settingsReads: 1 })

    // Changed behind the server's back (another instance, a person at psql): the counter still moves.
    await prisma.$executeRaw`UPDATE "IntegrationSetting" SET config = jsonb_set(config, '{isActive}', 'true') WHERE provider = 'gohighlevel'`
    expect(await openLeadPage(lead.id, cookie)).toEqual({ ghlAvailable: true, settingsReads: 1 })
  })
})
