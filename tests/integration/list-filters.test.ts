import { beforeAll, describe, expect, test } from 'vitest'
import { loader as leadsLoader } from '~/routes/_app.leads'
import { loader as patientsLoader } from '~/routes/_app.patients'
import { loader as caregiversLoader } from '~/routes/_app.caregivers'
import { loader as documentsLoader } from '~/routes/_app.documents-new'
import { loader as auditLogLoader } from '~/routes/_app.settings.audit-log'
import { loader as calendarLoader } from '~/routes/_app.calendar'
import { loader as esignLoader } from '~/routes/_app.e-signatures'
import { ESIGN_PROVIDERS, ESIGN_STATUSES, PORTAL_PROVIDER } from '~/features/esign/options'
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_STATUS_FILTER_OPTIONS } from '~/features/leads/schema'
import { CARE_TYPES, REGISTRATION_DATE_FILTER_OPTIONS, REGISTRATION_STATUS_FILTER_OPTIONS } from '~/features/patients/schema'
import { BACKGROUND_CHECK_STATUSES, CAREGIVER_STATUSES, SPECIALIZATIONS, STATUS_FILTER_OPTIONS } from '~/features/caregivers/schema'
import { DOCUMENT_CATEGORIES } from '~/features/documents/schema'
import { APPOINTMENT_STATUS_OPTIONS, APPOINTMENT_TYPES, APPOINTMENT_WHO_OPTIONS, UPCOMING_DAYS } from '~/features/calendar/options'
import { AUDIT_ACTIONS } from '~/platform/audit.server'
import { getEnv } from '~/platform/env.server'
import { prisma } from '~/platform/db.server'
import { buildPageLinks, pageSummary } from '~/lib/page-links'
import { searchColumns } from '~/lib/search'
import { DOCUMENT_PAGE_SIZE } from '~/features/documents/schema'
import { callRoute, createTestUser, makeRequest, signedInUser } from '#tests/support/fixtures'

/**
 * Every list page, every filter it offers, every value of it: the loader
 * returns exactly the rows that match (none that do not, and none missing),
 * read across all its pages. Each expectation is worked out here from the
 * stored rows, independently of the query the list runs.
 */

type Loader = Parameters<typeof callRoute>[0]
type Row = Record<string, unknown> & { id: string }
type FilterCase = { name: string; query: Record<string, string>; matches: (row: Row) => boolean }
type ListCase = {
  list: string
  path: string
  loader: Loader
  rowsKey: string
  role: 'viewer' | 'admin'
  stored: () => Promise<Row[]>
  filters: () => FilterCase[]
  /**
   * Rows the reading itself adds (reading the audit log is logged): they
   * are not compared, and each one shifts later pages down by a row, so a
   * row may come twice across pages.
   */
  writtenByReading?: (row: Row) => boolean
}

/** Every value the e-signatures list's Provider filter offers: the providers and the portal's own signing. */
const LIST_PROVIDERS = [...ESIGN_PROVIDERS, PORTAL_PROVIDER]

const DAY = 24 * 3_600_000
const NOW = Date.now()
const timeZone = getEnv().AGENCY_TIME_ZONE

/** The calendar day (YYYY-MM-DD) of an instant in the agency's zone. */
function dayIn(date: Date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)
}

function shiftDay(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)
}

const today = dayIn(new Date(NOW))
/** The first day of each range: weeks start on Sunday. */
const RANGE_FIRST_DAY: Record<string, string> = {
  today,
  week: shiftDay(today, -new Date(`${today}T00:00:00Z`).getUTCDay()),
  month: `${today.slice(0, 8)}01`,
}

/** Search as staff are told it works: every word in the name or e-mail, or the digits in the phone number. */
function searchMatches(q: string, text: string, phone: string) {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  const digits = q.replace(/\D/g, '')
  return words.every((word) => text.toLowerCase().includes(word)) || (digits.length >= 3 && phone.replace(/\D/g, '').includes(digits))
}

