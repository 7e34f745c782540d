import { describe, expect, test } from 'vitest'
import { action as newAction, loader as newLoader } from '~/routes/_app.calendar.new'
import { loader as editLoader } from '~/routes/_app.calendar_.$appointmentId.edit'
import { PICKER_LIMIT } from '~/features/calendar/people.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

type Option = { value: string; label: string }
type FormData = {
  closeTo: string
  defaults: Record<string, string | string[] | null | undefined>
  people: {
    patients: Option[]
    caregivers: Option[]
    leads: Option[]
    found: { words: string; patients: number; caregivers: number; leads: number; text: string } | null
  }
}

function patientRow(firstName: string, lastName: string) {
  return {
    firstName,
    lastName,
    dateOfBirth: new Date('1950-01-01'),
    gender: 'female',
    phone: '2015550102',
    searchText: `${firstName} ${lastName}`.toLowerCase(),
    phoneDigits: '2015550102',
  }
}

let made = 0
async function caregiver(fullName: string, status = 'active') {
  made += 1
  return prisma.caregiver.create({
    data: { fullName, status, phone: '2015550100', licenseNumber: `PF-${made}`, yearsExperience: '1-2', searchText: fullName.toLowerCase(), phoneDigits: '2015550100' },
  })
}

async function lead(firstName: string, lastName: string, status = 'new') {
  return prisma.lead.create({
    data: { firstName, lastName, status, email: `${firstName}@example.com`, phone: '2015550103', searchText: `${firstName} ${lastName}`.toLowerCase(), phoneDigits: '2015550103' },
  })
}

async function load(cookie: string, query: string) {
  const response = await callRoute(newLoader, makeRequest(`/calendar/new?${query}`, { cookie }))
  expect(response.status).toBe(200)
  return (await response.json()) as FormData
}

const names = (options: Option[]) => options.map((option) => option.label.split(' · ')[0])

