import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import {
  BoldsignError,
  downloadBoldsignDocument,
  getBoldsignDocument,
  remindBoldsignDocument,
  revokeBoldsignDocument,
} from '~/integrations/boldsign/client.server'
import { GoformzError, downloadGoformzFormPdf, getGoformzForm } from '~/integrations/goformz/client.server'
import { getGoformzConfig, getGoformzSettingsView } from '~/integrations/goformz/settings.server'
import { getBoldsignConfig } from '~/integrations/settings.server'
import { type EsignProvider, type EsignStatus, DEFAULT_ESIGN_MESSAGE, PROVIDER_LABELS, isEsignProvider } from '~/features/esign/options'
import { notConfiguredMessage } from '~/features/esign/providers.server'
import { publicOrigin } from '~/features/email/sender.server'
import { recordAudit } from '~/platform/audit.server'
import { type Actor, isStaffActor, systemActor } from '~/platform/actor'
import { isUniqueViolation } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import { ConflictError, NotFoundError } from '~/platform/errors'
import { PermanentJobError, enqueueJobs, runJobNow } from '~/platform/jobs.server'
import { stripActiveContent } from '~/platform/pdf-safety.server'
import { assertPdfHead, getStorage } from '~/platform/storage.server'
import { isUuid } from '~/lib/ids'

/**
 * Following a request to its end. The providers say what happened (BoldSign
 * by signed webhooks, GoFormz by a webhook that is only a hint, confirmed by
 * asking GoFormz), and a sweep asks them about anything not yet settled, so
 * a lost webhook delays news but never loses it. Moves only go forward
 * (sent → viewed → signed → completed, or to declined, expired or
 * cancelled), so a late or replayed event changes nothing. Provider calls
 * (status, reminders, revoking, the signed copy) are jobs: retried on an
 * outage, never lost to a crash.
 */
export const ESIGN_REFRESH_JOB = 'esign.refresh'
export const ESIGN_REMIND_JOB = 'esign.remind'
export const ESIGN_REVOKE_JOB = 'esign.revoke'
export const ESIGN_FETCH_SIGNED_JOB = 'esign.fetch-signed'
export const ESIGN_SWEEP_JOB = 'esign.sweep'
/** How often the sweep runs: expiry, reminders due, and asking the providers. */
export const ESIGN_SWEEP_EVERY_MS = 15 * 60 * 1000

const TRACK_ACTOR = systemActor('esign-tracking')
const DAY_MS = 24 * 60 * 60 * 1000
/** The first reminder after three days without a signature, then one a week. */
export const FIRST_REMINDER_AFTER_MS = 3 * DAY_MS
export const REMINDER_EVERY_MS = 7 * DAY_MS
/** A request the webhooks have not settled is asked about when it has been quiet this long. */
const ASK_AFTER_QUIET_MS = 10 * 60 * 1000

const PROGRESS: Partial<Record<EsignStatus, number>> = { sending: 0, sent: 1, viewed: 2, signed: 3, completed: 4 }
const ENDINGS: readonly EsignStatus[] = ['completed', 'declined', 'expired', 'cancelled', 'failed']
const STAMP: Partial<Record<EsignStatus, keyof Prisma.EsignRequestUpdateManyMutationInput>> = {
  sent: 'sentAt',
  viewed: 'viewedAt',
  signed: 'signedAt',
  completed: 'completedAt',
  declined: 'declinedAt',
  expired: 'expiredAt',
  cancelled: 'cancelledAt',
}

/** Statuses a move to `to` may start from: only forward, never out of an ending. */
function movableFrom(to: EsignStatus): EsignStatus[] {
  const rank = PROGRESS[to]
  const open = (Object.keys(PROGRESS) as EsignStatus[]).filter((status) => !ENDINGS.includes(status))
  return rank === undefined ? open : open.filter((status) => (PROGRESS[status] ?? 0) < rank)
}

type Move = { to: EsignStatus; actor?: Actor; detail?: string | null; providerEventId?: string | null; at?: Date }

/**
 * Moves a request to `to` when that is forward from where it stands; false
 * (and nothing written) otherwise. Completion queues the signed copy's fetch.
 */