const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Adam Smith', 'Katherine Johnson', 'Edsger Dijkstra']
const PEOPLE_SEARCHES = ['ada', 'lovelace ADA', 'hopper@', '555 10', '777-20']
/** Created over the last six weeks, so each range holds some rows and leaves some out. */
const AGES = [0, 1, 3, 8, 20, 40].map((days) => days * DAY + 60_000)

const values = (options: ReadonlyArray<{ value: string }>) => options.map((option) => option.value).filter(Boolean)
const pick = <T,>(list: readonly T[], index: number) => list[index % list.length]!

async function seed() {
  const documentTypes = await Promise.all(
    ['Intake', 'Consent'].map((name, index) => prisma.documentType.create({ data: { name, ghlTag: `filter-${name.toLowerCase()}`, displayOrder: index } })),
  )
  const staff = await Promise.all([createTestUser('coordinator'), createTestUser('viewer')])
  for (let index = 0; index < 36; index++) {
    const [firstName, lastName] = pick(PEOPLE, index).split(' ') as [string, string]
    const email = `${firstName}${index}.${lastName}@example.com`.toLowerCase()
    const phone = index % 2 ? `(212) 555-${1000 + index}` : `(646) 777-${2000 + index}`
    const createdAt = new Date(NOW - pick(AGES, index))
    const search = searchColumns([firstName, lastName, email], phone)
    await prisma.lead.create({
      data: { firstName, lastName, email, phone, createdAt, status: pick(LEAD_STATUSES, index), source: index % 8 === 7 ? null : pick(values(LEAD_SOURCES), index), ...search },
    })
    await prisma.patient.create({
      data: {
        firstName,
        lastName,
        email,
        phone,
        createdAt,
        dateOfBirth: new Date('1950-01-01'),
        gender: 'female',
        registrationStatus: pick(['new', 'in-progress', 'pending-review', 'complete'], index),
        careType: index % 5 === 4 ? null : pick(values(CARE_TYPES), index),
        ...search,
      },
    })
    const patient = await prisma.patient.findFirstOrThrow({ where: { email }, select: { id: true } })
    const lead = await prisma.lead.findFirstOrThrow({ where: { email }, select: { id: true } })
    await prisma.esignRequest.create({
      data: {
        leadId: index % 6 === 5 ? null : lead.id,
        provider: pick(LIST_PROVIDERS, index),
        templateId: 'tmpl',
        title: `Healthcare Form - ${firstName} ${lastName}`,
        expirationDays: 30,
        recipientName: `${firstName} ${lastName}`,
        recipientEmail: email,
        status: pick(ESIGN_STATUSES, index),
        isTest: index % 6 === 5,
        createdAt,
      },
    })
    const caregiver = await prisma.caregiver.create({
      data: {
        fullName: `${firstName} ${lastName}`,
        email,
        phone,
        createdAt,
        licenseNumber: `L-${index}`,
        yearsExperience: '1-2',
        status: pick(CAREGIVER_STATUSES, index),
        backgroundCheckStatus: pick(BACKGROUND_CHECK_STATUSES, index + 1),
        specializations: [pick(SPECIALIZATIONS, index), pick(SPECIALIZATIONS, index + 3)],
        ...searchColumns([`${firstName} ${lastName}`, email], phone),
      },
    })
    await prisma.document.create({
      data: {
        name: `${pick(['Intake form', 'Consent letter', 'Billing summary'], index)} ${lastName}`,
        description: index % 3 ? `Signed by ${firstName} (100%_done)` : null,
        category: pick(values(DOCUMENT_CATEGORIES), index),
        documentTypeId: index % 3 === 0 ? null : pick(documentTypes, index).id,
        fileName: `file-${index}.pdf`,
        fileSize: 1000,
        mimeType: 'application/pdf',
        storageKey: `filters/${index}`,
        sha256: 'x',
        uploadedBy: 'Casey Coordinator',
        createdAt,
      },
    })
    // Two appointments each, spread over the coming weeks; some before or past the 30 days the calendar lists.
    for (const slot of [0, 1]) {
      const at = index * 2 + slot
      const offset = at % 7 === 6 ? 40 * DAY : at % 11 === 3 ? -2 * DAY : DAY + at * 0.3 * DAY
      const startTime = new Date(NOW + offset)
      await prisma.appointment.create({
        data: {
          title: `${pick(['Home visit', 'Assessment call', 'Therapy review'], at)} ${lastName}`,
          startTime,
          endTime: new Date(startTime.getTime() + 60 * 60_000),
          timeZone,
          appointmentType: pick(APPOINTMENT_TYPES, at),
          status: pick(APPOINTMENT_STATUS_OPTIONS, at).value,
          patientId: at % 3 === 0 ? patient.id : null,
          caregiverId: at % 4 === 1 ? caregiver.id : null,
          leadId: at % 5 === 2 ? lead.id : null,
          createdBy: 'Casey Coordinator',
        },
      })
    }
  }
  await prisma.auditLog.createMany({
    data: Array.from({ length: 42 }, (_, index) => ({
      createdAt: new Date(NOW - pick(AGES, index)),
      userId: index % 4 === 3 ? null : pick(staff, index).id,
      action: pick(AUDIT_ACTIONS, index),
      entityType: pick(['FilterLead', 'FilterPatient', 'FilterCaregiver'], index),
    })),
  })
  return { documentTypes, staff }
}

