import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { EmailTemplateForm } from '~/features/email-templates/email-template-form'
import { createEmailTemplate, previewEmailTemplate } from '~/features/email-templates/email-templates.server'
import {
  emailTemplateFormSchema,
  previewFormReply,
  templateInputFromForm,
} from '~/features/email-templates/forms.server'
import { CREATE_FAILED, EMAIL_AUTOMATION_PATH, TEMPLATE_CREATED } from '~/features/email-templates/options'
import { EMAIL_FORM_TYPES } from '~/features/email-templates/placeholders'
import { STARTER_TEMPLATES } from '~/features/email-templates/starters'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailureReply } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Add Email Template | Settings | Healthcare Portal' }]

/** Back to the list the dialog was opened over (the starter is the dialog's, not the list's). */
function closePath(request: Request) {
  const query = new URL(request.url).searchParams
  query.delete('starter')
  return dialogExitPath(query, EMAIL_AUTOMATION_PATH)
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const starterType = EMAIL_FORM_TYPES.find((type) => type === new URL(request.url).searchParams.get('starter'))
  const starter = starterType ? STARTER_TEMPLATES[starterType] : null
  const template = starter
    ? { name: starter.name, subject: starter.subject, htmlContent: starter.htmlContent, formType: starter.formType }
    : { name: '', subject: '', htmlContent: '', formType: 'intake' }
  return json({
    closeTo: closePath(request),
    rules: formRules(emailTemplateFormSchema),
    template,
    preview: previewEmailTemplate(template),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const formData = await request.formData()
  if (formData.get('intent') === 'preview') return json(previewFormReply(formData))
  const submission = parseWithZod(formData, { schema: emailTemplateFormSchema })
  if (submission.status !== 'success') return json({ result: submission.reply(), preview: null }, { status: 400 })
  try {
    await createEmailTemplate(templateInputFromForm(submission.value), userActor(request, user))
  } catch (error) {
    const { result, init } = await formFailureReply(error, (errors) => submission.reply(errors), CREATE_FAILED)
    return json({ result, preview: null }, init)
  }
  return redirectWithToast(closePath(request), { title: TEMPLATE_CREATED })
}

export default function NewEmailTemplate() {
  const { closeTo, rules, template, preview } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <RouteDialog title="Add Email Template" closeTo={closeTo} size="lg">
      <EmailTemplateForm
        template={template}
        rules={rules}
        lastResult={actionData?.result}
        preview={actionData?.preview ?? preview}
        cancelTo={closeTo}
        submitLabel="Create Template"
      />
    </RouteDialog>
  )
}
