import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { intakeAnswersSchema } from '~/features/online-forms/forms.server'
import type { FormField } from '~/features/online-forms/form-fields'
import { IntakeErrorSummary, IntakeFormFields } from '~/features/online-forms/intake-form-fields'
import { INTAKE_LINK_NOT_FOUND_MESSAGE, INTAKE_SUBMITTED_TITLE } from '~/features/online-forms/intake-rules'
import {
  IntakeLinkUnavailableError,
  openIntakeForm,
  readIntakeForm,
  respondentActor,
  submitIntakeForm,
} from '~/features/online-forms/submissions.server'
import { parseWithZod } from '~/lib/form-input.server'
import { TOKEN_PAGE_HEADERS, staticPageHandle, tokenPageHeaders } from '~/lib/static-page'
import { NotFoundError, TooManyAttemptsError } from '~/platform/errors'
import { getClientAddress } from '~/platform/http/request.server'

/**
 * /intake-form/{token}: a hosted form for someone without an account (a
 * lead's family). The token is the only credential and grants the form's
 * title and fields and one submission. Served as plain HTML (no JavaScript
 * needed or sent), never indexed, never sending the link to another site as a referrer.
 */
export const handle = staticPageHandle

export const headers = tokenPageHeaders

export const meta: MetaFunction = () => [{ title: 'Intake Form | Healthcare Portal' }, { name: 'robots', content: 'noindex, nofollow' }]

type Unavailable = { state: 'unavailable'; title: string; message: string }

/** Why the form cannot be shown, as the page says it; anything unexpected goes on. */
function unavailable(error: unknown) {
  const answer = (title: string, message: string, status: number, extra: Record<string, string> = {}) =>
    json<Unavailable>({ state: 'unavailable', title, message }, { status, headers: { ...TOKEN_PAGE_HEADERS, ...extra } })
  if (error instanceof NotFoundError) return answer('Form not found', INTAKE_LINK_NOT_FOUND_MESSAGE, 404)
  if (error instanceof IntakeLinkUnavailableError) return answer(error.message, error.reason === 'used' ? 'Thank you, we have your answers. Nothing more is needed.' : 'Please ask the agency to send you a new link.', 410)
  if (error instanceof TooManyAttemptsError) {
    return answer('Please wait', error.message, 429, { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) })
  }
  throw error
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = respondentActor(getClientAddress(request))
  const submitted = new URL(request.url).searchParams.has('submitted')
  try {
    const form = await openIntakeForm(params.token ?? '', actor)
    return json({ state: 'form' as const, title: form.title, fields: form.fields }, { headers: TOKEN_PAGE_HEADERS })
  } catch (error) {
    // Straight after a submit the link is used: the person sees the confirmation.
    if (submitted && error instanceof IntakeLinkUnavailableError && error.reason === 'used') {
      return json({ state: 'submitted' as const }, { headers: TOKEN_PAGE_HEADERS })
    }
    return unavailable(error)
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  const actor = respondentActor(getClientAddress(request))
  let form: { title: string; fields: FormField[] }
  try {
    form = await readIntakeForm(token, actor)
  } catch (error) {
    return unavailable(error)
  }
  const submission = parseWithZod(await request.formData(), { schema: intakeAnswersSchema(form.fields), disableAutoCoercion: true })
  if (submission.status !== 'success') {
    return json({ state: 'form' as const, result: submission.reply() }, { status: 400, headers: TOKEN_PAGE_HEADERS })
  }
  try {
    await submitIntakeForm(token, submission.value, actor)
  } catch (error) {
    return unavailable(error)
  }
  return redirect(`/intake-form/${token}?submitted=1`, { headers: TOKEN_PAGE_HEADERS })
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-8">{children}</div>
    </main>
  )
}

export default function IntakeFormPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const shown = actionData?.state === 'unavailable' ? actionData : data
  if (shown.state === 'unavailable') {
    return (
      <Shell>
        <h1 className="text-xl font-semibold">{shown.title}</h1>
        <p className="mt-2 text-slate-700">{shown.message}</p>
      </Shell>
    )
  }
  if (shown.state === 'submitted') {
    return (
      <Shell>
        <h1 className="text-xl font-semibold">{INTAKE_SUBMITTED_TITLE}</h1>
        <p className="mt-2 text-slate-700">We have received your answers. You can close this page.</p>
      </Shell>
    )
  }
  const result = actionData?.state === 'form' ? actionData.result : undefined
  const errors = (result?.error ?? {}) as Record<string, string[] | null>
  const values = (result?.initialValue ?? {}) as Record<string, unknown>
  return (
    <Shell>
      <h1 className="text-xl font-semibold sm:text-2xl">{shown.title}</h1>
      <p className="mb-5 mt-1 text-sm text-slate-600">
        Fields marked * are required.
      </p>
      <IntakeErrorSummary fields={shown.fields} errors={errors} />
      <form method="post" noValidate>
        <IntakeFormFields fields={shown.fields} errors={errors} values={values} />
        <Button type="submit" className="mt-6 w-full sm:w-auto">
          Submit
        </Button>
      </form>
    </Shell>
  )
}