describe('Find people on the appointment form', () => {
  test('narrows the three lists by the words, by name, keeps the chosen person and the form as typed', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const [garcia, other] = await Promise.all([
      prisma.patient.create({ data: patientRow('Maria', 'Garcia') }),
      prisma.patient.create({ data: patientRow('Olga', 'Petrova') }),
    ])
    await prisma.patient.create({ data: patientRow('Ana', 'DeGarcia') })
    const carer = await caregiver('Luis Garcia')
    await caregiver('Pedro Garcia', 'inactive')
    await caregiver('Hana Sato')
    await lead('Zed', 'Garcia', 'lost')
    const query = new URLSearchParams({
      title: 'Home visit',
      date: '2027-03-04',
      time: '09:30',
      appointmentType: 'therapy',
      durationMinutes: '90',
      location: '',
      notes: 'Ring twice',
      patientId: other.id,
      caregiverId: '',
      leadId: '',
      findPeople: '  GarCIA ',
      redirectTo: '/calendar?view=week',
    })
    const data = await load(cookie, query.toString())
    // Case-insensitive, in the database, ordered by name; the chosen patient stays first.
    expect(names(data.people.patients)).toEqual(['Olga Petrova', 'Ana DeGarcia', 'Maria Garcia'])
    expect(data.people.patients.map((option) => option.value)).toContain(garcia.id)
    expect(data.people.caregivers.map((option) => option.value)).toEqual([carer.id])
    expect(data.people.leads).toEqual([])
    expect(data.people.found).toEqual({ words: 'GarCIA', patients: 2, caregivers: 1, leads: 0, text: '2 patients, 1 caregiver, 0 leads match "GarCIA"' })
    expect(data.defaults).toMatchObject({
      title: 'Home visit',
      date: '2027-03-04',
      time: '09:30',
      appointmentType: 'therapy',
      durationMinutes: '90',
      location: '',
      notes: 'Ring twice',
      patientId: other.id,
    })
    expect(data.closeTo).toBe('/calendar?view=week')
    // The trail names who was shown, and the search.
    const entry = await prisma.auditLog.findFirst({ where: { userId: user.id, entityType: 'Patient', action: 'view' }, orderBy: { createdAt: 'desc' } })
    expect(entry?.details).toMatchObject({ purpose: 'appointment form', search: 'GarCIA' })
    expect((entry?.details as { ids: string[] }).ids).toContain(garcia.id)
  })

  test(`finds a patient past the first ${PICKER_LIMIT}`, async () => {
    const { cookie } = await signedInUser('coordinator')
    await prisma.patient.createMany({
      data: Array.from({ length: PICKER_LIMIT + 20 }, (_, index) => patientRow('Aaron', `Aardvark${String(index).padStart(4, '0')}`)),
    })
    const last = await prisma.patient.create({ data: patientRow('Zoe', 'Zzyzx') })
    const all = await load(cookie, '')
    expect(all.people.patients).toHaveLength(PICKER_LIMIT)
    expect(all.people.patients.map((option) => option.value)).not.toContain(last.id)
    expect(all.people.found).toBeNull()
    const found = await load(cookie, 'findPeople=zzyzx')
    expect(found.people.patients.map((option) => option.value)).toEqual([last.id])
    expect(found.people.found?.patients).toBe(1)
    // A broad search offers a few and says how many matched.
    const broad = await load(cookie, 'findPeople=aardvark')
    expect(broad.people.patients.length).toBe(50)
    expect(broad.people.found?.patients).toBe(PICKER_LIMIT + 20)
  })

  test('the edit form keeps the appointment until a Find, then the form as sent', async () => {
    const { cookie } = await signedInUser('coordinator')
    const appointment = await prisma.appointment.create({
      data: { title: 'Saved visit', startTime: new Date('2027-06-01T14:00:00Z'), endTime: new Date('2027-06-01T15:00:00Z'), timeZone: 'America/New_York', createdBy: 'Test' },
    })
    const path = `/calendar/${appointment.id}/edit`
    const plain = (await (await callRoute(editLoader, makeRequest(path, { cookie }), { appointmentId: appointment.id })).json()) as FormData
    expect(plain.defaults.title).toBe('Saved visit')
    expect(plain.people.found).toBeNull()
    const patient = await prisma.patient.create({ data: patientRow('Edith', 'Quince') })
    const query = new URLSearchParams({ title: 'Changed', date: '2027-06-02', time: '11:00', durationMinutes: '30', scope: 'following', findPeople: 'quince' })
    const found = (await (await callRoute(editLoader, makeRequest(`${path}?${query}`, { cookie }), { appointmentId: appointment.id })).json()) as FormData
    expect(found.defaults).toMatchObject({ title: 'Changed', date: '2027-06-02', time: '11:00', durationMinutes: '30', scope: 'following' })
    expect(found.people.patients.map((option) => option.value)).toEqual([patient.id])
  })

  test('Enter in Find without script: a save with words not yet searched runs the Find instead', async () => {
    const { cookie } = await signedInUser('coordinator')
    const form = { title: 'Not yet', date: '2027-03-04', time: '09:30', durationMinutes: '60', findPeople: 'garcia', foundPeople: '' }
    const response = await callRoute(newAction, makeRequest('/calendar/new?redirectTo=%2Fcalendar', { cookie, form }))
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!, 'http://x')
    expect(location.pathname).toBe('/calendar/new')
    expect(location.hash).toBe('#people-found')
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ title: 'Not yet', findPeople: 'garcia' })
    expect(await prisma.appointment.count({ where: { title: 'Not yet' } })).toBe(0)
    // Once searched, the same words are no reason not to save.
    const saved = await callRoute(newAction, makeRequest('/calendar/new', { cookie, form: { ...form, foundPeople: 'garcia' } }))
    expect(saved.status).toBe(302)
    expect(await prisma.appointment.count({ where: { title: 'Not yet' } })).toBe(1)
  })
})
