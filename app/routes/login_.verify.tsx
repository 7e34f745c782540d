import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { Field, FormErrors } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { StaticFormCheck } from '~/components/static-form-check'
import { staticPageHandle } from '~/lib/static-page'
import { mfaSignInSchema } from '~/features/users/forms.server'
import { formRules } from '~/lib/form-rules.server'
import type { MfaSignInForm } from '~/features/users/mfa-schema'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import { findSignInUser, verifySignInCode } from '~/features/users/mfa.server'
import { parseWithZod } from '~/lib/form-input.server'
import { recordAudit } from '~/platform/audit.server'
import { anonymousActor, userActor } from '~/platform/auth/actor.server'
import { redirectIfSignedIn } from '~/platform/auth/auth.server'
import { MFA_SIGN_IN_MINUTES, clearPasswordProof, readPasswordProof } from '~/platform/auth/mfa-sign-in.server'
import { countAttempt, forgiveAttempt, mfaCodeLimits, signInLimits } from '~/platform/auth/rate-limit.server'
import { createSession, destroySession } from '~/platform/auth/session.server'
import { getClientAddress, safeRedirectPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const handle = staticPageHandle

export const meta: MetaFunction = () => [{ title: 'Verify sign-in | Healthcare Portal' }]

/** The user whose password was right in this browser moments ago, with MFA on; else null. */
async function readSignInInProgress(request: Request) {
  const proof = await readPasswordProof(request, findSignInUser)
  return proof?.user.mfaEnabled ? proof : null
}

/** No sign-in in progress (none, too old, or the password or MFA changed since): start again. */
async function startAgain() {
  return redirectWithToast(
    '/login',
    {
      type: 'destructive',
      title: 'Sign in again',
      description: `Enter your email and password, then the code, within ${MFA_SIGN_IN_MINUTES} minutes.`,
    },
    { headers: { 'Set-Cookie': await clearPasswordProof() } },
  )
}

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request)
  const signIn = await readSignInInProgress(request)
  if (!signIn) throw redirect('/login')
  return json({ email: signIn.user.email, rules: formRules(mfaSignInSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const signIn = await readSignInInProgress(request)
  if (!signIn) return startAgain()
  const { user } = signIn
  const submission = parseWithZod(await request.formData(), { schema: mfaSignInSchema })
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['code'] }), { status: 400 })
  }

  const address = getClientAddress(request)
  const limits = mfaCodeLimits(user.id, address)
  const wait = await countAttempt(limits)
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000)
    return json(
      submission.reply({
        formErrors: [`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`],
        hideFields: ['code'],
      }),
      { status: 429, headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } },
    )
  }

  // Filed under the account, as failed sign-ins are: the person is not signed in yet.
  const actor = { ...anonymousActor(request, user.email), userId: user.id }
  const result = await verifySignInCode(user.id, submission.value.code, actor)
  if (!result.ok) {
    return json(submission.reply({ fieldErrors: { code: [result.message] }, hideFields: ['code'] }), { status: 400 })
  }

  // Both steps were right: the password's attempt and the codes' are forgiven.
  await forgiveAttempt(limits)
  await forgiveAttempt(signInLimits(user.email, address))
  // A new session id at every sign-in; any earlier session of this browser ends.
  await destroySession(request)
  const headers = new Headers()
  headers.append('Set-Cookie', await createSession(user.id, request))
  headers.append('Set-Cookie', await clearPasswordProof())
  await recordAudit({
    actor: { ...userActor(request, user), email: user.email },
    action: 'login',
    entityType: 'User',
    entityId: user.id,
    details: { secondFactor: result.method },
  })
  return redirect(safeRedirectPath(signIn.redirectTo), { headers })
}

export default function VerifySignInPage() {
  const { email, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<MfaSignInForm>({
    id: 'verify-sign-in',
    constraint: constraintsOf(rules),
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: validateWithRules<MfaSignInForm>(rules),
  })

  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-medium text-blue-700">Healthcare Portal</p>
        <h1 className="mt-1 text-2xl font-bold">Verify it&apos;s you</h1>
        <p className="mt-2 text-sm text-slate-700">
          Signing in as <strong>{email}</strong>. Open your authenticator app and enter the code it shows for
          Healthcare Portal.
        </p>
        <Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)} data-rules={JSON.stringify(rules)} data-check="submit">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            labelProps={{ children: 'Authentication code' }}
            inputProps={{
              ...getInputProps(fields.code, { type: 'text' }),
              autoComplete: 'one-time-code',
              autoFocus: true,
              spellCheck: false,
              autoCapitalize: 'off',
            }}
            help="Lost your phone? Enter one of your recovery codes instead."
            errors={fields.code.errors}
          />
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            Verify
          </Button>
        </Form>
        <StaticFormCheck formId={form.id} />
        <p className="mt-4 text-sm">
          <Link to="/login" className="text-blue-700 underline hover:text-blue-900">
            Sign in as someone else
          </Link>
        </p>
      </div>
    </main>
  )
}
