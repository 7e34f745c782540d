import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { FormErrors, SelectField } from '~/components/forms'
import { RouteDialog } from '~/components/route-dialog'
import { Button, buttonClassName } from '~/components/ui/button'
import { viewLead } from '~/features/leads/leads.server'
import { sendIntakeFormSchema } from '~/features/online-forms/forms.server'
import { CopyableLink } from '~/features/online-forms/submission-list'
import { formLink, getFormSubmission, listPublishedForms, sendFormToLead } from '~/features/online-forms/submissions.server'
import { parseWithZod } from '~/lib/form-input.server'
import { isUuid } from '~/lib/ids'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { createToastHeaders } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Send Intake Form | Healthcare Portal' }]

/** The dialog's own step (?sent=) is not the lead page's query. */
function exitPath(request: Request, leadId: string) {
  const query = new URL(request.url).searchParams
  query.delete('sent')
  return dialogExitPath(query, `/leads/${leadId}`)
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const lead = await viewLead(params.leadId ?? '', actor)
  if (!lead) throw new Response('Lead not found', { status: 404 })
  const url = new URL(request.url)
  const sentId = url.searchParams.get('sent')
  let sent: { link: string | null; formTitle: string; emailQueued: boolean } | null = null
  if (sentId && isUuid(sentId)) {
    const submission = await getFormSubmission(sentId, actor).catch(() => null)
    if (submission && submission.leadId === lead.id) sent = { link: formLink(submission, url.origin), formTitle: submission.form?.title ?? 'Form', emailQueued: submission.emailStatus !== null }
  }
  return json({
    recipient: `${lead.firstName} ${lead.lastName}`,
    forms: sent ? [] : await listPublishedForms(),
    sent,
    closeTo: exitPath(request, lead.id),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const leadId = params.leadId ?? ''
  const submission = parseWithZod(await request.formData(), { schema: sendIntakeFormSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let sent
  try {
    sent = await sendFormToLead({ leadId, formId: submission.value.formId, origin: new URL(request.url).origin }, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to create the form link')
  }
  // The dialog's next step shows the link to copy; a reload shows it again rather than sending another.
  const next = new URL(request.url)
  next.searchParams.set('sent', sent.submissionId)
  return redirect(`${next.pathname}${next.search}`, { headers: await createToastHeaders({ title: sent.emailQueued ? 'Intake form link created and queued for e-mail' : 'Intake form link created' }) })
}

export default function SendIntakeForm() {
  const { recipient, forms, sent, closeTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>
  if (sent) {
    return (
      <RouteDialog title="Send Intake Form" closeTo={closeTo}>
        {sent.link ? (
          <CopyableLink url={sent.link} label={`Link to ${sent.formTitle} for ${recipient}`} />
        ) : (
          <p>The link could not be read back.</p>
        )}
        <p className="mt-2 text-sm text-slate-700">
          {sent.emailQueued
            ? `The link is being e-mailed to ${recipient}; its delivery shows under Settings → Email Templates → Form Submissions. You can also copy it.`
            : `${recipient} has no e-mail address on file: send this link yourself.`}{' '}
          It works for 14 days and can be submitted once.
        </p>
        <div className="mt-4 flex justify-end">
          <Link to={closeTo} className={buttonClassName('primary')}>
            Done
          </Link>
        </div>
      </RouteDialog>
    )
  }
  return (
    <RouteDialog title="Send Intake Form" closeTo={closeTo}>
      {forms.length === 0 ? (
        <p>
          No published forms yet. Convert a PDF on{' '}
          <Link to="/pdf-to-form" className="text-blue-700 underline">
            PDF to Form
          </Link>{' '}
          and publish it first.
        </p>
      ) : (
        <Form method="post" noValidate className="flex flex-col gap-4">
          <FormErrors errors={lastResult?.error?.[''] ?? undefined} />
          <p className="text-sm text-slate-700">Creates a link to a form {recipient} fills in online.</p>
          <SelectField
            labelProps={{ children: 'Form to send' }}
            selectProps={{ name: 'formId', id: 'intake-form-id', defaultValue: forms[0]?.id, required: true }}
            options={forms.map((form) => ({ value: form.id, label: form.title }))}
            errors={errors.formId}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={closeTo} className={buttonClassName('secondary')}>
              Cancel
            </Link>
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              Create link
            </Button>
          </div>
        </Form>
      )}
    </RouteDialog>
  )
}
