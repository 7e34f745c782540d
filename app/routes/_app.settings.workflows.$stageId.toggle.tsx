import type { ActionFunctionArgs } from '@remix-run/node'
import { stageToggleSchema } from '~/features/workflows/forms.server'
import { STAGE_TOASTS, WORKFLOWS_PATH } from '~/features/workflows/options'
import { setStageActive } from '~/features/workflows/stages.server'
import { parseWithZod } from '~/lib/form-input.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

/** The stage's active toggle: its own small form on the Workflows tab (no page of its own). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const id = params.stageId ?? ''
  const back = dialogExitPath(request, WORKFLOWS_PATH)
  const submission = parseWithZod(await request.formData(), { schema: stageToggleSchema })
  if (submission.status !== 'success') {
    return redirectWithToast(back, { type: 'destructive', title: STAGE_TOASTS.updateFailed })
  }
  try {
    await setStageActive(id, submission.value.isActive, userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, STAGE_TOASTS.updateFailed, { title: STAGE_TOASTS.updateFailed })
  }
  return redirectWithToast(`${back}#stage-${id}`, { title: STAGE_TOASTS.updated })
}
