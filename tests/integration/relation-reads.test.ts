import crypto from 'node:crypto'
import pg from 'pg'
import { describe, expect, test, vi } from 'vitest'
import { getCaregiver } from '~/features/caregivers/caregivers.server'
import { recordAutomationHistory } from '~/features/workflows/runs.server'
import { prisma } from '~/platform/db.server'

/**
 * A record read with its related rows (`include`) is one SQL statement
 * (Prisma's relationJoins): on the embedded database every statement waits
 * its turn on the one connection, so a record page's related lists each
 * costing a second statement made those pages the slowest.
 */
async function statementsDuring(read: () => Promise<unknown>) {
  const query = vi.spyOn(pg.Client.prototype, 'query')
  try {
    const result = await read()
    return { result, statements: query.mock.calls.length }
  } finally {
    query.mockRestore()
  }
}

const unique = () => crypto.randomBytes(4).toString('hex')

describe('a record with its related rows, in one statement', () => {
  test("a caregiver's files come with the caregiver", async () => {
    const caregiver = await prisma.caregiver.create({
      data: {
        fullName: `Cara ${unique()}`,
        email: `${crypto.randomUUID()}@example.com`,
        phone: '2015550123',
        licenseNumber: 'RN-1',
        yearsExperience: '3-5',
        searchText: 'cara',
        phoneDigits: '2015550123',
        files: {
          create: [
            { kind: 'resume', fileName: 'resume.pdf', storageKey: `test/${unique()}`, mimeType: 'application/pdf', fileSize: 10, sha256: 'x' },
            { kind: 'license', fileName: 'license.pdf', storageKey: `test/${unique()}`, mimeType: 'application/pdf', fileSize: 10, sha256: 'x' },
          ],
        },
      },
    })
    const { result, statements } = await statementsDuring(() => getCaregiver(caregiver.id))
    expect((result as Awaited<ReturnType<typeof getCaregiver>>)?.files.map((file) => file.kind).sort()).toEqual(['license', 'resume'])
    expect(statements).toBe(1)
  })

  test("a record's automation history comes with each run's e-mail", async () => {
    const lead = await prisma.lead.create({
      data: { firstName: 'Ada', lastName: `Run${unique()}`, email: `${crypto.randomUUID()}@example.com`, phone: '2015550124', status: 'new', searchText: 'ada', phoneDigits: '2015550124' },
    })
    const email = await prisma.outboundEmail.create({
      data: { dedupeKey: `test:${unique()}`, channel: 'smtp', toEmail: lead.email, subject: 'Welcome', html: '<p>Hi</p>', text: 'Hi', status: 'sent', sentAt: new Date() },
    })
    await prisma.workflowRun.create({
      data: {
        stageName: 'Welcome e-mail',
        workflowType: 'email',
        trigger: 'lead_created',
        entityType: 'Lead',
        entityId: lead.id,
        scheduledFor: new Date(),
        ranAt: new Date(),
        status: 'completed',
        outboundEmailId: email.id,
        eventId: crypto.randomUUID(),
      },
    })
    const { result, statements } = await statementsDuring(() => recordAutomationHistory('Lead', lead.id))
    const [run] = result as Awaited<ReturnType<typeof recordAutomationHistory>>
    expect(run?.stageName).toBe('Welcome e-mail')
    expect(run?.email).toEqual({ text: 'E-mail sent', failed: false })
    expect(statements).toBe(1)
  })
})