export async function moveRequest(requestId: string, move: Move, tx: Prisma.TransactionClient) {
  const at = move.at ?? new Date()
  const stamp = STAMP[move.to]
  const { count } = await tx.esignRequest.updateMany({
    where: { id: requestId, status: { in: movableFrom(move.to) } },
    data: { status: move.to, ...(stamp ? { [stamp]: at } : {}) },
  })
  if (count === 0) return false
  await tx.esignRequestEvent.create({
    data: { requestId, type: move.to, detail: move.detail ?? null, providerEventId: move.providerEventId ?? null, occurredAt: at },
  })
  await recordAudit(
    {
      actor: move.actor ?? TRACK_ACTOR,
      action: 'update',
      entityType: 'EsignRequest',
      entityId: requestId,
      eventType: `esign_request.${move.to}`,
      details: { status: move.to, ...(move.providerEventId ? { providerEventId: move.providerEventId } : {}) },
    },
    tx,
  )
  if (move.to === 'completed') {
    await enqueueJobs([{ type: ESIGN_FETCH_SIGNED_JOB, payload: { requestId }, dedupeKey: `${ESIGN_FETCH_SIGNED_JOB}:${requestId}` }], tx)
  }
  return true
}

/** BoldSign's document events and what each means here. */
const BOLDSIGN_EVENTS: Record<string, EsignStatus> = {
  Sent: 'sent',
  Viewed: 'viewed',
  Signed: 'signed',
  Completed: 'completed',
  Declined: 'declined',
  Expired: 'expired',
  Revoked: 'cancelled',
}

export function isBoldsignDocumentEvent(eventType: string) {
  return eventType in BOLDSIGN_EVENTS
}

/**
 * A verified BoldSign document event: recorded as handled and applied in one
 * transaction, so a repeat is known and a crash leaves it to be delivered
 * again. An event about a document the portal did not send is acknowledged.
 */
export async function applyBoldsignDocumentEvent(event: { eventId: string; eventType: string; documentId: string }) {
  const to = BOLDSIGN_EVENTS[event.eventType]
  if (!to) return 'ignored' as const
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.webhookEvent.create({ data: { provider: 'boldsign', eventId: event.eventId, eventType: event.eventType } })
      const request = await tx.esignRequest.findUnique({
        where: { provider_providerRequestId: { provider: 'boldsign', providerRequestId: event.documentId } },
        select: { id: true },
      })
      if (!request) return 'unknown' as const
      // Dated when received: BoldSign's own time has whole seconds only and would sort before what preceded it.
      const moved = await moveRequest(request.id, { to, providerEventId: event.eventId, detail: 'BoldSign webhook' }, tx)
      return moved ? ('applied' as const) : ('unchanged' as const)
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate' as const
    throw error
  }
}

/**
 * A GoFormz webhook names a form; nothing it says is believed. The request
 * behind the form is asked about (a job), and GoFormz's answer decides.
 */
export async function noteGoformzWebhook(formId: string) {
  const request = await prisma.esignRequest.findUnique({
    where: { provider_providerRequestId: { provider: 'goformz', providerRequestId: formId } },
    select: { id: true, status: true },
  })
  if (!request || ENDINGS.includes(request.status as EsignStatus)) return false
  await enqueueJobs([{ type: ESIGN_REFRESH_JOB, payload: { requestId: request.id }, dedupeKey: `${ESIGN_REFRESH_JOB}:${request.id}` }])
  return true
}

/** Whether `given` is the GoFormz webhook secret, compared in constant time. */
export function sameSecret(given: string, expected: string) {
  const a = crypto.createHash('sha256').update(given).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}

function providerError(error: unknown) {
  return error instanceof BoldsignError || error instanceof GoformzError
}

/** Provider failures: an outage is retried by the queue, a refusal ends the job. */
function rethrow(error: unknown): never {
  if (providerError(error) && !(error as BoldsignError | GoformzError).retryable) throw new PermanentJobError((error as Error).message)
  throw error
}

async function loadForJob(payload: unknown) {
  const requestId = (payload as { requestId?: unknown } | null)?.requestId
  if (typeof requestId !== 'string') throw new PermanentJobError('Job payload has no requestId')
  const request = await prisma.esignRequest.findUnique({ where: { id: requestId } })
  if (!request) throw new PermanentJobError('The e-signature request no longer exists')
  return request
}

type Request = Awaited<ReturnType<typeof loadForJob>>

