import { json } from '@remix-run/node'
import { type GhlWebhookKind, receiveGhlWebhook } from '~/features/leads/ghl-webhooks.server'
import { verifyGhlWebhookSignature } from '~/integrations/gohighlevel/webhook.server'
import { apiError, methodNotAllowed } from '~/platform/http/api.server'
import { BodyTooLargeError, readRawBody } from '~/platform/http/raw-body.server'

/** GoHighLevel's deliveries are small JSON objects; anything larger is not one of them. */
export const GHL_WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024

/**
 * What both GoHighLevel webhook routes do: a size-limited raw body, the
 * signature over exactly those bytes, then JSON, then the feature. Answers
 * 202 when queued, 200 for a repeat or an event this portal does not follow.
 */
export async function handleGhlWebhook(request: Request, kind: GhlWebhookKind) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  let raw: Buffer
  try {
    raw = await readRawBody(request, GHL_WEBHOOK_BODY_LIMIT_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return apiError(413, 'The delivery is too large')
    throw error
  }
  const signatures = { ghlSignature: request.headers.get('x-ghl-signature'), whSignature: request.headers.get('x-wh-signature') }
  if (!signatures.ghlSignature && !signatures.whSignature) return apiError(401, 'Missing signature')
  if (!verifyGhlWebhookSignature(raw, signatures)) return apiError(401, 'Invalid signature')
  let body: unknown
  try {
    body = JSON.parse(raw.toString('utf8'))
  } catch {
    return apiError(400, 'Request body must be valid JSON')
  }
  const receipt = await receiveGhlWebhook(kind, body)
  switch (receipt.outcome) {
    case 'queued':
      return json({ received: true }, { status: 202 })
    case 'duplicate':
      return json({ received: true, duplicate: true })
    case 'ignored':
      return json({ received: true, ignored: true })
    case 'stale':
    case 'future':
      return apiError(401, receipt.error)
    case 'invalid':
      return apiError(400, receipt.error, receipt.fieldErrors ? { fieldErrors: receipt.fieldErrors } : {})
  }
}
