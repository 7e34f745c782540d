import { describe, expect, test } from 'vitest'
import {
  CaregiverDoubleBookedError,
  changeAppointmentStatus,
  createAppointment,
  deleteAppointment,
  listUpcomingAppointments,
  rescheduleAppointment,
  UNCHANGED_TIME,
  updateAppointment,
} from '~/features/calendar/appointments.server'
import { type AppointmentInput, parseAppointmentListQuery } from '~/features/calendar/schema'
import { systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { ConflictError, RuleViolationError } from '~/platform/errors'

const actor = systemActor('test')
const booker = { id: null, name: 'Test Booker' }
let made = 0

async function caregiver(fullName = 'Ana Ruiz') {
  made += 1
  return prisma.caregiver.create({
    data: { fullName, phone: '2015550100', licenseNumber: `L-${made}`, yearsExperience: '1-2', searchText: fullName.toLowerCase(), phoneDigits: '2015550100' },
  })
}

function input(overrides: Partial<AppointmentInput> = {}): AppointmentInput {
  return {
    title: 'Home visit',
    startTime: new Date('2027-02-01T14:00:00Z'),
    endTime: new Date('2027-02-01T15:00:00Z'),
    timeZone: 'America/New_York',
    appointmentType: 'consultation',
    location: 'Healthcare Center',
    notes: null,
    patientId: null,
    caregiverId: null,
    leadId: null,
    ...overrides,
  }
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

describe('appointments', () => {
  test('a new appointment is scheduled, audited, with its event in the same transaction', async () => {
    const appointment = await createAppointment(input({ title: 'Audited visit' }), booker, actor)
    expect(appointment).toMatchObject({ status: 'scheduled', createdBy: 'Test Booker', timeZone: 'America/New_York' })
    expect(await prisma.auditLog.count({ where: { entityType: 'Appointment', entityId: appointment.id, action: 'create' } })).toBe(1)
    expect(await prisma.domainEvent.count({ where: { type: 'appointment.created', entityId: appointment.id } })).toBe(1)
  })

  test("a caregiver's double booking is refused with the clash named, and nothing is saved", async () => {
    const carer = await caregiver('Brian Okafor')
    await createAppointment(input({ title: 'Morning care', caregiverId: carer.id }), booker, actor)
    const error = await thrown(
      createAppointment(input({ title: 'Overlap', caregiverId: carer.id, startTime: new Date('2027-02-01T14:30:00Z'), endTime: new Date('2027-02-01T16:00:00Z') }), booker, actor),
    )
    expect(error).toBeInstanceOf(CaregiverDoubleBookedError)
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as Error).message).toBe(
      'Brian Okafor is already booked for "Morning care" (Feb 1, 2027, 9:00 AM – 10:00 AM). Choose another time or caregiver.',
    )
    expect(await prisma.appointment.count({ where: { title: 'Overlap' } })).toBe(0)
    expect(await prisma.auditLog.count({ where: { entityType: 'Appointment', details: { path: ['caregiverIds'], array_contains: [carer.id] } } })).toBe(1)
  })

  test('two overlapping bookings racing each other: exactly one wins', async () => {
    const carer = await caregiver('Chloe Nguyen')
    const results = await Promise.allSettled(
      ['First', 'Second', 'Third'].map((title, index) =>
        createAppointment(
          input({ title, caregiverId: carer.id, startTime: new Date(Date.parse('2027-02-02T14:00:00Z') + index * 10 * 60 * 1000), endTime: new Date('2027-02-02T16:00:00Z') }),
          booker,
          actor,
        ),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(CaregiverDoubleBookedError)
    }
    expect(await prisma.appointment.count({ where: { caregiverId: carer.id } })).toBe(1)
  })

  test('moving an appointment onto another of the same caregiver is refused; onto free time it is recorded as a reschedule', async () => {
    const carer = await caregiver('Darnell Brooks')
    await createAppointment(input({ title: 'Fixed', caregiverId: carer.id, startTime: new Date('2027-02-03T14:00:00Z'), endTime: new Date('2027-02-03T15:00:00Z') }), booker, actor)
    const moving = await createAppointment(
      input({ title: 'Moving', caregiverId: carer.id, startTime: new Date('2027-02-03T16:00:00Z'), endTime: new Date('2027-02-03T17:00:00Z') }),
      booker,
      actor,
    )
    const clash = { startTime: new Date('2027-02-03T14:30:00Z'), endTime: new Date('2027-02-03T15:30:00Z'), timeZone: 'America/New_York' }
    expect(await thrown(rescheduleAppointment(moving.id, clash, actor))).toBeInstanceOf(CaregiverDoubleBookedError)
    // Its own old time is no obstacle.
    const moved = await rescheduleAppointment(moving.id, { ...clash, startTime: new Date('2027-02-03T16:30:00Z'), endTime: new Date('2027-02-03T17:30:00Z') }, actor)
    expect(moved.startTime.toISOString()).toBe('2027-02-03T16:30:00.000Z')
    expect(await prisma.domainEvent.count({ where: { type: 'appointment.rescheduled', entityId: moving.id } })).toBe(1)
    // Sent again unchanged, it is refused beside the date: no second move recorded.
    const unchanged = await thrown(rescheduleAppointment(moving.id, { ...clash, startTime: moved.startTime, endTime: moved.endTime }, actor))
    expect(unchanged).toBeInstanceOf(RuleViolationError)
    expect(unchanged).toMatchObject({ field: 'date', message: UNCHANGED_TIME })
    expect(await prisma.domainEvent.count({ where: { type: 'appointment.rescheduled', entityId: moving.id } })).toBe(1)
  })

  test('status moves on by the rules; a cancelled one frees the caregiver and keeps its reason', async () => {
    const carer = await caregiver('Elena Petrova')
    const first = await createAppointment(input({ caregiverId: carer.id, startTime: new Date('2027-02-04T14:00:00Z'), endTime: new Date('2027-02-04T15:00:00Z') }), booker, actor)
    expect((await changeAppointmentStatus(first.id, 'confirm', actor)).status).toBe('confirmed')
    expect(await thrown(changeAppointmentStatus(first.id, 'confirm', actor))).toBeInstanceOf(ConflictError)
    expect(await thrown(changeAppointmentStatus(first.id, 'cancel', actor, { reason: ' ' }))).toBeInstanceOf(RuleViolationError)
    const cancelled = await changeAppointmentStatus(first.id, 'cancel', actor, { reason: 'Patient in hospital' })
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Patient in hospital' })
    expect(await prisma.domainEvent.count({ where: { type: 'appointment.cancelled', entityId: first.id } })).toBe(1)
    // A finished appointment is kept as it is.
    expect(await thrown(changeAppointmentStatus(first.id, 'complete', actor))).toBeInstanceOf(ConflictError)
    expect(await thrown(updateAppointment(first.id, input({ title: 'Changed' }), actor))).toBeInstanceOf(ConflictError)
    // The cancelled slot is free again.
    const second = await createAppointment(input({ caregiverId: carer.id, startTime: new Date('2027-02-04T14:00:00Z'), endTime: new Date('2027-02-04T15:00:00Z') }), booker, actor)
    expect((await changeAppointmentStatus(second.id, 'complete', actor)).status).toBe('completed')
  })

  test('a person who is not in the portal is refused beside their field', async () => {
    const error = await thrown(createAppointment(input({ patientId: '00000000-0000-4000-8000-000000000000' }), booker, actor))
    expect(error).toBeInstanceOf(RuleViolationError)
    expect(error).toMatchObject({ field: 'patientId' })
  })

  test("the calendar list's total is exact as the clock moves and as appointments change", async () => {
    // The window's whole hours are counted once and kept; the minutes at its ends and the visits going on at its start are not.
    const query = parseAppointmentListQuery(new URLSearchParams('q=windowtotal'))
    const at = (iso: string) => new Date(iso)
    const visits: Array<{ id: string; start: Date; end: Date }> = []
    async function visit(start: string, end: string) {
      const made = await createAppointment(input({ title: 'Windowtotal visit', startTime: at(start), endTime: at(end) }), booker, actor)
      visits.push({ id: made.id, start: at(start), end: at(end) })
    }
    // What the list should hold at `now`: every visit going on at it or starting in the 30 days after it.
    const expected = (now: Date) => visits.filter((one) => one.end > now && one.start < new Date(now.getTime() + 30 * 24 * 3600_000)).length
    async function total(now: Date) {
      return (await listUpcomingAppointments(query, actor, now)).total
    }

    await visit('2027-03-01T09:50:00Z', '2027-03-01T10:30:00Z') // going on at 10:20, over by 11:00
    await visit('2027-03-01T10:40:00Z', '2027-03-01T11:30:00Z') // in the first partial hour, then going on
    await visit('2027-03-15T14:00:00Z', '2027-03-15T15:00:00Z') // in the whole hours
    await visit('2027-03-31T10:10:00Z', '2027-03-31T10:50:00Z') // in the last partial hour at 10:20
    await visit('2027-03-31T10:50:00Z', '2027-03-31T11:20:00Z') // past the end at 10:20, inside it at 11:00

    const first = at('2027-03-01T10:20:00Z')
    expect(await total(first)).toBe(expected(first))
    expect(expected(first)).toBe(4)
    // A new visit in the kept hours counts at once.
    await visit('2027-03-20T14:00:00Z', '2027-03-20T15:00:00Z')
    expect(await total(first)).toBe(5)
    // Forty minutes later: one visit over, one more inside the end.
    const later = at('2027-03-01T11:00:00Z')
    expect(await total(later)).toBe(expected(later))
    expect(expected(later)).toBe(5)
    // A visit deleted from the kept hours leaves the count at once.
    await deleteAppointment(visits.splice(2, 1)[0]!.id, actor)
    expect(await total(later)).toBe(expected(later))
    expect(await total(first)).toBe(expected(first))
  })
})
