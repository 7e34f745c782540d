import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { Field, FormErrors } from '~/components/forms'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { groupSecret } from '~/features/users/mfa-codes'
import { enableMfaSchema } from '~/features/users/forms.server'
import type { EnableMfaForm } from '~/features/users/mfa-schema'
import { MFA_ISSUER, enableMfa, getEnrolment } from '~/features/users/mfa.server'
import { RecoveryCodes } from '~/features/users/mfa-parts'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import { userActor } from '~/platform/auth/actor.server'
import { mfaSetupRequired, requireSession } from '~/platform/auth/auth.server'
import { destroyUserSessions } from '~/platform/auth/session.server'
import { safeRedirectPath } from '~/platform/http/request.server'
import { formFailureReply } from '~/platform/http/errors.server'

export const meta: MetaFunction = () => [{ title: 'Set Up Two-Factor Authentication | Healthcare Portal' }]

/** Where "I have saved my recovery codes" leads: back where a required setup interrupted, else the account. */
function continueTo(redirectTo: string | null | undefined, required: boolean) {
  return safeRedirectPath(redirectTo, required ? '/' : '/account')
}

export async function loader({ request }: LoaderFunctionArgs) {
  // The one page open to a user who must set up MFA (requireSession lets it through).
  const session = await requireSession(request)
  const { user } = session
  const enrolment = await getEnrolment(user)
  const required = mfaSetupRequired(session)
  return json({
    rules: formRules(enableMfaSchema),
    email: user.email,
    required,
    redirectTo: new URL(request.url).searchParams.get('redirectTo') ?? '',
    enrolment: enrolment && { qrCode: enrolment.qrCode, secret: groupSecret(enrolment.secret), issuer: MFA_ISSUER },
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request)
  const { user } = session
  const submission = parseWithZod(await request.formData(), { schema: enableMfaSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields: ['code'] }) }, { status: 400 })
  }
  let recoveryCodes: string[]
  try {
    recoveryCodes = (await enableMfa(user.id, submission.value.code, userActor(request, user))).recoveryCodes
  } catch (error) {
    const { result, init } = await formFailureReply(error, (errors) => submission.reply({ ...errors, hideFields: ['code'] }), 'Could not turn on two-factor authentication')
    return json({ result }, init)
  }
  // Sessions that began with the password alone end; this one carries on.
  await destroyUserSessions(user.id, session.id)
  return json({
    recoveryCodes,
    continueTo: continueTo(submission.value.redirectTo, mfaSetupRequired(session)),
  })
}

export default function TwoFactorSetupPage() {
  const { enrolment, required } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()

  return (
    <>
      <PageHeader title="Two-factor authentication" />
      <div className="flex max-w-xl flex-col gap-6">
        {data && 'recoveryCodes' in data ? (
          <>
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
              Two-factor authentication is on. From now on you will enter a code from your app after your password.
            </p>
            <RecoveryCodes codes={data.recoveryCodes} continueTo={data.continueTo} />
          </>
        ) : enrolment ? (
          <>
            {required ? (
              <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                Your role requires two-factor authentication. Set it up to continue: nothing else opens until you do.
              </p>
            ) : null}
            <Enrolment enrolment={enrolment} />
          </>
        ) : (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-700">
            Two-factor authentication is already on.{' '}
            <Link to="/account" className="text-blue-700 underline hover:text-blue-900">
              Back to your account
            </Link>
          </p>
        )}
      </div>
    </>
  )
}

function Enrolment({ enrolment }: { enrolment: { qrCode: string; secret: string; issuer: string } }) {
  const { email, redirectTo, rules } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<EnableMfaForm>({
    id: 'enable-mfa',
    constraint: constraintsOf(rules),
    lastResult: data && 'result' in data ? data.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: validateWithRules<EnableMfaForm>(rules),
  })
  return (
    <section aria-labelledby="setup-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="setup-heading" className="mb-1 text-lg font-semibold">
        Set up your authenticator app
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        After your password, you will enter a 6-digit code from an app on your phone (for example Google Authenticator,
        Microsoft Authenticator or 1Password), so a stolen password alone cannot open the portal.
      </p>
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
        <li>
          <p className="mb-2">Scan this QR code with the app:</p>
          <img
            src={enrolment.qrCode}
            width={220}
            height={220}
            alt={`QR code that adds ${enrolment.issuer} (${email}) to an authenticator app`}
            className="rounded border border-slate-200"
          />
        </li>
        <li>
          <p className="mb-2">Or, if you cannot scan it, add an account by hand with these details:</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium text-slate-700">Key</dt>
            <dd>
              <code id="mfa-secret" className="break-all rounded bg-slate-100 px-2 py-0.5 font-mono text-base">
                {enrolment.secret}
              </code>
            </dd>
            <dt className="font-medium text-slate-700">Account</dt>
            <dd>{email}</dd>
            <dt className="font-medium text-slate-700">Issuer</dt>
            <dd>{enrolment.issuer}</dd>
            <dt className="font-medium text-slate-700">Type</dt>
            <dd>Time-based, 6 digits</dd>
          </dl>
        </li>
        <li>
          <p className="mb-2">Enter the code the app shows, to check it is set up right:</p>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field
              labelProps={{ children: 'Code from the app' }}
              inputProps={{
                ...getInputProps(fields.code, { type: 'text' }),
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
              }}
              errors={fields.code.errors}
            />
            <div>
              <Button type="submit" disabled={navigation.state === 'submitting'}>
                Turn on two-factor authentication
              </Button>
            </div>
          </Form>
        </li>
      </ol>
    </section>
  )
}
