import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { previewEmailTemplate } from '~/features/email-templates/email-templates.server'
import { emailTemplatePreviewSchema } from '~/features/email-templates/forms.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** POST /api/email-templates/preview — {subject, htmlContent, values?} rendered as sent: {subject, html, text, unknownPlaceholders}. Saves nothing. */
export const action = apiRoute('email template preview', async ({ request }: ActionFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const { values, ...draft } = await parseJsonBody(request, emailTemplatePreviewSchema, 'email template preview')
  return json(previewEmailTemplate(draft, values))
})
