import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { STAGE_TOASTS, WORKFLOWS_PATH, formatDelay, triggerLabel } from '~/features/workflows/options'
import { deleteStage, getStage } from '~/features/workflows/stages.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Delete Workflow Stage | Settings | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const stage = await getStage(params.stageId ?? '')
  if (!stage) throw new Response('Workflow stage not found', { status: 404 })
  return json({
    name: stage.name,
    trigger: stage.trigger,
    delayHours: stage.delayHours,
    closeTo: dialogExitPath(request, `${WORKFLOWS_PATH}`),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const back = dialogExitPath(request, WORKFLOWS_PATH)
  try {
    await deleteStage(params.stageId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, STAGE_TOASTS.deleteFailed, { title: STAGE_TOASTS.deleteFailed })
  }
  return redirectWithToast(`${back}#workflow-stages-heading`, { title: STAGE_TOASTS.deleted })
}

export default function DeleteWorkflowStage() {
  const { name, trigger, delayHours, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Delete Workflow Stage" closeTo={closeTo}>
      <p>Are you sure you want to delete this workflow stage?</p>
      <p className="mt-2">
        <span className="font-medium">{name}</span> ({triggerLabel(trigger)}, {formatDelay(delayHours).toLowerCase()}). Runs
        still waiting for it are skipped; past runs stay in each record's automation history.
      </p>
    </ConfirmDeleteDialog>
  )
}
