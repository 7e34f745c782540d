import type { Prisma } from '~/generated/prisma/client'
import {
  BoldsignError,
  findBoldsignDocumentByLabel,
  sendBoldsignTemplate,
} from '~/integrations/boldsign/client.server'
import { GoformzError, createGoformzForm, findGoformzFormByName } from '~/integrations/goformz/client.server'
import { getGoformzConfig } from '~/integrations/goformz/settings.server'
import { getBoldsignConfig } from '~/integrations/settings.server'
import { type EsignProvider, DEFAULT_ESIGN_MESSAGE, defaultDocumentTitle } from '~/features/esign/options'
import { notConfiguredMessage } from '~/features/esign/providers.server'
import type { EsignSendInput, EsignTestInput } from '~/features/esign/schema'
import { recordAudit } from '~/platform/audit.server'
import { type Actor, isStaffActor, systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { ConflictError, NotFoundError } from '~/platform/errors'
import { MAX_ATTEMPTS, PermanentJobError, enqueueJobs, runJobNow } from '~/platform/jobs.server'
import { isUuid } from '~/lib/ids'

/**
 * E-signature requests. A request is stored (status 'sending') in the same
 * transaction as its audit entry and its send job, before any provider is
 * called: an outage or a crash never loses what staff asked for. The job
 * (one per request, by its dedupe key) makes the provider call; when an
 * earlier call may have reached the provider (a timeout, a crash), it first
 * looks for what that call made, so a lost answer is reconciled, never sent
 * twice.
 */
export const ESIGN_SEND_JOB = 'esign.send'
const SEND_ACTOR = systemActor('esign-send')

const DAY_MS = 24 * 60 * 60 * 1000

async function providerConfigured(provider: EsignProvider) {
  return provider === 'goformz' ? (await getGoformzConfig()) !== null : (await getBoldsignConfig()) !== null
}

type NewRequest = {
  provider: EsignProvider
  templateId: string
  templateName?: string
  title: string
  message: string
  expirationDays: number
  recipient: { name: string; email: string; phone?: string | null }
  formData: Prisma.InputJsonObject
  leadId: string | null
  isTest: boolean
}

async function storeAndQueue(request: NewRequest, actor: Actor) {
  if (!(await providerConfigured(request.provider))) throw new ConflictError(notConfiguredMessage(request.provider))
  return prisma.$transaction(async (tx) => {
    const now = new Date()
    const created = await tx.esignRequest.create({
      data: {
        leadId: request.leadId,
        provider: request.provider,
        templateId: request.templateId,
        templateName: request.templateName ?? null,
        title: request.title,
        message: request.message,
        expirationDays: request.expirationDays,
        expiresAt: new Date(now.getTime() + request.expirationDays * DAY_MS),
        recipientName: request.recipient.name,
        recipientEmail: request.recipient.email,
        recipientPhone: request.recipient.phone ?? null,
        formData: request.formData,
        sentById: isStaffActor(actor) ? actor.userId : null,
        isTest: request.isTest,
        status: 'sending',
        events: { create: { type: 'requested' } },
      },
    })
    await recordAudit(
      {
        actor,
        action: 'create',
        entityType: 'EsignRequest',
        entityId: created.id,
        details: { provider: created.provider, templateId: created.templateId, leadId: created.leadId, isTest: created.isTest },
      },
      tx,
    )
    await enqueueJobs([{ type: ESIGN_SEND_JOB, payload: { requestId: created.id }, dedupeKey: `${ESIGN_SEND_JOB}:${created.id}` }], tx)
    return created
  })
}

/** Sends a document to a lead for signature: stored now, sent by the job queue. */
export async function requestLeadSignature(leadId: string, input: EsignSendInput, actor: Actor) {
  const lead = isUuid(leadId) ? await prisma.lead.findUnique({ where: { id: leadId } }) : null
  if (!lead) throw new NotFoundError('Lead')
  const name = `${lead.firstName} ${lead.lastName}`
  return storeAndQueue(
    {
      provider: input.provider,
      templateId: input.templateId,
      templateName: input.templateName,
      title: input.title ?? defaultDocumentTitle(input.provider, name),
      message: input.message ?? DEFAULT_ESIGN_MESSAGE,
      expirationDays: input.expirationDays,
      recipient: { name, email: lead.email, phone: lead.phone },
      formData: { patient_name: name, patient_email: lead.email, patient_phone: lead.phone, lead_id: lead.id },
      leadId: lead.id,
      isTest: false,
    },
    actor,
  )
}

/** A test request from the E-Sign Test page: no lead, marked as a test. */
export async function requestTestSignature(input: EsignTestInput, actor: Actor) {
  return requestDirectSignature({ ...input, isTest: true }, actor)
}

/**
 * A request to a recipient named in the request rather than a lead: a test
 * (the E-Sign Test page) or a script using the JSON API without a lead.
 */
export async function requestDirectSignature(
  input: EsignTestInput & { isTest: boolean; title?: string; expirationDays?: number },
  actor: Actor,
) {
  const config = input.provider === 'goformz' ? await getGoformzConfig() : null
  return storeAndQueue(
    {
      provider: input.provider,
      templateId: input.templateId,
      templateName: input.templateName,
      title: input.title ?? defaultDocumentTitle(input.provider, input.recipientName),
      message: input.message ?? DEFAULT_ESIGN_MESSAGE,
      expirationDays: input.expirationDays ?? config?.defaultExpiryDays ?? 30,
      recipient: { name: input.recipientName, email: input.recipientEmail },
      formData: {
        patient_name: input.recipientName,
        patient_email: input.recipientEmail,
        ...(input.isTest ? { test_mode: true } : {}),
      },
      leadId: null,
      isTest: input.isTest,
    },
    actor,
  )
}

/**
 * How a send ended for the person waiting on it: sent, refused (failed, with
 * the provider's reason in lastError) or queued (the provider did not answer;
 * the job queue keeps trying, and a lost answer is looked for first).
 */
export type SendOutcome = 'sent' | 'failed' | 'queued'

/**
 * Tries the request's send job now rather than when the worker next looks,
 * so staff learn at once whether the provider took it. The job stays the
 * only sender: it is claimed like any other, and retried by the worker if
 * this attempt meets an outage.
 */
export async function sendStoredRequestNow(requestId: string) {
  await runJobNow(`${ESIGN_SEND_JOB}:${requestId}`, runEsignSendJob)
  const request = await prisma.esignRequest.findUniqueOrThrow({ where: { id: requestId } })
  const outcome: SendOutcome = request.status === 'failed' ? 'failed' : request.status === 'sending' ? 'queued' : 'sent'
  return { request, outcome }
}

/** The 'Send E-Signature Request' dialog: stored, then sent at once when the provider answers. */
export async function sendLeadSignature(leadId: string, input: EsignSendInput, actor: Actor) {
  const stored = await requestLeadSignature(leadId, input, actor)
  return sendStoredRequestNow(stored.id)
}

type StoredRequest = NonNullable<Awaited<ReturnType<typeof prisma.esignRequest.findUnique>>>

/** GoFormz names the form with the request's reference, so a lost answer can be found by name. */
export function goformzFormName(request: Pick<StoredRequest, 'id' | 'title'>) {
  return `${request.title} (ref ${request.id.slice(0, 8)})`
}

type ProviderCall = {
  /** What an earlier call made, if it reached the provider. */
  find: () => Promise<string | null>
  send: () => Promise<string>
}

async function providerCall(request: StoredRequest): Promise<ProviderCall | null> {
  if (request.provider === 'goformz') {
    const config = await getGoformzConfig()
    if (!config) return null
    const name = goformzFormName(request)
    const data = (request.formData ?? {}) as Record<string, unknown>
    const fields = Object.fromEntries(
      Object.entries(data)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([key, value]) => [key, { value: String(value), type: 'Text' as const }]),
    )
    return {
      find: async () => (await findGoformzFormByName(config, request.templateId, name))?.formId ?? null,
      send: async () => (await createGoformzForm(config, { templateId: request.templateId, name, fields, assignment: config.assignment })).formId,
    }
  }
  const config = await getBoldsignConfig()
  if (!config) return null
  return {
    find: async () => (await findBoldsignDocumentByLabel(config, request.id))?.documentId ?? null,
    send: async () =>
      (
        await sendBoldsignTemplate(config, {
          templateId: request.templateId,
          title: request.title,
          message: request.message ?? DEFAULT_ESIGN_MESSAGE,
          signer: { name: request.recipientName, email: request.recipientEmail },
          expiryDays: request.expirationDays,
          // The portal sends its own reminders through the provider, so BoldSign's are off.
          reminders: false,
          label: request.id,
        })
      ).documentId,
  }
}

