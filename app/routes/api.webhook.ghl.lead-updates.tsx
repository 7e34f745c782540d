import type { ActionFunctionArgs } from '@remix-run/node'
import { handleGhlWebhook } from '~/features/leads/ghl-webhook-route.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * POST /api/webhook/ghl/lead-updates — public, signed by GoHighLevel: contact
 * events (ContactCreate, ContactUpdate, ContactTagUpdate, ContactDndUpdate)
 * update the matching lead in a background job (docs/api.md).
 */
export const action = apiRoute('webhook event', ({ request }: ActionFunctionArgs) => handleGhlWebhook(request, 'lead-updates'))
