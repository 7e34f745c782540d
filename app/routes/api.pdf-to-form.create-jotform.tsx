import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { FORM_TYPES } from '~/features/online-forms/form-fields'
import { ExtractedFormSchemaSchema } from '~/features/online-forms/form-fields-schema'
import { FormProviderUnavailableError, createOnlineFormDraft, publishOnlineForm } from '~/features/online-forms/online-forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

const bodySchema = z.object({
  schema: ExtractedFormSchemaSchema,
  filename: z.string().trim().max(255).nullish(),
  target: z.enum(['jotform', 'portal']).default('jotform'),
  formType: z.enum(FORM_TYPES).optional(),
})

/**
 * POST /api/pdf-to-form/create-jotform — { schema, filename, target?, formType? }
 * → the created online form (formId, formUrl, editUrl, webhookConfigured,
 * fieldsCreated, demoMode). The schema is kept as a draft, then published:
 * on Jotform when configured and asked for, else hosted by the portal.
 * 502 when Jotform is down (the draft stays a draft), 409 with a message
 * naming the API key when Jotform refuses it.
 */
export const action = apiRoute('form', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await parseJsonBody(request, bodySchema, 'form')
  const actor = userActor(request, user)
  const draft = await createOnlineFormDraft(
    {
      schema: { ...body.schema, extractedAt: body.schema.extractedAt ?? new Date().toISOString() },
      sourceFileName: body.filename ?? null,
      formType: body.formType,
    },
    actor,
  )
  try {
    const created = await publishOnlineForm(draft.id, { target: body.target, origin: new URL(request.url).origin }, actor)
    return json(created)
  } catch (error) {
    if (error instanceof FormProviderUnavailableError) return apiError(502, error.message, { draftId: draft.id })
    throw error
  }
})
