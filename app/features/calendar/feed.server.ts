import crypto from 'node:crypto'
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { Actor } from '~/platform/actor'
import { recordAudit, recordListView } from '~/platform/audit.server'
import { roleHasPermission } from '~/platform/auth/permissions'
import { countAttempt } from '~/platform/auth/rate-limit.server'
import { prisma } from '~/platform/db.server'
import { appointmentLabel } from '~/features/calendar/options'

/**
 * Private iCalendar (RFC 5545) feeds: a URL per staff member that Outlook,
 * Google or Apple Calendar polls. The URL is the credential, so only its
 * SHA-256 is stored, it is shown once, and revoking it makes it answer 404.
 * A feed carries what a calendar needs (title, time, place, status) and
 * never notes, cancellation reasons or the people's names.
 */

const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/
/** How far back and ahead a feed reaches, and how many appointments it holds at most. */
export const FEED_DAYS_BACK = 30
export const FEED_DAYS_AHEAD = 180
export const FEED_LIMIT = 1500
const DAY = 24 * 60 * 60 * 1000
/** A calendar program polls every few minutes at most; writing lastUsedAt each time would be waste. */
const LAST_USED_PRECISION_MS = 60_000
/** Per client address: enough for an office full of subscribed calendars, too few to guess with. */
const FEED_LIMITS = (address: string | null) => [{ key: `calendar-feed:address:${address ?? 'unknown'}`, max: 300, windowMs: 15 * 60 * 1000 }]

export function feedPath(token: string) {
  return `/calendar/feed/${token}.ics`
}

function hashFeedToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** The token in a feed's file name ('{token}.ics'), or null when it cannot be one. */
export function feedTokenFrom(file: string | undefined) {
  return FEED_FILE.exec(file ?? '')?.[1] ?? null
}

/** The user's live feed (never its URL, which is not stored). */
export async function getCalendarFeed(userId: string) {
  return prisma.calendarFeed.findFirst({
    where: { userId, revokedAt: null },
    select: { id: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: 'desc' },
  })
}

/**
 * Makes the user a new feed URL; a feed they already had stops working in the
 * same transaction (one live feed per person). Returns the token, which is
 * never readable again.
 */
export async function createCalendarFeed(userId: string, actor: Actor) {
  const token = crypto.randomBytes(32).toString('base64url')
  const feed = await prisma.$transaction(async (tx) => {
    // Two creates at once by the same person must not leave two live feeds.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`
    const replaced = await tx.calendarFeed.findMany({ where: { userId, revokedAt: null }, select: { id: true } })
    if (replaced.length > 0) {
      await tx.calendarFeed.updateMany({ where: { id: { in: replaced.map((row) => row.id) } }, data: { revokedAt: new Date() } })
    }
    const created = await tx.calendarFeed.create({ data: { userId, tokenHash: hashFeedToken(token) }, select: { id: true, createdAt: true } })
    await recordAudit(
      { actor, action: 'create', entityType: 'CalendarFeed', entityId: created.id, details: { userId, replaced: replaced.map((row) => row.id) } },
      tx,
    )
    return created
  })
  return { token, feed }
}

/** Revokes the user's live feed: its URL answers 404 from now on. False when there was none. */
export async function revokeCalendarFeed(userId: string, actor: Actor) {
  return prisma.$transaction(async (tx) => {
    const live = await tx.calendarFeed.findMany({ where: { userId, revokedAt: null }, select: { id: true } })
    if (live.length === 0) return false
    await tx.calendarFeed.updateMany({ where: { id: { in: live.map((row) => row.id) } }, data: { revokedAt: new Date() } })
    for (const row of live) {
      await recordAudit(
        { actor, action: 'update', entityType: 'CalendarFeed', entityId: row.id, details: { userId, changed: ['revokedAt'] }, eventType: 'calendar_feed.revoked' },
        tx,
      )
    }
    return true
  })
}

