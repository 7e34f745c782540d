import { beforeAll, describe, expect, test } from 'vitest'
import * as caregiverPage from '~/routes/_app.caregivers_.$caregiverId'
import * as leadPage from '~/routes/_app.leads_.$leadId'
import * as patientPage from '~/routes/_app.patients_.$patientId'
import * as newAppointment from '~/routes/_app.calendar.new'
import { changeAppointmentStatus, createAppointment } from '~/features/calendar/appointments.server'
import { assessmentPrefill, scheduleHref } from '~/features/calendar/schedule-links'
import type { AppointmentInput } from '~/features/calendar/schema'
import { systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

const HOUR = 60 * 60 * 1000
const actor = systemActor('test')
const booker = { id: null, name: 'Person Test' }
const at = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000)

function visit(title: string, fromHours: number, people: Partial<AppointmentInput>): AppointmentInput {
  return {
    title,
    startTime: at(fromHours),
    endTime: at(fromHours + 1),
    timeZone: 'America/New_York',
    appointmentType: 'consultation',
    location: 'Healthcare Center',
    notes: null,
    patientId: null,
    caregiverId: null,
    leadId: null,
    ...people,
  }
}

let people: { caregiverId: string; leadId: string; patientId: string; otherCaregiverId: string }

beforeAll(async () => {
  const carer = (fullName: string, licenseNumber: string) =>
    prisma.caregiver.create({
      data: { fullName, status: 'active', phone: '2015550101', licenseNumber, yearsExperience: '1-2', searchText: fullName.toLowerCase(), phoneDigits: '2015550101' },
    })
  const [caregiver, other] = [await carer('Paloma Reyes', 'L-P1'), await carer('Other Carer', 'L-P2')]
  const lead = await prisma.lead.create({
    data: { firstName: 'Ines', lastName: 'Varga', email: 'ines@example.com', phone: '2015550100', searchText: 'ines varga', phoneDigits: '2015550100' },
  })
  const patient = await prisma.patient.create({
    data: { firstName: 'Otto', lastName: 'Brandt', dateOfBirth: new Date('1944-02-02'), gender: 'male', phone: '2015550102', searchText: 'otto brandt', phoneDigits: '2015550102' },
  })
  people = { caregiverId: caregiver.id, leadId: lead.id, patientId: patient.id, otherCaregiverId: other.id }
  await createAppointment(visit('Past shift', -30, { caregiverId: caregiver.id, patientId: patient.id }), booker, actor)
  await createAppointment(visit('Later shift', 50, { caregiverId: caregiver.id, patientId: patient.id }), booker, actor)
  await createAppointment(visit('Next shift', 5, { caregiverId: caregiver.id }), booker, actor)
  const called = await createAppointment(visit('Called off shift', 20, { caregiverId: caregiver.id }), booker, actor)
  await changeAppointmentStatus(called.id, 'cancel', actor, { reason: 'Family visiting' })
  await createAppointment(visit("Someone else's shift", 6, { caregiverId: other.id }), booker, actor)
  await createAppointment(visit('Assessment', 30, { leadId: lead.id }), booker, actor)
})

type Upcoming = { upcoming: { total: number; booked: number; appointments: Array<{ title: string; status: string; startTime: string }> } }

async function upcomingOn(loader: Parameters<typeof callRoute>[0], path: string, params: Record<string, string>, cookie: string) {
  const response = await callRoute(loader, makeRequest(path, { cookie }), params)
  expect(response.status).toBe(200)
  return ((await response.json()) as Upcoming).upcoming
}