async function settle(
  requestId: string,
  change: { status: 'sent'; providerRequestId: string; reconciled: boolean } | { status: 'failed' | 'sending'; error: string },
) {
  await prisma.$transaction(async (tx) => {
    if (change.status === 'sent') {
      await tx.esignRequest.update({
        where: { id: requestId },
        data: { status: 'sent', providerRequestId: change.providerRequestId, sentAt: new Date(), lastError: null },
      })
      await tx.esignRequestEvent.create({ data: { requestId, type: change.reconciled ? 'reconciled' : 'sent' } })
    } else {
      await tx.esignRequest.update({ where: { id: requestId }, data: { status: change.status, lastError: change.error } })
      await tx.esignRequestEvent.create({
        data: { requestId, type: change.status === 'failed' ? 'send_failed' : 'send_retrying', detail: change.error.slice(0, 500) },
      })
    }
    if (change.status !== 'sending') {
      await recordAudit(
        {
          actor: SEND_ACTOR,
          action: 'update',
          entityType: 'EsignRequest',
          entityId: requestId,
          eventType: change.status === 'sent' ? 'esign_request.sent' : 'esign_request.send_failed',
          details: change.status === 'sent' ? { status: 'sent', reconciled: change.reconciled } : { status: 'failed', error: change.error },
        },
        tx,
      )
    }
  })
}

