import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  createEmailTemplate,
  emailTemplateToJson,
  listEmailTemplates,
} from '~/features/email-templates/email-templates.server'
import { emailTemplateSchema } from '~/features/email-templates/forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/email-templates — an array, by form type then name. */
export const loader = apiRoute('email template', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  return json((await listEmailTemplates()).map(emailTemplateToJson))
})

/** POST /api/email-templates — 201 with the saved template (content sanitised). */
export const action = apiRoute('email template', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const input = await parseJsonBody(request, emailTemplateSchema, 'email template')
  return json(emailTemplateToJson(await createEmailTemplate(input, userActor(request, user))), { status: 201 })
})
