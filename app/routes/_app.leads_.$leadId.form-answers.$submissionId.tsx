import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { ErrorList } from '~/components/error-list'
import { FormErrors } from '~/components/forms'
import { RouteDialog } from '~/components/route-dialog'
import { Button, buttonClassName } from '~/components/ui/button'
import { viewLead } from '~/features/leads/leads.server'
import { applyAnswersSchema } from '~/features/online-forms/forms.server'
import { formSubmissionAnchor } from '~/features/online-forms/submission-list'
import { applyAnswersToLead, previewAnswersForLead } from '~/features/online-forms/submissions.server'
import { parseWithZod } from '~/lib/form-input.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure, notFoundResponse } from '~/platform/http/errors.server'
import { NotFoundError } from '~/platform/errors'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Update Lead from Answers | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw new Response('Lead not found', { status: 404 })
  let preview
  try {
    preview = await previewAnswersForLead(params.submissionId ?? '', lead.id)
  } catch (error) {
    if (error instanceof NotFoundError) throw notFoundResponse(error)
    throw error
  }
  return json({ updates: preview.updates, closeTo: dialogExitPath(request, `/leads/${lead.id}`) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const leadId = params.leadId ?? ''
  const submissionId = params.submissionId ?? ''
  const submission = parseWithZod(await request.formData(), { schema: applyAnswersSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let applied
  try {
    applied = await applyAnswersToLead(submissionId, submission.value.fields, userActor(request, user), leadId)
  } catch (error) {
    return formFailure(error, submission, 'Failed to update lead')
  }
  return redirectWithToast(`${dialogExitPath(request, `/leads/${leadId}`)}#${formSubmissionAnchor(submissionId)}`, {
    title: 'Lead updated from answers',
    description: `${applied.applied.length} field${applied.applied.length === 1 ? '' : 's'} filled in.`,
  })
}

export default function UpdateLeadFromAnswers() {
  const { updates, closeTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const fieldErrors = lastResult?.error?.fields ?? undefined
  return (
    <RouteDialog title="Update Lead from Answers" closeTo={closeTo}>
      {updates.length === 0 ? (
        <>
          <p>The lead already has every detail these answers hold: nothing would change.</p>
          <div className="mt-4 flex justify-end">
            <Link to={closeTo} className={buttonClassName('primary')}>
              Close
            </Link>
          </div>
        </>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <FormErrors errors={lastResult?.error?.[''] ?? undefined} />
          <fieldset aria-describedby={fieldErrors ? 'apply-fields-error' : undefined}>
            <legend className="mb-2 text-sm text-slate-700">
              These lead fields are empty. Fill them in from the answers? Fields that already have a value are never changed.
            </legend>
            {updates.map((update) => (
              <div key={update.field} className="flex min-h-10 items-start gap-3 py-1 coarse:min-h-11">
                <input
                  type="checkbox"
                  id={`apply-${update.field}`}
                  name="fields"
                  value={update.field}
                  defaultChecked
                  className="mt-1 h-5 w-5 shrink-0 coarse:h-6 coarse:w-6"
                />
                <label htmlFor={`apply-${update.field}`} className="text-sm">
                  <span className="font-medium">{update.label}</span>: {update.value}
                  <span className="block text-xs text-slate-600">from “{update.answerLabel}”</span>
                </label>
              </div>
            ))}
            <ErrorList id="apply-fields-error" errors={fieldErrors} />
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={closeTo} className={buttonClassName('secondary')}>
              Cancel
            </Link>
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              Update lead
            </Button>
          </div>
        </Form>
      )}
    </RouteDialog>
  )
}