/** The send job: one provider call per run, after looking for what an earlier run may have made. */
export async function runEsignSendJob(payload: unknown) {
  const requestId = (payload as { requestId?: unknown } | null)?.requestId
  if (typeof requestId !== 'string') throw new PermanentJobError('Job payload has no requestId')
  const request = await prisma.esignRequest.findUnique({ where: { id: requestId } })
  if (!request) throw new PermanentJobError('The e-signature request no longer exists')
  // Sent, cancelled or failed by someone else meanwhile: nothing to do.
  if (request.status !== 'sending') return
  const call = await providerCall(request)
  if (!call) {
    await settle(request.id, { status: 'failed', error: notConfiguredMessage(request.provider as EsignProvider) })
    throw new PermanentJobError(notConfiguredMessage(request.provider as EsignProvider))
  }
  // Counted before the call: if this run dies mid-call, the next one looks first.
  const attempt = await prisma.esignRequest.update({ where: { id: request.id }, data: { sendAttempts: { increment: 1 } } })
  try {
    if (attempt.sendAttempts > 1) {
      const existing = await call.find()
      if (existing) return await settle(request.id, { status: 'sent', providerRequestId: existing, reconciled: true })
    }
    const providerRequestId = await call.send()
    await settle(request.id, { status: 'sent', providerRequestId, reconciled: false })
  } catch (error) {
    if (!(error instanceof GoformzError || error instanceof BoldsignError)) throw error
    const lastTry = attempt.sendAttempts >= MAX_ATTEMPTS
    if (error.retryable && !lastTry) {
      await settle(request.id, { status: 'sending', error: error.message })
      throw error
    }
    await settle(request.id, { status: 'failed', error: error.message })
    throw new PermanentJobError(error.message)
  }
}

/** A request with its timeline. */
export async function getEsignRequest(id: string) {
  if (!isUuid(id)) throw new NotFoundError('E-signature request')
  const request = await prisma.esignRequest.findUnique({ where: { id }, include: { events: { orderBy: { occurredAt: 'asc' } } } })
  if (!request) throw new NotFoundError('E-signature request')
  return request
}

/**
 * Retry of a failed request, from its page: back to 'sending' with a new
 * send job, in one transaction with its audit entry. When an earlier call
 * was made (it may have reached the provider and timed out), the job looks
 * for what it made before sending again, so a lost answer is reconciled,
 * never sent twice.
 */
export async function retryEsignRequest(id: string, actor: Actor) {
  if (!isUuid(id)) throw new NotFoundError('E-signature request')
  const request = await prisma.esignRequest.findUnique({ where: { id }, select: { id: true, provider: true, status: true } })
  if (!request) throw new NotFoundError('E-signature request')
  if (request.status !== 'failed') throw new ConflictError('Only a failed request can be retried')
  const provider = request.provider as EsignProvider
  if (!(await providerConfigured(provider))) throw new ConflictError(notConfiguredMessage(provider))
  await prisma.$transaction(async (tx) => {
    const current = await tx.esignRequest.findUniqueOrThrow({ where: { id }, select: { sendAttempts: true } })
    // Only a request still failed moves: a second Retry, or one racing it, is a conflict.
    const moved = await tx.esignRequest.updateMany({
      where: { id, status: 'failed' },
      // One earlier call (or none) counts, so the job looks before it sends and has its full count of tries.
      data: { status: 'sending', lastError: null, sendAttempts: Math.min(current.sendAttempts, 1) },
    })
    if (moved.count === 0) throw new ConflictError('Only a failed request can be retried')
    await tx.esignRequestEvent.create({ data: { requestId: id, type: 'retried' } })
    await recordAudit(
      { actor, action: 'update', entityType: 'EsignRequest', entityId: id, eventType: 'esign_request.retried', details: { status: 'sending' } },
      tx,
    )
    await enqueueJobs([{ type: ESIGN_SEND_JOB, payload: { requestId: id }, dedupeKey: `${ESIGN_SEND_JOB}:${id}` }], tx)
  })
  return sendStoredRequestNow(id)
}
