import type { ActionFunctionArgs } from '@remix-run/node'
import { handleGhlWebhook } from '~/features/leads/ghl-webhook-route.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * POST /api/webhook/ghl/form — public, signed by GoHighLevel: a form
 * submission creates the lead, or updates the lead with its e-mail, in a
 * background job (docs/api.md).
 */
export const action = apiRoute('webhook event', ({ request }: ActionFunctionArgs) => handleGhlWebhook(request, 'form'))
