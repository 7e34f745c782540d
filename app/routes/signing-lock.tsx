import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FormErrors } from '~/components/forms'
import { StaticFormCheck } from '~/components/static-form-check'
import { Button } from '~/components/ui/button'
import { signingLockSchema } from '~/features/portal-signing/forms.server'
import { unlockSigningSession } from '~/features/portal-signing/in-person.server'
import type { SigningLockForm } from '~/features/portal-signing/schema'
import { parseWithZod } from '~/lib/form-input.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import { formRules } from '~/lib/form-rules.server'
import { staticPageHandle } from '~/lib/static-page'
import { userActor } from '~/platform/auth/actor.server'
import { getActiveSession } from '~/platform/auth/session.server'
import { redirectWithToast } from '~/platform/http/toast.server'

/**
 * /signing-lock: where a session handed to a signer in person lands for every
 * staff page. It shows nothing of the portal; the staff member's password
 * (and code, with MFA) unlocks it. Plain HTML, like sign-in.
 */
export const handle = staticPageHandle

export const meta: MetaFunction = () => [{ title: 'Hand the tablet back | Healthcare Portal' }]

async function lockedSession(request: Request) {
  const session = await getActiveSession(request)
  if (!session) throw redirect('/login')
  if (!session.signingLock) throw redirect('/')
  return session
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await lockedSession(request)
  return json({ name: session.user.name, mfa: session.mfaEnabled, rules: formRules(signingLockSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await lockedSession(request)
  const submission = parseWithZod(await request.formData(), { schema: signingLockSchema })
  const hideFields = ['password', 'code']
  if (submission.status !== 'success') return json(submission.reply({ hideFields }), { status: 400 })
  const result = await unlockSigningSession(session, submission.value, userActor(request, session.user))
  if (!result.ok) {
    const reply = result.field ? submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields }) : submission.reply({ formErrors: [result.message], hideFields })
    const headers: HeadersInit = result.retryAfterMs ? { 'Retry-After': String(Math.ceil(result.retryAfterMs / 1000)) } : {}
    return json(reply, { status: result.retryAfterMs ? 429 : 400, headers })
  }
  return redirectWithToast(result.requestId ? `/e-signatures/${result.requestId}` : '/e-signatures', { title: 'Welcome back', description: 'The portal is unlocked.' })
}

export default function SigningLockPage() {
  const { name, mfa, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<SigningLockForm>({
    id: 'signing-lock',
    constraint: constraintsOf(rules),
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: validateWithRules<SigningLockForm>(rules),
  })
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-blue-700">Healthcare Portal</p>
        <h1 className="mt-1 text-2xl font-bold">Please hand the tablet back</h1>
        <p className="mt-2 text-slate-700">
          This tablet is locked while a document is signed in person. Please give it back to <strong>{name}</strong>.
        </p>
        <h2 className="mt-6 text-base font-semibold">{name}: sign back in</h2>
        <Form method="post" className="mt-3 flex flex-col gap-4" {...getFormProps(form)} data-rules={JSON.stringify(rules)} data-check="submit">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            labelProps={{ children: 'Your password' }}
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
            errors={fields.password.errors}
          />
          {mfa ? (
            <Field
              labelProps={{ children: 'Authentication code' }}
              inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false, autoCapitalize: 'off' }}
              help="The code from your authenticator app, or one of your recovery codes."
              errors={fields.code.errors}
            />
          ) : null}
          <Button type="submit" disabled={navigation.state === 'submitting'} className="coarse:min-h-11">
            Unlock
          </Button>
        </Form>
        <StaticFormCheck formId={form.id} />
        <Form method="post" action="/logout" className="mt-6 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-600">Not {name}? Signing out also unlocks the tablet.</p>
          <button type="submit" className="mt-1 text-sm text-blue-700 underline hover:text-blue-900 coarse:min-h-11">
            Sign out
          </button>
        </Form>
      </div>
    </main>
  )
}
