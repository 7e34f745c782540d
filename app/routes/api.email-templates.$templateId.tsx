import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  deleteEmailTemplate,
  emailTemplateToJson,
  getEmailTemplate,
  updateEmailTemplate,
} from '~/features/email-templates/email-templates.server'
import { emailTemplateSchema } from '~/features/email-templates/forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

export const loader = apiRoute('email template', async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  const template = await getEmailTemplate(params.templateId ?? '')
  if (!template) throw apiError(404, 'Email template not found')
  return json(emailTemplateToJson(template))
})

/** PUT /api/email-templates/{id} (the whole template, as on create) and DELETE /api/email-templates/{id}. */
export const action = apiRoute('email template', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.templateId ?? ''
  if (request.method === 'DELETE') {
    await deleteEmailTemplate(id, actor)
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const input = await parseJsonBody(request, emailTemplateSchema, 'email template')
  return json(emailTemplateToJson(await updateEmailTemplate(id, input, actor)))
})
