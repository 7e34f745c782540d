import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { BackLink } from '~/components/back-link'
import { Link } from '~/components/link'
import { CheckboxField, Field, FormErrors, SelectField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { changeUserPassword, findUserForAdmin, setUserActive, updateUserAccount } from '~/features/users/users.server'
import { isCommonPassword } from '~/features/users/common-passwords.server'
import { newPasswordChecks, passwordHelp } from '~/features/users/password-policy'
import {
  deactivateUserSchema,
  reactivateUserSchema,
  resetMfaSchema,
  resetPasswordSchema,
  updateUserSchema,
} from '~/features/users/forms.server'
import { getMfaStatus, resetMfa } from '~/features/users/mfa.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { getEnv } from '~/platform/env.server'
import { ActiveBadge } from '~/components/status-badge'
import { ROLES, ROLE_LABELS, isRole } from '~/platform/auth/permissions'
import { destroyUserSessions } from '~/platform/auth/session.server'
import { formatDate, formatDateTime } from '~/lib/time'
import { formFailureReply } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.user.name ?? 'User'} | Users | Settings | Healthcare Portal` },
]

const roleOptions = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUserWithPermission(request, 'users:manage')
  const user = await findUserForAdmin(params.userId)
  if (!user) throw new Response('No user with this id.', { status: 404, statusText: 'Not Found' })
  const mfa = await getMfaStatus(user.id)
  return json({
    mfa: {
      enabled: mfa.enabled,
      since: mfa.enabledAt ? formatDate(mfa.enabledAt, getEnv().AGENCY_TIME_ZONE) : null,
    },
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      roleLabel: isRole(user.role) ? ROLE_LABELS[user.role] : user.role,
      isActive: user.isActive,
      createdAt: user.createdAt.toISOString(),
      created: formatDateTime(user.createdAt, getEnv().AGENCY_TIME_ZONE),
    },
    isSelf: user.id === actor.id,
    rules: {
      update: formRules(updateUserSchema),
      resetPassword: formRules(`reset-password|${user.email}|${user.name}`, () => resetPasswordSchema({ email: user.email, name: user.name })),
      resetMfa: formRules(resetMfaSchema),
    },
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserWithPermission(request, 'users:manage')
  const user = await findUserForAdmin(params.userId)
  if (!user) throw new Response('No user with this id.', { status: 404, statusText: 'Not Found' })
  const context = userActor(request, actor)
  const page = `/settings/users/${user.id}`
  const formData = await request.formData()

  switch (formData.get('intent')) {
    case 'update': {
      const submission = parseWithZod(formData, { schema: updateUserSchema })
      if (submission.status !== 'success') {
        return json({ intent: 'update', result: submission.reply() } as const, { status: 400 })
      }
      try {
        await updateUserAccount(user.id, submission.value, context)
      } catch (error) {
        const { result, init } = await formFailureReply(error, (errors) => submission.reply(errors), 'Failed to update user')
        return json({ intent: 'update', result } as const, init)
      }
      return redirectWithToast(page, { title: 'User updated' })
    }
    case 'deactivate':
    case 'reactivate': {
      const schema = formData.get('intent') === 'deactivate' ? deactivateUserSchema : reactivateUserSchema
      const submission = parseWithZod(formData, { schema })
      if (submission.status !== 'success') {
        return json({ intent: 'status', result: submission.reply() } as const, { status: 400 })
      }
      const isActive = submission.value.intent === 'reactivate'
      try {
        await setUserActive(user.id, isActive, context)
      } catch (error) {
        const { result, init } = await formFailureReply(error, (errors) => submission.reply(errors), 'Failed to update user')
        return json({ intent: 'status', result } as const, init)
      }
      // Every signed-in browser of a deactivated user is signed out at once.
      if (!isActive) await destroyUserSessions(user.id)
      return redirectWithToast(page, { title: isActive ? 'User reactivated' : 'User deactivated' })
    }
    case 'reset-password': {
      const submission = parseWithZod(formData, {
        schema: resetPasswordSchema({ email: user.email, name: user.name, isCommon: isCommonPassword }),
      })
      const hideFields = ['newPassword', 'confirmPassword']
      if (submission.status !== 'success') {
        return json({ intent: 'reset-password', result: submission.reply({ hideFields }) } as const, { status: 400 })
      }
      if (user.id === actor.id) {
        // Changing one's own password asks for the current one: the account page.
        return json(
          {
            intent: 'reset-password',
            result: submission.reply({
              formErrors: ['To change your own password, use your account page.'],
              hideFields,
            }),
          } as const,
          { status: 400 },
        )
      }
      await changeUserPassword(user.id, submission.value.newPassword, context)
      await destroyUserSessions(user.id)
      return redirectWithToast(page, { title: 'Password reset' })
    }
    case 'reset-mfa': {
      const submission = parseWithZod(formData, { schema: resetMfaSchema })
      if (submission.status !== 'success') {
        return json({ intent: 'reset-mfa', result: submission.reply() } as const, { status: 400 })
      }
      const result = await resetMfa(user.id, context)
      if (!result.ok) {
        return json({ intent: 'reset-mfa', result: submission.reply({ formErrors: [result.message] }) } as const, {
          status: 400,
        })
      }
      // Whoever holds their sessions now may hold their phone: they sign in again.
      await destroyUserSessions(user.id)
      return redirectWithToast(page, { title: 'MFA reset' })
    }
    default:
      throw new Response('Unknown form.', { status: 400, statusText: 'Bad Request' })
  }
}

export default function UserPage() {
  const { user, isSelf, mfa } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="tab-heading" className="flex max-w-xl flex-col gap-6">
      <div>
        <BackLink to="/settings/users" className="text-blue-700 underline hover:text-blue-900">
          Back to users
        </BackLink>
        <h2 id="tab-heading" className="text-lg font-semibold">
          {user.name}
          {isSelf ? <span className="ml-2 text-sm font-normal text-slate-600">(you)</span> : null}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">Email</dt>
          <dd>{user.email}</dd>
          <dt className="font-medium text-slate-700">Role</dt>
          <dd>{user.roleLabel}</dd>
          <dt className="font-medium text-slate-700">Status</dt>
          <dd>
            <ActiveBadge active={user.isActive} labels={['Active', 'Deactivated']} />
          </dd>
          <dt className="font-medium text-slate-700">Created</dt>
          <dd>
            <time dateTime={user.createdAt}>{user.created}</time>
          </dd>
        </dl>
      </div>
      {/* Keyed by the saved values so the forms start again from them after a change. */}
      <DetailsForm key={`${user.name}|${user.role}`} />
      <PasswordForm />
      <MfaForm key={String(mfa.enabled)} />
      <StatusForm key={String(user.isActive)} />
    </section>
  )
}

function useResultFor(intent: 'update' | 'status' | 'reset-password' | 'reset-mfa') {
  const data = useActionData<typeof action>()
  return data?.intent === intent ? data.result : undefined
}

function DetailsForm() {
  const { user, isSelf, rules } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ name: string; role: string }>({
    id: 'update-user',
    constraint: constraintsOf(rules.update),
    lastResult: useResultFor('update'),
    defaultValue: { name: user.name, role: user.role },
    shouldValidate: 'onBlur',
    onValidate: validateWithRules(rules.update),
  })
  return (
    <section aria-labelledby="details-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h3 id="details-heading" className="mb-4 font-semibold">
        Name and role
      </h3>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.name.errors}
        />
        {isSelf ? (
          <div className="flex flex-col gap-1 text-sm">
            <input type="hidden" name="role" value={user.role} />
            <span className="font-medium text-slate-800">Role</span>
            <span>{user.roleLabel}</span>
            <p className="text-xs text-slate-600">You cannot change your own role; another admin can.</p>
          </div>
        ) : (
          <SelectField
            labelProps={{ children: 'Role' }}
            selectProps={getSelectProps(fields.role)}
            options={roleOptions}
            errors={fields.role.errors}
          />
        )}
        <div>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            Save changes
          </Button>
        </div>
      </Form>
    </section>
  )
}

function PasswordForm() {
  const { user, isSelf, rules } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ newPassword: string; confirmPassword: string }>({
    id: 'reset-password',
    constraint: constraintsOf(rules.resetPassword),
    lastResult: useResultFor('reset-password'),
    shouldValidate: 'onBlur',
    onValidate: validateWithRules(rules.resetPassword, newPasswordChecks({ email: user.email, name: user.name, forOther: true })),
  })
  return (
    <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h3 id="password-heading" className="mb-1 font-semibold">
        Reset password
      </h3>
      {isSelf ? (
        <p className="text-sm text-slate-700">
          To change your own password, use{' '}
          <Link to="/account" className="text-blue-700 underline hover:text-blue-900">
            your account page
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            Sets a new password and signs the user out everywhere. Share the new password with them privately.
          </p>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="reset-password" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field
              labelProps={{ children: 'New password' }}
              inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
              help={passwordHelp(true)}
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
              <Button type="submit" variant="secondary" disabled={navigation.state === 'submitting'}>
                Reset password
              </Button>
            </div>
          </Form>
        </>
      )}
    </section>
  )
}

function MfaForm() {
  const { mfa, isSelf, rules } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ confirm: string }>({
    id: 'reset-mfa',
    constraint: constraintsOf(rules.resetMfa),
    lastResult: useResultFor('reset-mfa'),
    shouldValidate: 'onSubmit',
    onValidate: validateWithRules(rules.resetMfa),
  })
  return (
    <section aria-labelledby="mfa-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h3 id="mfa-heading" className="mb-1 font-semibold">
        Two-factor authentication
      </h3>
      {!mfa.enabled ? (
        <p className="text-sm text-slate-700">Not set up.</p>
      ) : isSelf ? (
        <p className="text-sm text-slate-700">
          On since {mfa.since}. To turn off your own, use{' '}
          <Link to="/account" className="text-blue-700 underline hover:text-blue-900">
            your account page
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            On since {mfa.since}. Resetting removes the user&apos;s authenticator app and recovery codes and signs them out
            everywhere, for when they have lost their phone. Make sure you are talking to the user themselves.
          </p>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="reset-mfa" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <CheckboxField
              labelProps={{ children: "Yes, remove this user's two-factor authentication" }}
              inputProps={getInputProps(fields.confirm, { type: 'checkbox' })}
              errors={fields.confirm.errors}
            />
            <div>
              <Button type="submit" variant="destructive" disabled={navigation.state === 'submitting'}>
                Reset MFA
              </Button>
            </div>
          </Form>
        </>
      )}
    </section>
  )
}

function StatusForm() {
  const { user, isSelf } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const [form] = useForm({ id: 'user-status', lastResult: useResultFor('status') })
  return (
    <section aria-labelledby="status-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h3 id="status-heading" className="mb-1 font-semibold">
        {user.isActive ? 'Deactivate account' : 'Reactivate account'}
      </h3>
      {user.isActive && isSelf ? (
        <p className="text-sm text-slate-700">You cannot deactivate your own account; another admin can.</p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            {user.isActive
              ? 'A deactivated user is signed out everywhere at once and cannot sign in. Their history stays in the audit log.'
              : 'The user will be able to sign in again with their password.'}
          </p>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value={user.isActive ? 'deactivate' : 'reactivate'} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <div>
              <Button
                type="submit"
                variant={user.isActive ? 'destructive' : 'secondary'}
                disabled={navigation.state === 'submitting'}
              >
                {user.isActive ? 'Deactivate user' : 'Reactivate user'}
              </Button>
            </div>
          </Form>
        </>
      )}
    </section>
  )
}