let seeded: Awaited<ReturnType<typeof seed>>
beforeAll(async () => {
  seeded = await seed()
})

const LISTS: ListCase[] = [
  {
    list: 'leads',
    path: '/leads',
    loader: leadsLoader,
    rowsKey: 'leads',
    role: 'viewer',
    stored: () => prisma.lead.findMany(),
    filters: () => [
      ...PEOPLE_SEARCHES.map((q) => ({
        name: `q=${q}`,
        query: { q },
        matches: (row: Row) => searchMatches(q, `${row.firstName} ${row.lastName} ${row.email}`, String(row.phone)),
      })),
      ...values(LEAD_STATUS_FILTER_OPTIONS).map((status) => ({ name: `status=${status}`, query: { status }, matches: (row: Row) => row.status === status })),
      ...values(LEAD_SOURCES).map((source) => ({ name: `source=${source}`, query: { source }, matches: (row: Row) => row.source === source })),
    ],
  },
  {
    list: 'patients',
    path: '/patients',
    loader: patientsLoader,
    rowsKey: 'patients',
    role: 'viewer',
    stored: () => prisma.patient.findMany(),
    filters: () => [
      ...PEOPLE_SEARCHES.map((q) => ({
        name: `q=${q}`,
        query: { q },
        matches: (row: Row) => searchMatches(q, `${row.firstName} ${row.lastName} ${row.email}`, String(row.phone)),
      })),
      ...values(REGISTRATION_STATUS_FILTER_OPTIONS).map((status) => ({
        name: `status=${status}`,
        query: { status },
        // New registrations show as 'In Progress', so that filter includes them.
        matches: (row: Row) => (status === 'in-progress' ? ['new', 'in-progress'] : [status]).includes(String(row.registrationStatus)),
      })),
      ...values(REGISTRATION_DATE_FILTER_OPTIONS).map((date) => ({
        name: `date=${date}`,
        query: { date },
        matches: (row: Row) => dayIn(row.createdAt as Date) >= RANGE_FIRST_DAY[date]!,
      })),
      ...values(CARE_TYPES).map((careType) => ({ name: `careType=${careType}`, query: { careType }, matches: (row: Row) => row.careType === careType })),
    ],
  },
  {
    list: 'caregivers',
    path: '/caregivers',
    loader: caregiversLoader,
    rowsKey: 'caregivers',
    role: 'viewer',
    stored: () => prisma.caregiver.findMany(),
    filters: () => [
      ...PEOPLE_SEARCHES.map((q) => ({
        name: `q=${q}`,
        query: { q },
        matches: (row: Row) => searchMatches(q, `${row.fullName} ${row.email}`, String(row.phone)),
      })),
      ...values(STATUS_FILTER_OPTIONS).map((status) => ({ name: `status=${status}`, query: { status }, matches: (row: Row) => row.status === status })),
      ...SPECIALIZATIONS.map((specialization) => ({
        name: `specialization=${specialization}`,
        query: { specialization },
        matches: (row: Row) => (row.specializations as string[]).includes(specialization),
      })),
      ...BACKGROUND_CHECK_STATUSES.map((backgroundCheckStatus) => ({
        name: `backgroundCheckStatus=${backgroundCheckStatus}`,
        query: { backgroundCheckStatus },
        matches: (row: Row) => row.backgroundCheckStatus === backgroundCheckStatus,
      })),
    ],
  },
  {
    list: 'documents',
    path: '/documents-new',
    loader: documentsLoader,
    rowsKey: 'documents',
    role: 'viewer',
    stored: () => prisma.document.findMany(),
    filters: () => [
      ...['intake', 'CONSENT hopper', 'signed GRACE', 'consent grace', '100%_', '%'].map((q) => ({
        name: `q=${q}`,
        query: { q },
        matches: (row: Row) =>
          q.toLowerCase().split(/\s+/).every((word) => `${row.name} ${row.description ?? ''}`.toLowerCase().includes(word)),
      })),
      ...values(DOCUMENT_CATEGORIES).map((category) => ({ name: `category=${category}`, query: { category }, matches: (row: Row) => row.category === category })),
      ...seeded.documentTypes.map((type) => ({ name: `type=${type.name}`, query: { type: type.id }, matches: (row: Row) => row.documentTypeId === type.id })),
    ],
  },
  {
    list: 'calendar',
    path: '/calendar',
    loader: calendarLoader,
    rowsKey: 'appointments',
    role: 'viewer',
    // The list shows what is still to come in the next 30 days.
    stored: () => prisma.appointment.findMany({ where: { endTime: { gt: new Date() }, startTime: { lt: new Date(Date.now() + UPCOMING_DAYS * DAY) } } }),
    filters: () => [
      ...['home visit', 'ASSESSMENT', 'therapy', 'follow up', 'visit lovelace'].map((q) => ({
        name: `q=${q}`,
        query: { q },
        matches: (row: Row) => q.toLowerCase().split(/\s+/).every((word) => `${row.title} ${row.appointmentType}`.toLowerCase().includes(word)),
      })),
      ...values(APPOINTMENT_STATUS_OPTIONS).map((status) => ({ name: `status=${status}`, query: { status }, matches: (row: Row) => row.status === status })),
      ...APPOINTMENT_TYPES.map((type) => ({ name: `type=${type}`, query: { type }, matches: (row: Row) => row.appointmentType === type })),
      ...values(APPOINTMENT_WHO_OPTIONS).map((who) => ({ name: `who=${who}`, query: { who }, matches: (row: Row) => row[`${who}Id`] !== null })),
    ],
  },
  {
    list: 'e-signatures',
    path: '/e-signatures',
    loader: esignLoader,
    rowsKey: 'requests',
    role: 'viewer',
    stored: () => prisma.esignRequest.findMany(),
    filters: () => [
      ...['ada', 'LOVELACE ada', 'hopper'].map((lead) => ({
        name: `lead=${lead}`,
        query: { lead },
        matches: (row: Row) => lead.toLowerCase().split(/\s+/).every((word) => String(row.recipientName).toLowerCase().includes(word)),
      })),
      ...ESIGN_STATUSES.map((status) => ({ name: `status=${status}`, query: { status }, matches: (row: Row) => row.status === status })),
      ...LIST_PROVIDERS.map((provider) => ({ name: `provider=${provider}`, query: { provider }, matches: (row: Row) => row.provider === provider })),
    ],
  },
  {
    list: 'audit log',
    path: '/settings/audit-log',
    loader: auditLogLoader,
    rowsKey: 'entries',
    role: 'admin',
    stored: () => prisma.auditLog.findMany(),
    writtenByReading: (row) => row.entityType === 'AuditLog',
    filters: () => [
      ...AUDIT_ACTIONS.map((action) => ({ name: `action=${action}`, query: { action }, matches: (row: Row) => row.action === action })),
      ...['FilterLead', 'FilterCaregiver'].map((entityType) => ({
        name: `entityType=${entityType}`,
        query: { entityType },
        matches: (row: Row) => row.entityType === entityType,
      })),
      ...seeded.staff.map((user) => ({ name: `userId=${user.role}`, query: { userId: user.id }, matches: (row: Row) => row.userId === user.id })),
      ...[3, 8].map((days) => shiftDay(today, -days)).flatMap((day): FilterCase[] => [
        { name: `from=${day}`, query: { from: day }, matches: (row: Row) => dayIn(row.createdAt as Date) >= day },
        { name: `to=${day}`, query: { to: day }, matches: (row: Row) => dayIn(row.createdAt as Date) <= day },
      ]),
    ],
  },
]

