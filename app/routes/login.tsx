import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { Field, FormErrors } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { StaticFormCheck } from '~/components/static-form-check'
import { staticPageHandle } from '~/lib/static-page'
import { findUserByEmail } from '~/features/users/users.server'
import { findSignInUser } from '~/features/users/mfa.server'
import { recordAudit } from '~/platform/audit.server'
import { anonymousActor, userActor } from '~/platform/auth/actor.server'
import { loginSchema } from '~/features/users/forms.server'
import { formRules } from '~/lib/form-rules.server'
import type { LoginForm } from '~/features/users/auth-schema'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import { InvalidCredentialsError, authenticator, recordThrottledSignIn } from '~/features/users/sign-in.server'
import { redirectIfSignedIn } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { countAttempt, forgiveAttempt, signInLimits } from '~/platform/auth/rate-limit.server'
import { getClientAddress, isPlainHttpBeyondLocalhost, safeRedirectPath } from '~/platform/http/request.server'
import { createSession, destroySession, sessionCookieIsSecure } from '~/platform/auth/session.server'
import { createPasswordProof } from '~/platform/auth/mfa-sign-in.server'

export const handle = staticPageHandle

export const meta: MetaFunction = () => [{ title: 'Sign in | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request)
  return json({ idleMinutes: getEnv().SESSION_IDLE_MINUTES, rules: formRules(loginSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.clone().formData()
  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  const { email } = submission.value
  const limits = signInLimits(email, getClientAddress(request))

  const wait = await countAttempt(limits)
  if (wait > 0) {
    await recordThrottledSignIn(anonymousActor(request, email))
    const minutes = Math.ceil(wait / 60_000)
    return json(
      submission.reply({
        formErrors: [
          `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        ],
        hideFields: ['password'],
      }),
      { status: 429, headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } },
    )
  }

  let user
  try {
    user = await authenticator.authenticate('form', request)
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error
    const known = await findUserByEmail(email)
    await recordAudit({
      // Filed under the account that was tried, so its owner's trail shows the attempts.
      actor: { ...anonymousActor(request, email), userId: known?.id ?? null },
      action: 'login_failed',
      entityType: 'User',
      entityId: known?.id,
      details: { reason: 'invalid_credentials' },
    })
    return json(submission.reply({ formErrors: [error.message], hideFields: ['password'] }), {
      status: 400,
    })
  }

  if (sessionCookieIsSecure() && isPlainHttpBeyondLocalhost(request)) {
    // The browser would drop the Secure cookie and land back here with no
    // word of why; say it instead, and start no session nobody can use.
    await forgiveAttempt(limits)
    return json(submission.reply({ formErrors: [plainHttpMessage], hideFields: ['password'] }), { status: 400 })
  }

  const signInUser = await findSignInUser(user.id)
  if (signInUser?.mfaEnabled) {
    // The password was right, but the sign-in ends with a code from the app
    // (/login/verify): no session yet, and this attempt stays counted until
    // the code is right, so knowing the password buys no free code guesses.
    const proof = await createPasswordProof({
      userId: user.id,
      passwordHash: signInUser.passwordHash,
      redirectTo: safeRedirectPath(submission.value.redirectTo),
    })
    return redirect('/login/verify', { headers: { 'Set-Cookie': proof } })
  }

  await forgiveAttempt(limits)
  // A new session id at every sign-in; any earlier session of this browser ends.
  await destroySession(request)
  const cookie = await createSession(user.id, request)
  await recordAudit({ actor: { ...userActor(request, user), email: user.email }, action: 'login', entityType: 'User', entityId: user.id })
  return redirect(safeRedirectPath(submission.value.redirectTo), { headers: { 'Set-Cookie': cookie } })
}

const plainHttpMessage =
  'Your email and password are right, but this browser refuses the session cookie because the portal is served over ' +
  "plain HTTP. Open it over HTTPS (see the README: 'Running on an office network'), or, for a trial on a trusted " +
  'network, start it with COOKIE_SECURE=false.'

export default function LoginPage() {
  const { idleMinutes, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm<LoginForm>({
    id: 'login',
    constraint: constraintsOf(rules),
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules<LoginForm>(rules),
  })
  const timedOut = searchParams.get('reason') === 'timeout'

  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-medium text-blue-700">Healthcare Portal</p>
        <h1 className="mt-1 text-2xl font-bold">Sign in</h1>
        {timedOut ? (
          <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            You were signed out after {idleMinutes} minutes without activity. Sign in to continue.
          </p>
        ) : null}
        <Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)} data-rules={JSON.stringify(rules)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            labelProps={{ children: 'Email' }}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'username', autoFocus: true }}
            errors={fields.email.errors}
          />
          <Field
            labelProps={{ children: 'Password' }}
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
            errors={fields.password.errors}
          />
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? '/'} />
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            Sign in
          </Button>
        </Form>
        <StaticFormCheck formId={form.id} />
      </div>
    </main>
  )
}