/** What the provider says of the request now, as a status here (null: nothing new to say). */
async function providerStatus(request: Request): Promise<EsignStatus | null> {
  if (!request.providerRequestId) return null
  if (request.provider === 'goformz') {
    const config = await getGoformzConfig()
    if (!config) throw new PermanentJobError(notConfiguredMessage('goformz'))
    const form = await getGoformzForm(config, request.providerRequestId)
    return /^complete/i.test(form.status) ? 'completed' : null
  }
  const config = await getBoldsignConfig()
  if (!config) throw new PermanentJobError(notConfiguredMessage('boldsign'))
  const document = await getBoldsignDocument(config, request.providerRequestId)
  const ended: Record<string, EsignStatus> = { Completed: 'completed', Declined: 'declined', Expired: 'expired', Revoked: 'cancelled' }
  return ended[document.status] ?? (document.signed ? 'signed' : document.viewed ? 'viewed' : null)
}

/** esign.refresh: asks the provider where a request stands and moves it there. */
export async function runEsignRefreshJob(payload: unknown) {
  const request = await loadForJob(payload)
  if (ENDINGS.includes(request.status as EsignStatus) || request.status === 'sending') return
  let to: EsignStatus | null
  try {
    to = await providerStatus(request)
  } catch (error) {
    rethrow(error)
  }
  await prisma.$transaction(async (tx) => {
    if (to) await moveRequest(request.id, { to, detail: `Confirmed with ${PROVIDER_LABELS[request.provider as EsignProvider]}` }, tx)
    // Touched either way, so the sweep does not ask again at once.
    await tx.esignRequest.update({ where: { id: request.id }, data: { updatedAt: new Date() } })
  })
}

function actorOf(payload: unknown): Actor {
  const userId = (payload as { userId?: unknown } | null)?.userId
  return typeof userId === 'string' ? { kind: 'user', userId, ipAddress: null } : TRACK_ACTOR
}

/** esign.remind: the provider reminds the signer; the timeline and the trail say who asked. */
export async function runEsignRemindJob(payload: unknown) {
  const request = await loadForJob(payload)
  if (request.provider === 'portal') {
    if (!remindableStatuses(request.provider).includes(request.status)) return
    // Staff's reminder links to where they work; the sweep's to the portal's public address.
    const origin = (payload as { origin?: unknown } | null)?.origin
    try {
      // Imported when used: the portal's signing module imports this one (a cycle at import time).
      const { remindPortalSigner } = await import('~/features/portal-signing/links.server')
      await remindPortalSigner(request.id, actorOf(payload), typeof origin === 'string' ? origin : publicOrigin())
    } catch (error) {
      if (error instanceof ConflictError) throw new PermanentJobError(error.message)
      throw error
    }
    return
  }
  if (!['sent', 'viewed'].includes(request.status) || !request.providerRequestId) return
  const config = await getBoldsignConfig()
  if (request.provider !== 'boldsign' || !config) throw new PermanentJobError(noReminderMessage(request.provider))
  try {
    await remindBoldsignDocument(config, request.providerRequestId, request.message ?? DEFAULT_ESIGN_MESSAGE)
  } catch (error) {
    rethrow(error)
  }
  const actor = actorOf(payload)
  await prisma.$transaction(async (tx) => {
    await tx.esignRequest.update({ where: { id: request.id }, data: { lastReminderAt: new Date() } })
    await tx.esignRequestEvent.create({ data: { requestId: request.id, type: 'reminder_sent', detail: isStaffActor(actor) ? 'Sent by staff' : 'Automatic' } })
    await recordAudit(
      { actor, action: 'update', entityType: 'EsignRequest', entityId: request.id, eventType: 'esign_request.reminded', details: { automatic: !isStaffActor(actor) } },
      tx,
    )
  })
}

/** esign.revoke: a cancelled request is withdrawn at BoldSign too, so the link stops working. */
export async function runEsignRevokeJob(payload: unknown) {
  const request = await loadForJob(payload)
  if (request.status !== 'cancelled' || request.provider !== 'boldsign' || !request.providerRequestId) return
  const config = await getBoldsignConfig()
  if (!config) throw new PermanentJobError(notConfiguredMessage('boldsign'))
  try {
    await revokeBoldsignDocument(config, request.providerRequestId, 'This signature request was cancelled.')
  } catch (error) {
    rethrow(error)
  }
  await prisma.esignRequestEvent.create({ data: { requestId: request.id, type: 'revoked', detail: 'Withdrawn at BoldSign' } })
}

