import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { Field, FormErrors } from '~/components/forms'
import { PageHeader } from '~/components/page-header'
import { Button, buttonClassName } from '~/components/ui/button'
import { getMfaStatus } from '~/features/users/mfa.server'
import { RECOVERY_CODE_COUNT } from '~/features/users/mfa-codes'
import { getEnv } from '~/platform/env.server'
import { formatDate } from '~/lib/time'
import { changeUserPassword, verifyUserPassword } from '~/features/users/users.server'
import { changePasswordSchema } from '~/features/users/forms.server'
import { isCommonPassword } from '~/features/users/common-passwords.server'
import { newPasswordChecks, passwordHelp } from '~/features/users/password-policy'
import { requireSession, requireUser } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { ROLE_LABELS, isRole } from '~/platform/auth/permissions'
import { destroyUserSessions } from '~/platform/auth/session.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { countAttempt, forgiveAttempt, passwordCheckLimits } from '~/platform/auth/rate-limit.server'

export const meta: MetaFunction = () => [{ title: 'My account | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const mfa = await getMfaStatus(user.id)
  return json({
    user: {
      name: user.name,
      email: user.email,
      role: isRole(user.role) ? ROLE_LABELS[user.role] : user.role,
    },
    mfa: {
      enabled: mfa.enabled,
      since: mfa.enabledAt ? formatDate(mfa.enabledAt, getEnv().AGENCY_TIME_ZONE) : null,
      recoveryCodesLeft: mfa.recoveryCodesLeft,
    },
    rules: formRules(`change-password|${user.email}|${user.name}`, () => changePasswordSchema({ email: user.email, name: user.name })),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request)
  const { user } = session
  const formData = await request.formData()
  const hideFields = ['currentPassword', 'newPassword', 'confirmPassword']
  const submission = parseWithZod(formData, {
    schema: changePasswordSchema({ email: user.email, name: user.name, isCommon: isCommonPassword }),
  })
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields }), { status: 400 })
  }
  const limits = passwordCheckLimits(user.id)
  const wait = await countAttempt(limits)
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000)
    return json(
      submission.reply({
        fieldErrors: {
          currentPassword: [`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`],
        },
        hideFields,
      }),
      { status: 429, headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } },
    )
  }
  if (!(await verifyUserPassword(user.id, submission.value.currentPassword))) {
    return json(
      submission.reply({ fieldErrors: { currentPassword: ['Current password is incorrect'] }, hideFields }),
      { status: 400 },
    )
  }
  await forgiveAttempt(limits)
  await changeUserPassword(user.id, submission.value.newPassword, userActor(request, user))
  // Signed out everywhere else; this browser stays signed in.
  await destroyUserSessions(user.id, session.id)
  return redirectWithToast('/account', { title: 'Password changed' })
}

export default function AccountPage() {
  const { user, mfa, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ currentPassword: string; newPassword: string; confirmPassword: string }>({
    id: 'change-password',
    constraint: constraintsOf(rules),
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules(rules, newPasswordChecks({ email: user.email, name: user.name })),
  })

  return (
    <>
      <PageHeader title="My account" />
      <div className="flex max-w-xl flex-col gap-6">
        <section aria-labelledby="profile-heading" className="rounded-lg border border-slate-200 bg-white p-6">
          <h2 id="profile-heading" className="mb-3 text-lg font-semibold">
            Profile
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-slate-700">Name</dt>
            <dd>{user.name}</dd>
            <dt className="font-medium text-slate-700">Email</dt>
            <dd>{user.email}</dd>
            <dt className="font-medium text-slate-700">Role</dt>
            <dd>{user.role}</dd>
          </dl>
          <p className="mt-3 text-xs text-slate-600">An administrator can change your name or role.</p>
        </section>
        <section aria-labelledby="mfa-heading" className="rounded-lg border border-slate-200 bg-white p-6">
          <h2 id="mfa-heading" className="mb-1 text-lg font-semibold">
            Two-factor authentication
          </h2>
          {mfa.enabled ? (
            <>
              <p className="mb-4 text-sm text-slate-700">
                On since {mfa.since}: after your password you enter a code from your authenticator app. You have{' '}
                {mfa.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
              </p>
              <div className="flex flex-wrap gap-3">
                <Link to="/account/two-factor/recovery-codes" className={buttonClassName('secondary')}>
                  New recovery codes
                </Link>
                <Link to="/account/two-factor/disable" className={buttonClassName('secondary')}>
                  Turn off two-factor authentication
                </Link>
              </div>
            </>
          ) : (
            <>
              <p className="mb-4 text-sm text-slate-700">
                Off. With it on, you enter a code from an app on your phone after your password, so a stolen password
                alone cannot open the portal.
              </p>
              <Link to="/account/two-factor" className={buttonClassName()}>
                Set up two-factor authentication
              </Link>
            </>
          )}
        </section>
        <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-6">
          <h2 id="password-heading" className="mb-1 text-lg font-semibold">
            Change password
          </h2>
          <p className="mb-4 text-sm text-slate-600">You will stay signed in here and be signed out everywhere else.</p>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            {/* Lets password managers tie the new password to this account. */}
            <input type="text" name="username" value={user.email} autoComplete="username" readOnly hidden />
            <Field
              labelProps={{ children: 'Current password' }}
              inputProps={{
                ...getInputProps(fields.currentPassword, { type: 'password' }),
                autoComplete: 'current-password',
              }}
              errors={fields.currentPassword.errors}
            />
            <Field
              labelProps={{ children: 'New password' }}
              inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
              help={passwordHelp()}
              errors={fields.newPassword.errors}
            />
            <Field
              labelProps={{ children: 'Confirm new password' }}
              inputProps={{
                ...getInputProps(fields.confirmPassword, { type: 'password' }),
                autoComplete: 'new-password',
              }}
              errors={fields.confirmPassword.errors}
            />
            <div>
              <Button type="submit" disabled={navigation.state === 'submitting'}>
                Change password
              </Button>
            </div>
          </Form>
        </section>
      </div>
    </>
  )
}