const FEED_STATUS: Record<string, ICalEventStatus> = {
  scheduled: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
}

export type FeedAppointment = {
  id: string
  title: string
  startTime: Date
  endTime: Date
  appointmentType: string
  status: string
  location: string | null
  createdAt: Date
  updatedAt: Date
}

/**
 * The calendar text. UID is the appointment's id, so a calendar updates an
 * event in place; SEQUENCE grows with every change (seconds between booking
 * and the last change, which only ever increase).
 */
export function feedCalendar(appointments: readonly FeedAppointment[], { origin, now = new Date() }: { origin: string; now?: Date }) {
  const host = new URL(origin).hostname || 'healthcare-portal'
  const calendar = ical({
    name: 'Healthcare Portal appointments',
    description: "The agency's appointments from the Healthcare Portal",
    prodId: { company: 'Healthcare Portal', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar programs that honour it check back every 15 minutes.
    ttl: 15 * 60,
  })
  for (const appointment of appointments) {
    calendar.createEvent({
      id: `${appointment.id}@${host}`,
      start: appointment.startTime,
      end: appointment.endTime,
      summary: appointment.title,
      location: appointment.location,
      status: FEED_STATUS[appointment.status] ?? ICalEventStatus.CONFIRMED,
      description: `${appointmentLabel(appointment.appointmentType)} · ${appointmentLabel(appointment.status)}`,
      url: new URL(`/calendar/${appointment.id}`, origin).toString(),
      created: appointment.createdAt,
      lastModified: appointment.updatedAt,
      stamp: now,
      sequence: Math.max(0, Math.floor((appointment.updatedAt.getTime() - appointment.createdAt.getTime()) / 1000)),
    })
  }
  return calendar.toString()
}

export type FeedAnswer = { status: 'ok'; body: string } | { status: 'not_found' } | { status: 'too_many'; waitMs: number }

/**
 * A calendar program asks for a feed. Unknown, revoked, or belonging to
 * someone who may no longer read appointments (deactivated, role changed):
 * not found. The read is on the audit log as the feed's owner, like a list.
 */
export async function readCalendarFeed(file: string | undefined, { origin, ipAddress, now = new Date() }: { origin: string; ipAddress: string | null; now?: Date }): Promise<FeedAnswer> {
  const waitMs = await countAttempt(FEED_LIMITS(ipAddress))
  if (waitMs > 0) return { status: 'too_many', waitMs }
  const token = feedTokenFrom(file)
  if (!token) return { status: 'not_found' }
  const feed = await prisma.calendarFeed.findUnique({
    where: { tokenHash: hashFeedToken(token) },
    select: { id: true, revokedAt: true, lastUsedAt: true, user: { select: { id: true, role: true, isActive: true } } },
  })
  if (!feed || feed.revokedAt || !feed.user.isActive || !roleHasPermission(feed.user.role, 'records:read')) return { status: 'not_found' }

  const appointments = await prisma.appointment.findMany({
    where: { startTime: { gte: new Date(now.getTime() - FEED_DAYS_BACK * DAY), lt: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY) } },
    // Notes and the reason for a cancellation are never read, so they cannot leak into the text.
    select: { id: true, title: true, startTime: true, endTime: true, appointmentType: true, status: true, location: true, createdAt: true, updatedAt: true },
    orderBy: [{ startTime: 'asc' }, { id: 'asc' }],
    take: FEED_LIMIT,
  })
  if (!feed.lastUsedAt || now.getTime() - feed.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await prisma.calendarFeed.update({ where: { id: feed.id }, data: { lastUsedAt: now } })
  }
  const actor: Actor = { kind: 'api', userId: feed.user.id, ipAddress, label: 'calendar-feed' }
  await recordListView({ actor, entityType: 'Appointment', ids: appointments.map((row) => row.id), details: { calendarFeedId: feed.id } })
  return { status: 'ok', body: feedCalendar(appointments, { origin, now }) }
}