/** Every row the list shows for this query, page after page. */
async function listedIds(list: ListCase, cookie: string, query: Record<string, string>) {
  const ids: string[] = []
  let seen = 0
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ ...query, page: String(page) })
    const response = await callRoute(list.loader, makeRequest(`${list.path}?${params}`, { cookie }))
    expect(response.status).toBe(200)
    const data = (await response.json()) as Record<string, unknown> & { total: number }
    const rows = data[list.rowsKey] as Row[]
    seen += rows.length
    ids.push(...rows.filter((row) => !list.writtenByReading?.(row)).map((row) => row.id))
    if (seen >= data.total || rows.length === 0) {
      if (!list.writtenByReading) expect(ids).toHaveLength(data.total)
      return list.writtenByReading ? [...new Set(ids)] : ids
    }
  }
}

describe.each(LISTS)('the $list list', (list) => {
  test('offers filters that each keep some rows and leave some out, and finds exactly the matching ones', async () => {
    const { cookie } = await signedInUser(list.role)
    const stored = await list.stored()
    for (const filter of list.filters()) {
      const expected = stored.filter((row) => filter.matches(row as Row)).map((row) => row.id)
      expect(expected.length, `${filter.name}: the seed has matching rows`).toBeGreaterThan(0)
      expect(expected.length, `${filter.name}: the seed has rows that do not match`).toBeLessThan(stored.length)
      const listed = await listedIds(list, cookie, filter.query)
      expect(new Set(listed).size, `${filter.name}: no row twice`).toBe(listed.length)
      expect([...listed].sort(), filter.name).toEqual([...expected].sort())
    }
  })

  test('an old link past the last page shows the last page, and its summary counts the rows shown', async () => {
    const { cookie } = await signedInUser(list.role)
    const response = await callRoute(list.loader, makeRequest(`${list.path}?page=99`, { cookie }))
    expect(response.status).toBe(200)
    const data = (await response.json()) as Record<string, unknown> & {
      total: number
      page?: number
      pageSize?: number
      query?: { page: number; pageSize?: number }
    }
    const rows = data[list.rowsKey] as Row[]
    const page = data.query?.page ?? data.page ?? 0
    const pageSize = data.query?.pageSize ?? data.pageSize ?? DOCUMENT_PAGE_SIZE
    expect(rows.length).toBeGreaterThan(0)
    expect(page).toBe(Math.ceil(data.total / pageSize))
    const links = buildPageLinks('?page=99', page, pageSize, data.total)
    expect(pageSummary(links, data.total, 'results', 'to')).toBe(
      `Showing ${(page - 1) * pageSize + 1} to ${(page - 1) * pageSize + rows.length} of ${data.total} results`,
    )
  })
})