const MAX_SIGNED_BYTES = 50 * 1024 * 1024

/**
 * esign.fetch-signed: the signed PDF from the provider, stored in the
 * document library (Agreements) and linked from its request. Stored once:
 * a request that has its copy is left alone.
 */
export async function runEsignFetchSignedJob(payload: unknown) {
  const request = await loadForJob(payload)
  if (request.status !== 'completed' || request.signedDocumentId || !request.providerRequestId) return
  let bytes: Uint8Array
  try {
    if (request.provider === 'goformz') {
      const config = await getGoformzConfig()
      if (!config) throw new PermanentJobError(notConfiguredMessage('goformz'))
      bytes = await downloadGoformzFormPdf(config, request.providerRequestId)
    } else {
      const config = await getBoldsignConfig()
      if (!config) throw new PermanentJobError(notConfiguredMessage('boldsign'))
      bytes = await downloadBoldsignDocument(config, request.providerRequestId)
    }
  } catch (error) {
    rethrow(error)
  }
  const storage = getStorage()
  const key = `documents/${crypto.randomUUID()}.pdf`
  const stored = await storage.write(
    key,
    (async function* () {
      yield bytes
    })(),
    {
      maxBytes: MAX_SIGNED_BYTES,
      checkHead: assertPdfHead,
      checkContent: async (content) => {
        const { bytes: clean, removed } = await stripActiveContent(content)
        return removed.length > 0 ? clean : undefined
      },
    },
  )
  const provider = isEsignProvider(request.provider) ? PROVIDER_LABELS[request.provider] : request.provider
  const fileName = `${request.title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 120) || 'signed-document'} (signed).pdf`
  try {
    await prisma.$transaction(async (tx) => {
      const document = await tx.document.create({
        data: {
          name: `${request.title} (signed)`,
          description: `Signed by ${request.recipientName} through ${provider}`,
          category: 'agreements',
          fileName,
          fileSize: stored.size,
          mimeType: 'application/pdf',
          storageKey: stored.key,
          sha256: stored.sha256,
          uploadedById: null,
          uploadedBy: `${provider} (e-signature)`,
          // On the lead's record, when it was sent from one.
          leadId: request.leadId,
        },
        select: { id: true },
      })
      const { count } = await tx.esignRequest.updateMany({ where: { id: request.id, signedDocumentId: null }, data: { signedDocumentId: document.id } })
      // Another run stored it first: this copy goes (the transaction rolls back).
      if (count === 0) throw new ConflictError('The signed copy is already stored')
      await tx.esignRequestEvent.create({ data: { requestId: request.id, type: 'signed_copy_stored', detail: document.id } })
      await recordAudit(
        { actor: TRACK_ACTOR, action: 'create', entityType: 'Document', entityId: document.id, details: { esignRequestId: request.id, category: 'agreements' } },
        tx,
      )
      await recordAudit(
        { actor: TRACK_ACTOR, action: 'update', entityType: 'EsignRequest', entityId: request.id, eventType: 'esign_request.signed_copy_stored', details: { documentId: document.id } },
        tx,
      )
    })
  } catch (error) {
    await storage.remove(stored.key)
    if (error instanceof ConflictError) return
    throw error
  }
}

/**
 * esign.sweep (every 15 minutes): expires what passed its date, queues the
 * reminders due (three days after sending, then weekly) when reminders are
 * on, asks the providers about requests their webhooks left unsettled, and
 * fetches signed copies still missing.
 */
