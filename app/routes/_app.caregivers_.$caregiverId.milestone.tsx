import type { ActionFunctionArgs } from '@remix-run/node'
import { milestoneSchema } from '~/features/workflows/forms.server'
import { recordMilestone } from '~/features/workflows/milestones.server'
import { parseWithZod } from '~/lib/form-input.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

const schema = milestoneSchema('caregiver')

/** The caregiver page's 'Record milestone' form. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const back = `/caregivers/${params.caregiverId ?? ''}`
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return redirectWithToast(back, { type: 'destructive', title: 'Choose a milestone' })
  try {
    await recordMilestone('caregiver', params.caregiverId ?? '', submission.value.milestone, userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, 'Failed to record milestone')
  }
  return redirectWithToast(`${back}#automation-history`, { title: 'Milestone recorded' })
}
