import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { stageFormSchema } from '~/features/workflows/forms.server'
import { STAGE_TOASTS, WORKFLOWS_PATH, isWorkflowType } from '~/features/workflows/options'
import { StageForm } from '~/features/workflows/stage-form'
import { getStage, listTemplateChoices, updateStage } from '~/features/workflows/stages.server'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Edit Stage - ${data.stage.name}` : 'Edit Workflow Stage'} | Settings | Healthcare Portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const stage = await getStage(params.stageId ?? '')
  if (!stage || !isWorkflowType(stage.type)) throw new Response('Workflow stage not found', { status: 404 })
  return json({
    type: stage.type,
    stage: {
      id: stage.id,
      name: stage.name,
      description: stage.description,
      order: stage.order,
      delayHours: stage.delayHours,
      isActive: stage.isActive,
      emailTemplateId: stage.emailTemplateId,
      trigger: stage.trigger,
    },
    templates: await listTemplateChoices(),
    rules: formRules(stageFormSchema),
    closeTo: dialogExitPath(request, WORKFLOWS_PATH),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: stageFormSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const id = params.stageId ?? ''
  try {
    await updateStage(id, submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, STAGE_TOASTS.updateFailed)
  }
  return redirectWithToast(`${WORKFLOWS_PATH}?type=${submission.value.type}#stage-${id}`, { title: STAGE_TOASTS.updated })
}

export default function EditWorkflowStage() {
  const { type, stage, templates, rules, closeTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title={`Edit Stage - ${stage.name}`} closeTo={closeTo}>
      <StageForm
        id={`workflow-stage-${stage.id}`}
        type={type}
        stage={stage}
        defaultOrder={stage.order}
        templates={templates}
        rules={rules}
        lastResult={lastResult}
        cancelTo={closeTo}
        submitLabel="Update Stage"
      />
    </RouteDialog>
  )
}
