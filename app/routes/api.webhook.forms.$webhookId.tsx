import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { receiveJotformSubmission } from '~/features/online-forms/jotform-submissions.server'
import { FormProviderUnavailableError } from '~/features/online-forms/online-forms.server'
import { apiError, methodNotAllowed } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

const FORM_BODY_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded']

/**
 * POST /api/webhook/forms/<webhookId> — public: Jotform's delivery of a
 * submission (multipart: formID, submissionID, rawRequest). The webhook id is
 * unguessable and per form; an unknown one is 404. The posted answers are
 * never used: the submission is fetched from Jotform and stored once. 200
 * when stored or already stored; 503 when Jotform cannot confirm it (Jotform
 * delivers again later); 400 for a delivery Jotform does not confirm.
 */
export const action = apiRoute('webhook event', async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_BODY_TYPES.includes(type)) return apiError(415, 'Deliveries are multipart/form-data')
  let body: FormData
  try {
    body = await request.formData()
  } catch {
    return apiError(400, 'The delivery could not be read')
  }
  const text = (name: string) => {
    const value = body.get(name)
    return typeof value === 'string' && value.trim() ? value.trim() : null
  }
  try {
    const receipt = await receiveJotformSubmission({
      webhookId: params.webhookId ?? '',
      formId: text('formID'),
      submissionId: text('submissionID'),
    })
    return json({ received: true, ...(receipt.outcome === 'duplicate' ? { duplicate: true } : {}) })
  } catch (error) {
    if (error instanceof FormProviderUnavailableError) {
      return json({ error: error.message }, { status: 503, headers: { 'Retry-After': '60' } })
    }
    throw error
  }
})
