import type { ActionFunctionArgs } from '@remix-run/node'
import { setEmailTemplateActive } from '~/features/email-templates/email-templates.server'
import { EMAIL_AUTOMATION_PATH, TEMPLATE_UPDATED, UPDATE_FAILED } from '~/features/email-templates/options'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

/** POST with isActive=true|false: the list's Activate / Deactivate buttons (plain forms). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const isActive = (await request.formData()).get('isActive') === 'true'
  const back = dialogExitPath(request, EMAIL_AUTOMATION_PATH)
  try {
    await setEmailTemplateActive(params.templateId ?? '', isActive, userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, UPDATE_FAILED)
  }
  return redirectWithToast(back, {
    title: TEMPLATE_UPDATED,
    description: isActive ? 'The template is active.' : 'The template is inactive.',
  })
}