export async function runEsignSweepJob(now = new Date()) {
  const expired = await prisma.esignRequest.findMany({
    where: { status: { in: ['sent', 'viewed', 'signed'] }, expiresAt: { lte: now } },
    select: { id: true },
    take: 500,
  })
  for (const request of expired) {
    await prisma.$transaction((tx) => moveRequest(request.id, { to: 'expired', detail: 'The expiry date passed', at: now }, tx))
  }

  const jobs: Array<{ type: string; payload: { requestId: string }; dedupeKey: string }> = []
  const queue = (type: string, requestId: string) => jobs.push({ type, payload: { requestId }, dedupeKey: `${type}:${requestId}` })

  const goformz = await getGoformzSettingsView()
  if (goformz.enableESignatureReminders) {
    const due = await prisma.esignRequest.findMany({
      where: {
        OR: [
          { provider: 'boldsign', status: { in: ['sent', 'viewed'] } },
          // A portal request waits for its next signer after the first has signed, too.
          { provider: 'portal', status: { in: ['sent', 'viewed', 'signed'] } },
        ],
        AND: {
          OR: [
            { lastReminderAt: null, sentAt: { lte: new Date(now.getTime() - FIRST_REMINDER_AFTER_MS) } },
            { lastReminderAt: { lte: new Date(now.getTime() - REMINDER_EVERY_MS) } },
          ],
        },
      },
      select: { id: true },
      take: 500,
    })
    for (const request of due) queue(ESIGN_REMIND_JOB, request.id)
  }

  const quiet = await prisma.esignRequest.findMany({
    where: { status: { in: ['sent', 'viewed', 'signed'] }, providerRequestId: { not: null }, updatedAt: { lte: new Date(now.getTime() - ASK_AFTER_QUIET_MS) } },
    select: { id: true },
    orderBy: { updatedAt: 'asc' },
    take: 200,
  })
  for (const request of quiet) queue(ESIGN_REFRESH_JOB, request.id)

  const unfetched = await prisma.esignRequest.findMany({ where: { status: 'completed', signedDocumentId: null }, select: { id: true }, take: 200 })
  for (const request of unfetched) queue(ESIGN_FETCH_SIGNED_JOB, request.id)
  await enqueueJobs(jobs)
}

/** Where a request must stand to be reminded: a portal request also while later signers wait. */
function remindableStatuses(provider: string) {
  return provider === 'portal' ? ['sent', 'viewed', 'signed'] : ['sent', 'viewed']
}

export function noReminderMessage(provider: string) {
  return provider === 'goformz'
    ? 'GoFormz has no reminder call: remind the person completing the form in GoFormz'
    : notConfiguredMessage(isEsignProvider(provider) ? provider : 'boldsign')
}

async function requestFor(id: string) {
  const request = isUuid(id) ? await prisma.esignRequest.findUnique({ where: { id } }) : null
  if (!request) throw new NotFoundError('E-signature request')
  return request
}

/** Staff send a reminder now: queued (so an outage retries it) and tried at once. */
export async function remindEsignRequest(id: string, actor: Actor, origin?: string) {
  const request = await requestFor(id)
  if (!remindableStatuses(request.provider).includes(request.status)) throw new ConflictError(`A ${request.status} request cannot be reminded`)
  if (request.provider !== 'boldsign' && request.provider !== 'portal') throw new ConflictError(noReminderMessage(request.provider))
  const dedupeKey = `${ESIGN_REMIND_JOB}:${request.id}`
  const payload = { requestId: request.id, ...(isStaffActor(actor) ? { userId: actor.userId } : {}), ...(origin ? { origin } : {}) }
  await enqueueJobs([{ type: ESIGN_REMIND_JOB, payload, dedupeKey }])
  const run = await runJobNow(dedupeKey, runEsignRemindJob)
  const after = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })
  // null: a reminder already queued (by the sweep) is running or waiting.
  return { request: after, outcome: run?.outcome ?? 'failed', error: run?.error ?? null }
}

/**
 * Staff cancel a request not yet settled: cancelled here at once (a send
 * still queued is not made), then withdrawn at BoldSign by a job. GoFormz
 * has no call to withdraw a form: it stays in GoFormz.
 */
export async function cancelEsignRequest(id: string, actor: Actor) {
  const request = await requestFor(id)
  const cancelled = await prisma.$transaction(async (tx) => {
    const moved = await moveRequest(
      request.id,
      { to: 'cancelled', actor, detail: request.provider === 'goformz' ? 'Cancelled in the portal; the form stays in GoFormz' : 'Cancelled by staff' },
      tx,
    )
    if (moved && request.provider === 'boldsign' && request.providerRequestId) {
      await enqueueJobs([{ type: ESIGN_REVOKE_JOB, payload: { requestId: request.id }, dedupeKey: `${ESIGN_REVOKE_JOB}:${request.id}` }], tx)
    }
    return moved
  })
  if (!cancelled) throw new ConflictError(`A ${request.status} request cannot be cancelled`)
  await runJobNow(`${ESIGN_REVOKE_JOB}:${request.id}`, runEsignRevokeJob)
  return prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })
}
