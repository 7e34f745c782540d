import {
  GHL_NOT_CONFIGURED,
  type GhlAppointmentInput,
  type GhlAppointmentStatus,
  GhlError,
  createGhlAppointment,
  deleteGhlAppointment,
  findGhlAppointments,
  updateGhlAppointment,
} from '~/integrations/gohighlevel/client.server'
import { type GhlConfig, getGhlConfig } from '~/integrations/settings.server'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { NotFoundError, RuleViolationError } from '~/platform/errors'
import type { EventSubscriber } from '~/platform/events.server'
import { PermanentJobError, enqueueJobs } from '~/platform/jobs.server'

/**
 * A lead's appointment copied to a GoHighLevel calendar. Staff choose the
 * calendar; the copy is made, changed and cancelled by a durable job (one
 * queued per appointment, by its dedupe key) that sends the appointment as
 * it is when the job runs, so any number of changes cost one call. A create
 * whose answer was lost is looked for before another is sent, so retries
 * never make a second event.
 */
export const GHL_APPOINTMENT_PUSH_JOB = 'ghl.pushAppointment'
export const NO_SYNCED_LEAD = "This appointment's lead is not synced to GoHighLevel yet: sync the lead first"
const LOST_CREATE_WINDOW_MS = 31 * 24 * 60 * 60 * 1000

const GHL_STATUS: Record<string, GhlAppointmentStatus> = {
  scheduled: 'new',
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  completed: 'showed',
  no_show: 'noshow',
}

export type GhlPushState = { calendarId: string; status: string; lastError: string | null; syncedAt: Date | null; ghlEventId: string | null }

export async function getGhlPushState(appointmentId: string): Promise<GhlPushState | null> {
  return prisma.ghlAppointmentLink.findUnique({
    where: { appointmentId },
    select: { calendarId: true, status: true, lastError: true, syncedAt: true, ghlEventId: true },
  })
}

function pushJob(appointmentId: string) {
  return { type: GHL_APPOINTMENT_PUSH_JOB, payload: { appointmentId }, dedupeKey: `${GHL_APPOINTMENT_PUSH_JOB}:${appointmentId}` }
}

/**
 * Staff send an appointment to a GoHighLevel calendar (or move its copy to
 * another). Only an appointment for a lead GoHighLevel knows can go. The
 * choice, its audit entry and the job are saved together.
 */
export async function requestGhlPush(appointmentId: string, calendarId: string, actor: Actor) {
  const calendar = calendarId.trim()
  if (!calendar || calendar.length > 200) throw new RuleViolationError('Choose a GoHighLevel calendar', 'calendarId')
  await prisma.$transaction(async (tx) => {
    const appointment = await tx.appointment.findUnique({ where: { id: appointmentId }, select: { id: true, lead: { select: { ghlContactId: true } } } })
    if (!appointment) throw new NotFoundError('Appointment')
    if (!appointment.lead?.ghlContactId) throw new RuleViolationError(NO_SYNCED_LEAD, 'calendarId')
    await tx.ghlAppointmentLink.upsert({
      where: { appointmentId },
      create: { appointmentId, calendarId: calendar },
      update: { calendarId: calendar, status: 'pending', lastError: null },
    })
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'Appointment',
        entityId: appointmentId,
        details: { changed: ['ghlCalendarId'], ghlCalendarId: calendar },
        eventType: 'appointment.ghl_push_requested',
      },
      tx,
    )
    await enqueueJobs([pushJob(appointmentId)], tx)
  })
}

/** Changes that GoHighLevel's copy follows. */
export const FOLLOWED_EVENTS = [
  'appointment.updated',
  'appointment.rescheduled',
  'appointment.confirmed',
  'appointment.cancelled',
  'appointment.completed',
  'appointment.no_show',
  'appointment.deleted',
] as const

/**
 * Queues the push for an appointment that has a GoHighLevel copy. A push
 * already waiting will send the latest state; one already running may have
 * read the state before this change, so the delivery is retried until the
 * push can be queued after it.
 */
