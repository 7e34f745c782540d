import type { EsignProvider } from '~/features/esign/options'
import type { EsignApiBody } from '~/features/esign/schema'
import { requestDirectSignature, requestLeadSignature, sendStoredRequestNow } from '~/features/esign/requests.server'
import type { Actor } from '~/platform/actor'
import { RuleViolationError } from '~/platform/errors'

type StoredRequest = Awaited<ReturnType<typeof sendStoredRequestNow>>['request']

/** A request as the JSON API answers it: what was asked, where it stands, and when things happened. */
export function esignRequestView(request: StoredRequest & { lead?: { firstName: string; lastName: string } | null }) {
  return {
    id: request.id,
    leadId: request.leadId,
    provider: request.provider,
    providerRequestId: request.providerRequestId,
    templateId: request.templateId,
    templateName: request.templateName,
    title: request.title,
    message: request.message,
    expirationDays: request.expirationDays,
    expiresAt: request.expiresAt,
    recipient: { name: request.recipientName, email: request.recipientEmail, phone: request.recipientPhone },
    status: request.status,
    isTest: request.isTest,
    lastError: request.lastError,
    signedDocumentId: request.signedDocumentId,
    sentById: request.sentById,
    createdAt: request.createdAt,
    sentAt: request.sentAt,
    viewedAt: request.viewedAt,
    signedAt: request.signedAt,
    completedAt: request.completedAt,
    declinedAt: request.declinedAt,
    expiredAt: request.expiredAt,
    cancelledAt: request.cancelledAt,
    lastReminderAt: request.lastReminderAt,
  }
}

export const RECIPIENT_REQUIRED_MESSAGE = 'A lead (formData.lead_id) or a recipient name and e-mail is required'

/**
 * The send calls of the JSON API: stored and sent like the dialog's. A lead
 * named in the body is the recipient as stored (the body's recipient is not
 * trusted over the record); otherwise the recipient in the body, a test when
 * `formData.test_mode` says so.
 */
export async function sendFromApi(provider: EsignProvider, body: EsignApiBody, actor: Actor) {
  const message = body.message ?? body.customMessage
  const leadId = body.formData?.lead_id ?? body.leadId
  const common = { provider, templateId: body.templateId, templateName: body.templateName, message }
  let stored
  if (leadId) {
    stored = await requestLeadSignature(leadId, { ...common, title: body.title, expirationDays: body.expirationDays ?? 30 }, actor)
  } else {
    const recipientName = body.recipient?.name ?? body.recipientName
    const recipientEmail = body.recipient?.email ?? body.recipientEmail
    if (!recipientName || !recipientEmail) throw new RuleViolationError(RECIPIENT_REQUIRED_MESSAGE, 'recipient')
    stored = await requestDirectSignature(
      { ...common, recipientName, recipientEmail, title: body.title, expirationDays: body.expirationDays, isTest: body.formData?.test_mode === true },
      actor,
    )
  }
  return sendStoredRequestNow(stored.id)
}

/**
 * The answer to a send call: 201 with the stored request when the provider
 * took it, 202 when it did not answer (kept, and sent by the job queue), 502
 * with the provider's reason (and the request, failed) when it refused.
 */
export function sendAnswer({ request, outcome }: Awaited<ReturnType<typeof sendStoredRequestNow>>) {
  const view = esignRequestView(request)
  if (outcome === 'failed') return { status: 502, body: { error: request.lastError ?? 'Failed to send e-signature request', request: view } }
  return { status: outcome === 'sent' ? 201 : 202, body: { success: true, request: view } }
}
