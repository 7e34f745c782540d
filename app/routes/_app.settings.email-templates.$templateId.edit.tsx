import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { EmailTemplateForm } from '~/features/email-templates/email-template-form'
import {
  emailTemplateToJson,
  getEmailTemplate,
  previewEmailTemplate,
  updateEmailTemplate,
} from '~/features/email-templates/email-templates.server'
import {
  emailTemplateFormSchema,
  previewFormReply,
  templateInputFromForm,
} from '~/features/email-templates/forms.server'
import { EMAIL_AUTOMATION_PATH, TEMPLATE_UPDATED, UPDATE_FAILED } from '~/features/email-templates/options'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailureReply } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${
      data ? `Edit Email Template - ${data.template.name}` : 'Edit Email Template'
    } | Settings | Healthcare Portal`,
  },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const template = await getEmailTemplate(params.templateId ?? '')
  if (!template) throw new Response('Email template not found', { status: 404 })
  const view = emailTemplateToJson(template)
  return json({
    closeTo: dialogExitPath(request, EMAIL_AUTOMATION_PATH),
    rules: formRules(emailTemplateFormSchema),
    template: view,
    preview: previewEmailTemplate(view),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const formData = await request.formData()
  if (formData.get('intent') === 'preview') {
    if (!(await getEmailTemplate(params.templateId ?? '')))
      throw new Response('Email template not found', { status: 404 })
    return json(previewFormReply(formData))
  }
  const submission = parseWithZod(formData, { schema: emailTemplateFormSchema })
  if (submission.status !== 'success') return json({ result: submission.reply(), preview: null }, { status: 400 })
  try {
    await updateEmailTemplate(
      params.templateId ?? '',
      templateInputFromForm(submission.value),
      userActor(request, user)
    )
  } catch (error) {
    const { result, init } = await formFailureReply(error, (errors) => submission.reply(errors), UPDATE_FAILED)
    return json({ result, preview: null }, init)
  }
  return redirectWithToast(dialogExitPath(request, EMAIL_AUTOMATION_PATH), { title: TEMPLATE_UPDATED })
}

export default function EditEmailTemplate() {
  const { closeTo, rules, template, preview } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <RouteDialog title={`Edit Email Template - ${template.name}`} closeTo={closeTo} size="lg">
      <EmailTemplateForm
        id={`email-template-${template.id}`}
        template={template}
        rules={rules}
        lastResult={actionData?.result}
        preview={actionData?.preview ?? preview}
        cancelTo={closeTo}
        submitLabel="Update Template"
      />
    </RouteDialog>
  )
}