export const ghlAppointmentFollower: EventSubscriber = {
  name: 'ghl-appointment-follower',
  events: FOLLOWED_EVENTS,
  async handle(event) {
    if (!event.entityId) return
    const link = await prisma.ghlAppointmentLink.findUnique({ where: { appointmentId: event.entityId }, select: { appointmentId: true } })
    if (!link) return
    const job = pushJob(event.entityId)
    const [queued] = await enqueueJobs([job])
    if (queued) return
    const running = await prisma.job.count({ where: { dedupeKey: job.dedupeKey, status: 'running' } })
    if (running > 0) throw new Error('A GoHighLevel push for this appointment is under way; this change follows it')
  },
}

async function setLink(appointmentId: string, data: { status: string; lastError?: string | null; ghlEventId?: string; syncedAt?: Date }) {
  await prisma.ghlAppointmentLink.updateMany({ where: { appointmentId }, data: { lastError: null, ...data } })
}

/** After a create whose answer never came: the event it made, if it made one. */
async function findLostCreate(config: GhlConfig, input: GhlAppointmentInput) {
  const events = await findGhlAppointments(config, {
    calendarId: input.calendarId,
    from: new Date(input.startTime.getTime() - LOST_CREATE_WINDOW_MS),
    to: new Date(input.startTime.getTime() + LOST_CREATE_WINDOW_MS),
  })
  return events.find((event) => event.contactId === input.contactId && event.title === input.title) ?? null
}

async function push(appointmentId: string) {
  const link = await prisma.ghlAppointmentLink.findUnique({ where: { appointmentId } })
  if (!link) return
  const config = await getGhlConfig()
  if (!config) throw new GhlError(GHL_NOT_CONFIGURED, false, undefined, 'not_configured')
  const appointment = await prisma.appointment.findUnique({ where: { id: appointmentId }, include: { lead: { select: { ghlContactId: true } } } })

  if (!appointment) {
    // Deleted in the portal: the copy goes too (one already gone is fine).
    if (link.ghlEventId) {
      try {
        await deleteGhlAppointment(config, link.ghlEventId)
      } catch (error) {
        if (!(error instanceof GhlError && error.status === 404)) throw error
      }
    }
    await prisma.ghlAppointmentLink.delete({ where: { appointmentId } })
    return
  }
  const contactId = appointment.lead?.ghlContactId
  if (!contactId) throw new GhlError(NO_SYNCED_LEAD, false, undefined, 'refused')
  const input: GhlAppointmentInput = {
    calendarId: link.calendarId,
    contactId,
    startTime: appointment.startTime,
    endTime: appointment.endTime,
    title: appointment.title,
    appointmentStatus: GHL_STATUS[appointment.status] ?? 'new',
    address: appointment.location,
  }
  let eventId = link.ghlEventId
  if (!eventId && link.createAttempts > 0) eventId = (await findLostCreate(config, input))?.id ?? null
  if (eventId) {
    await updateGhlAppointment(config, eventId, input)
  } else {
    // Counted before the call: if its answer is lost, the next run looks before sending again.
    await prisma.ghlAppointmentLink.update({ where: { appointmentId }, data: { createAttempts: { increment: 1 } } })
    eventId = (await createGhlAppointment(config, input)).id
  }
  await setLink(appointmentId, { status: 'synced', ghlEventId: eventId, syncedAt: new Date() })
}

/** The job: an outage or timeout is retried with the queue's backoff; a refusal fails with GoHighLevel's reason. */
export async function runGhlAppointmentPushJob(payload: unknown) {
  const appointmentId = (payload as { appointmentId?: unknown } | null)?.appointmentId
  if (typeof appointmentId !== 'string') throw new PermanentJobError('Job payload has no appointmentId')
  try {
    await push(appointmentId)
  } catch (error) {
    if (!(error instanceof GhlError)) throw error
    await setLink(appointmentId, { status: error.retryable ? 'pending' : 'failed', lastError: error.message })
    throw error.retryable ? error : new PermanentJobError(error.message)
  }
}

/** What the GoHighLevel dialog needs: whether the lead can go, and the copy's state. */
export async function ghlPushContext(appointmentId: string) {
  const appointment = await prisma.appointment.findUnique({ where: { id: appointmentId }, select: { lead: { select: { ghlContactId: true } } } })
  return { leadSynced: Boolean(appointment?.lead?.ghlContactId), state: await getGhlPushState(appointmentId) }
}
