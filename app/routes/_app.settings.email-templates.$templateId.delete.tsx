import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteEmailTemplate, getEmailTemplate } from '~/features/email-templates/email-templates.server'
import { EMAIL_AUTOMATION_PATH } from '~/features/email-templates/options'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Delete Email Template | Settings | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const template = await getEmailTemplate(params.templateId ?? '')
  if (!template) throw new Response('Email template not found', { status: 404 })
  return json({ name: template.name, closeTo: dialogExitPath(request, EMAIL_AUTOMATION_PATH) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const back = dialogExitPath(request, EMAIL_AUTOMATION_PATH)
  try {
    await deleteEmailTemplate(params.templateId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, 'Failed to delete email template.')
  }
  return redirectWithToast(back, { title: 'Template Deleted' })
}

export default function DeleteEmailTemplate() {
  const { name, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Delete Email Template" closeTo={closeTo}>
      <p>Are you sure you want to delete this email template?</p>
      <p className="mt-2">
        <span className="font-medium">{name}</span>. Workflow stages that send it will send nothing until they are given
        another template; e-mails already sent are kept.
      </p>
    </ConfirmDeleteDialog>
  )
}
