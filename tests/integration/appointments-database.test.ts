import { describe, expect, test } from 'vitest'
import { prisma } from '~/platform/db.server'
import { isExclusionViolation } from '~/platform/db-errors'

/**
 * What the database itself guarantees about appointments, whoever writes
 * them: no caregiver holds two active appointments at once, an appointment
 * ends after it starts, and deleting a person keeps their appointments.
 */
let made = 0

async function caregiver() {
  made += 1
  return prisma.caregiver.create({
    data: { fullName: `Carer ${made}`, phone: '2015550100', licenseNumber: 'L-1', yearsExperience: '1-2', searchText: 'carer', phoneDigits: '2015550100' },
  })
}

function appointment(data: { caregiverId?: string | null; start: string; end: string; status?: string; title?: string }) {
  return prisma.appointment.create({
    data: {
      title: data.title ?? 'Visit',
      startTime: new Date(data.start),
      endTime: new Date(data.end),
      timeZone: 'America/New_York',
      status: data.status ?? 'scheduled',
      caregiverId: data.caregiverId ?? null,
      createdBy: 'Test',
    },
  })
}

async function refusal(write: Promise<unknown>) {
  try {
    await write
  } catch (error) {
    return error
  }
  throw new Error('the write was accepted')
}

describe('the Appointment table', () => {
  test('refuses a caregiver an active appointment that overlaps another, as an exclusion violation', async () => {
    const { id } = await caregiver()
    await appointment({ caregiverId: id, start: '2027-01-04T14:00:00Z', end: '2027-01-04T15:00:00Z' })
    const error = await refusal(appointment({ caregiverId: id, start: '2027-01-04T14:30:00Z', end: '2027-01-04T15:30:00Z', status: 'confirmed' }))
    expect(isExclusionViolation(error, 'Appointment_caregiver_no_overlap')).toBe(true)
    // Inside a transaction too, where services write.
    const inTransaction = await refusal(
      prisma.$transaction(async (tx) => {
        await tx.appointment.create({
          data: { title: 'Clash', startTime: new Date('2027-01-04T13:30:00Z'), endTime: new Date('2027-01-04T14:01:00Z'), timeZone: 'UTC', caregiverId: id, createdBy: 'Test' },
        })
      }),
    )
    expect(isExclusionViolation(inTransaction)).toBe(true)
    expect(await prisma.appointment.count({ where: { caregiverId: id } })).toBe(1)
  })

  test('allows back-to-back visits, other caregivers, no caregiver, and overlaps with inactive appointments', async () => {
    const [first, second] = [await caregiver(), await caregiver()]
    await appointment({ caregiverId: first.id, start: '2027-01-05T14:00:00Z', end: '2027-01-05T15:00:00Z' })
    await appointment({ caregiverId: first.id, start: '2027-01-05T15:00:00Z', end: '2027-01-05T16:00:00Z' })
    await appointment({ caregiverId: second.id, start: '2027-01-05T14:00:00Z', end: '2027-01-05T15:00:00Z' })
    await appointment({ start: '2027-01-05T14:00:00Z', end: '2027-01-05T15:00:00Z' })
    await appointment({ start: '2027-01-05T14:00:00Z', end: '2027-01-05T15:00:00Z' })
    for (const status of ['cancelled', 'completed', 'no_show']) {
      await appointment({ caregiverId: first.id, start: '2027-01-05T14:30:00Z', end: '2027-01-05T15:30:00Z', status })
    }
    expect(await prisma.appointment.count({ where: { caregiverId: first.id } })).toBe(5)
  })

  test('reactivating a cancelled appointment that now overlaps is refused', async () => {
    const { id } = await caregiver()
    const cancelled = await appointment({ caregiverId: id, start: '2027-01-06T14:00:00Z', end: '2027-01-06T15:00:00Z', status: 'cancelled' })
    await appointment({ caregiverId: id, start: '2027-01-06T14:00:00Z', end: '2027-01-06T15:00:00Z' })
    const error = await refusal(prisma.appointment.update({ where: { id: cancelled.id }, data: { status: 'scheduled' } }))
    expect(isExclusionViolation(error)).toBe(true)
  })

  test('an appointment must end after it starts', async () => {
    const error = await refusal(appointment({ start: '2027-01-07T15:00:00Z', end: '2027-01-07T15:00:00Z' }))
    expect(String((error as Error).message)).toMatch(/Appointment_ends_after_start/)
  })

  test('deleting the caregiver keeps the appointment, without them', async () => {
    const { id } = await caregiver()
    const kept = await appointment({ caregiverId: id, start: '2027-01-08T14:00:00Z', end: '2027-01-08T15:00:00Z' })
    await prisma.caregiver.delete({ where: { id } })
    expect(await prisma.appointment.findUnique({ where: { id: kept.id } })).toMatchObject({ caregiverId: null, title: 'Visit' })
  })

  test('other failures are not taken for a clash', async () => {
    const error = await refusal(prisma.user.create({ data: { email: 'x', name: 'x', passwordHash: 'x', id: 'not-a-uuid' } }))
    expect(isExclusionViolation(error)).toBe(false)
    expect(isExclusionViolation(new Error('conflicting key value violates exclusion constraint'))).toBe(false)
  })
})
