import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { stageFormSchema } from '~/features/workflows/forms.server'
import { STAGE_TOASTS, WORKFLOWS_PATH, WORKFLOW_TYPE_LABELS, type WorkflowType, isWorkflowType } from '~/features/workflows/options'
import { StageForm } from '~/features/workflows/stage-form'
import { createStage, listTemplateChoices, nextStageOrder } from '~/features/workflows/stages.server'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Add Workflow Stage | Settings | Healthcare Portal' }]

function typeOf(request: Request): WorkflowType {
  const type = new URL(request.url).searchParams.get('type')
  return isWorkflowType(type) ? type : 'lead'
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const type = typeOf(request)
  const [defaultOrder, templates] = await Promise.all([nextStageOrder(type), listTemplateChoices()])
  return json({ type, defaultOrder, templates, rules: formRules(stageFormSchema), closeTo: dialogExitPath(request, WORKFLOWS_PATH) })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: stageFormSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let stageId: string
  try {
    stageId = (await createStage(submission.value, userActor(request, user))).id
  } catch (error) {
    return formFailure(error, submission, STAGE_TOASTS.createFailed)
  }
  const back = `${WORKFLOWS_PATH}?type=${submission.value.type}`
  return redirectWithToast(`${back}#stage-${stageId}`, { title: STAGE_TOASTS.created })
}

export default function NewWorkflowStage() {
  const { type, defaultOrder, templates, rules, closeTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title={`Add Stage - ${WORKFLOW_TYPE_LABELS[type]}`} closeTo={closeTo}>
      <StageForm
        type={type}
        defaultOrder={defaultOrder}
        templates={templates}
        rules={rules}
        lastResult={lastResult}
        cancelTo={closeTo}
        submitLabel="Create Stage"
      />
    </RouteDialog>
  )
}
