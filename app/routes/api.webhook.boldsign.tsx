import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { settleBoldsignTemplate } from '~/features/documents/documents.server'
import { getBoldsignWebhookSecret } from '~/integrations/settings.server'
import { firstDelivery, verifyBoldsignSignature } from '~/integrations/boldsign/webhook.server'
import { applyBoldsignDocumentEvent, isBoldsignDocumentEvent } from '~/features/esign/tracking.server'
import { apiRoute } from '~/platform/http/errors.server'

type BoldsignEvent = {
  event?: { id?: string; eventType?: string }
  data?: { object?: string; templateId?: string; documentId?: string; errorMessage?: string; error?: string }
}

/**
 * POST /api/webhook/boldsign — public, but only signed deliveries are
 * accepted. Template events settle the 'Publish Bold Template' outcome;
 * document events move the e-signature request they concern.
 */
export const action = apiRoute('webhook event', async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, { status: 405 })
  const secret = await getBoldsignWebhookSecret()
  if (!secret) return json({ error: 'BoldSign webhooks are not configured' }, { status: 503 })
  const rawBody = await request.text()
  if (!verifyBoldsignSignature(rawBody, request.headers.get('x-boldsign-signature'), secret)) {
    return json({ error: 'Invalid signature' }, { status: 401 })
  }
  let body: BoldsignEvent
  try {
    body = JSON.parse(rawBody) as BoldsignEvent
  } catch {
    return json({ error: 'Body must be JSON' }, { status: 400 })
  }
  const eventType = request.headers.get('x-boldsign-event') ?? body.event?.eventType ?? 'unknown'
  const eventId = body.event?.id
  if (!eventId) return json({ received: true })
  const documentId = body.data?.documentId
  if (documentId && body.data?.object !== 'template' && isBoldsignDocumentEvent(eventType)) {
    const outcome = await applyBoldsignDocumentEvent({ eventId, eventType, documentId })
    return json(outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true })
  }
  if (!(await firstDelivery('boldsign', eventId, eventType))) return json({ received: true, duplicate: true })

  const templateId = body.data?.templateId
  if (templateId && eventType === 'TemplateCreated') await settleBoldsignTemplate(templateId, { ready: true })
  if (templateId && eventType === 'TemplateCreateFailed') {
    await settleBoldsignTemplate(templateId, {
      ready: false,
      error: body.data?.errorMessage ?? body.data?.error ?? 'BoldSign could not create the template',
    })
  }
  return json({ received: true })
})
