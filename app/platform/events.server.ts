import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { type JobHandlers, PermanentJobError, enqueueJobs } from '~/platform/jobs.server'

/**
 * Domain events: what happened to a record, for the areas that react to it
 * (e-mail automation, workflows, the dashboard) instead of being called from
 * the routes. An event is written in the transaction of its change (see
 * recordAudit), so it exists exactly when the change committed. The worker
 * then dispatches undispatched events in the order they were recorded: one
 * delivery job per subscriber of the event's type, so a failing subscriber is
 * retried with the queue's backoff while the others and later events go on.
 */
export type DomainEvent = {
  id: string
  /** <entity>.<what happened>, lower case: 'lead.created', 'patient.registration_submitted'. */
  type: string
  entityType: string
  entityId: string | null
  actorKind: string
  actorUserId: string | null
  /** What the audit entry keeps: ids and changed field names, never more. */
  payload: Prisma.JsonValue
  occurredAt: Date
}

export type EventSubscriber = {
  /** Unique and stable: each delivery is a job named after it. */
  name: string
  /** The event types it is given. */
  events: readonly string[]
  /**
   * Throw to have the delivery retried with backoff (PermanentJobError to
   * give up). A delivery that succeeded is not repeated, but one whose worker
   * died mid-way is, so a handler should tolerate seeing an event id twice.
   */
  handle: (event: DomainEvent) => Promise<void>
}

export const DELIVER_EVENT_JOB = 'domainEvent.deliver'

const CHANGE_WORDS = { create: 'created', update: 'updated', delete: 'deleted' } as const
export type ChangeAction = keyof typeof CHANGE_WORDS

export function isChangeAction(action: string): action is ChangeAction {
  return Object.hasOwn(CHANGE_WORDS, action)
}

/** ('DocumentType', 'update') → 'document_type.updated'. */
export function changeEventType(entityType: string, action: ChangeAction) {
  const entity = entityType.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
  return `${entity}.${CHANGE_WORDS[action]}`
}

type NewDomainEvent = {
  type: string
  actor: Actor
  entityType: string
  entityId?: string | null
  payload?: Prisma.InputJsonValue
}

/** Call inside the change's transaction; recordAudit does it for every change it logs. */
export async function recordDomainEvent(event: NewDomainEvent, db: Prisma.TransactionClient) {
  await db.domainEvent.create({
    data: {
      type: event.type,
      entityType: event.entityType,
      entityId: event.entityId ?? null,
      actorKind: event.actor.kind,
      actorUserId: event.actor.userId,
      payload: event.payload,
    },
  })
}

const DISPATCH_BATCH = 100

/**
 * Queues a delivery job for each subscriber of each undispatched event,
 * oldest first, and marks the events dispatched in the same transaction, so
 * each event is fanned out once even with several instances running.
 * Returns how many events were dispatched.
 */
export async function dispatchDomainEvents(subscribers: readonly EventSubscriber[]) {
  let dispatched = 0
  for (;;) {
    const count = await dispatchBatch(subscribers)
    dispatched += count
    if (count < DISPATCH_BATCH) return dispatched
  }
}

function dispatchBatch(subscribers: readonly EventSubscriber[]) {
  return prisma.$transaction(async (tx) => {
    const events = await tx.$queryRaw<Array<{ id: string; type: string; occurredAt: Date }>>`
      SELECT "id"::text AS "id", "type", "occurredAt" FROM "DomainEvent"
      WHERE "dispatchedAt" IS NULL
      ORDER BY "sequence"
      FOR UPDATE SKIP LOCKED
      LIMIT ${DISPATCH_BATCH}`
    if (events.length === 0) return 0
    await enqueueJobs(
      events.flatMap((event) =>
        subscribers
          .filter((subscriber) => subscriber.events.includes(event.type))
          .map((subscriber) => ({
            type: DELIVER_EVENT_JOB,
            payload: { eventId: event.id, subscriber: subscriber.name },
            // Due since it happened, so deliveries are claimed in the order of their events.
            runAt: event.occurredAt,
            dedupeKey: `${DELIVER_EVENT_JOB}:${event.id}:${subscriber.name}`,
          })),
      ),
      tx,
    )
    await tx.domainEvent.updateMany({
      where: { id: { in: events.map((event) => event.id) } },
      data: { dispatchedAt: new Date() },
    })
    return events.length
  })
}

const eventSelect = {
  id: true,
  type: true,
  entityType: true,
  entityId: true,
  actorKind: true,
  actorUserId: true,
  payload: true,
  occurredAt: true,
} as const satisfies Prisma.DomainEventSelect

/** The job handler that hands one event to one subscriber. Refuses two subscribers of one name. */
export function eventDeliveryHandlers(subscribers: readonly EventSubscriber[]): JobHandlers {
  const byName = new Map<string, EventSubscriber>()
  for (const subscriber of subscribers) {
    if (byName.has(subscriber.name)) throw new Error(`Two event subscribers are named ${subscriber.name}`)
    byName.set(subscriber.name, subscriber)
  }
  return {
    [DELIVER_EVENT_JOB]: async (payload) => {
      const { eventId, subscriber: name } = (payload ?? {}) as { eventId?: string; subscriber?: string }
      const subscriber = name ? byName.get(name) : undefined
      // Removed or renamed since the delivery was queued: nobody is left to deliver to.
      if (!subscriber) throw new PermanentJobError(`No event subscriber named ${String(name)}`)
      const event = eventId ? await prisma.domainEvent.findUnique({ where: { id: eventId }, select: eventSelect }) : null
      if (!event) throw new PermanentJobError(`No domain event ${String(eventId)}`)
      await subscriber.handle(event)
    },
  }
}
