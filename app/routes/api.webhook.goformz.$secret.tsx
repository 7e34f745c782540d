import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { noteGoformzWebhook, sameSecret } from '~/features/esign/tracking.server'
import { getGoformzWebhookSecret } from '~/integrations/goformz/settings.server'
import { apiError } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

type GoformzEvent = { EventType?: unknown; EntityId?: unknown; Item?: { Id?: unknown } }

/**
 * POST /api/webhook/goformz/<secret> — public. GoFormz signs nothing, so the
 * address's secret admits a delivery, and even then it is only a hint: the
 * form it names is looked up at GoFormz (a job) before anything changes.
 * A wrong secret is answered as an unknown address.
 */
export const action = apiRoute('webhook event', async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, { status: 405 })
  const secret = await getGoformzWebhookSecret()
  if (!secret || !sameSecret(params.secret ?? '', secret)) return apiError(404, 'Not found')
  let body: GoformzEvent
  try {
    body = JSON.parse(await request.text()) as GoformzEvent
  } catch {
    return apiError(400, 'Body must be JSON')
  }
  const formId = typeof body.EntityId === 'string' ? body.EntityId : typeof body.Item?.Id === 'string' ? body.Item.Id : null
  if (!formId) return apiError(400, 'The event names no form')
  const queued = await noteGoformzWebhook(formId)
  return json({ received: true, queued }, { status: 202 })
})