describe("a person's page lists their upcoming appointments", () => {
  test("a caregiver's: theirs only, not yet over, soonest first, a cancelled one with its status; the read on the trail", async () => {
    const { cookie, user } = await signedInUser('viewer')
    const upcoming = await upcomingOn(caregiverPage.loader, `/caregivers/${people.caregiverId}`, { caregiverId: people.caregiverId }, cookie)
    expect(upcoming.appointments.map((row) => [row.title, row.status])).toEqual([
      ['Next shift', 'scheduled'],
      ['Called off shift', 'cancelled'],
      ['Later shift', 'scheduled'],
    ])
    expect(upcoming.total).toBe(3)
    // The heading's count: the cancelled one is listed, not counted.
    expect(upcoming.booked).toBe(2)
    const entries = await prisma.auditLog.findMany({ where: { userId: user.id, action: 'view', entityType: 'Appointment' } })
    expect(entries).toHaveLength(1)
    expect(entries[0]!.details).toMatchObject({ caregiverIds: [people.caregiverId] })
    expect((entries[0]!.details as { ids: string[] }).ids).toHaveLength(3)
  })

  test("a patient's and a lead's", async () => {
    const { cookie } = await signedInUser('viewer')
    const patient = await upcomingOn(patientPage.loader, `/patients/${people.patientId}`, { patientId: people.patientId }, cookie)
    expect(patient.appointments.map((row) => row.title)).toEqual(['Later shift'])
    const lead = await upcomingOn(leadPage.loader, `/leads/${people.leadId}`, { leadId: people.leadId }, cookie)
    expect(lead.appointments.map((row) => row.title)).toEqual(['Assessment'])
  })

  test('more than fit: the soonest five, the count of all still ahead and of those not cancelled', async () => {
    const { cookie } = await signedInUser('viewer')
    const busy = await prisma.caregiver.create({
      data: { fullName: 'Busy Carer', phone: '2015550110', licenseNumber: 'L-P4', yearsExperience: '1-2', searchText: 'busy carer', phoneDigits: '2015550110' },
    })
    for (let day = 7; day >= 1; day--) {
      const shift = await createAppointment(visit(`Shift ${day}`, day * 24, { caregiverId: busy.id }), booker, actor)
      if (day === 6) await changeAppointmentStatus(shift.id, 'cancel', actor, { reason: 'Holiday' })
    }
    const upcoming = await upcomingOn(caregiverPage.loader, `/caregivers/${busy.id}`, { caregiverId: busy.id }, cookie)
    expect(upcoming.appointments.map((row) => row.title)).toEqual(['Shift 1', 'Shift 2', 'Shift 3', 'Shift 4', 'Shift 5'])
    expect(upcoming.total).toBe(7)
    expect(upcoming.booked).toBe(6)
  })

  test('nothing booked: an empty list and no trail entry for appointments', async () => {
    const { cookie, user } = await signedInUser('viewer')
    const other = await prisma.caregiver.create({
      data: { fullName: 'Free Carer', phone: '2015550109', licenseNumber: 'L-P3', yearsExperience: '1-2', searchText: 'free carer', phoneDigits: '2015550109' },
    })
    expect(await upcomingOn(caregiverPage.loader, `/caregivers/${other.id}`, { caregiverId: other.id }, cookie)).toEqual({ appointments: [], total: 0, booked: 0 })
    expect(await prisma.auditLog.count({ where: { userId: user.id, entityType: 'Appointment' } })).toBe(0)
  })
})

describe('Schedule and Schedule assessment open the new appointment filled in', () => {
  test("from a caregiver's page: the caregiver chosen, and the dialog goes back to their page", async () => {
    const { cookie } = await signedInUser('coordinator')
    const here = `/caregivers/${people.caregiverId}`
    const response = await callRoute(newAppointment.loader, makeRequest(scheduleHref({ caregiverId: people.caregiverId }, here), { cookie }))
    const data = (await response.json()) as { closeTo: string; defaults: Record<string, unknown> }
    expect(data.closeTo).toBe(here)
    expect(data.defaults).toMatchObject({ caregiverId: people.caregiverId, appointmentType: 'consultation' })
  })

  test('from a lead: an initial assessment for the lead', async () => {
    const { cookie } = await signedInUser('coordinator')
    const here = `/leads/${people.leadId}`
    const response = await callRoute(newAppointment.loader, makeRequest(scheduleHref(assessmentPrefill(people.leadId), here), { cookie }))
    const data = (await response.json()) as { closeTo: string; defaults: Record<string, unknown> }
    expect(data.closeTo).toBe(here)
    expect(data.defaults).toMatchObject({ leadId: people.leadId, appointmentType: 'initial_assessment', title: 'Initial assessment' })
  })
})
