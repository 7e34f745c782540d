import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { PageHeader } from '~/components/page-header'
import { confirmIdentitySchema } from '~/features/users/forms.server'
import { confirmIdentity, disableMfa, requireUserWithMfa } from '~/features/users/mfa.server'
import { ConfirmIdentityForm } from '~/features/users/mfa-parts'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { userActor } from '~/platform/auth/actor.server'
import { roleRequiresMfa } from '~/platform/auth/auth.server'
import { formFailureReply } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Turn Off Two-Factor Authentication | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUserWithMfa(request)
  return json({
    rules: formRules(confirmIdentitySchema),
    email: user.email,
    requiredForRole: roleRequiresMfa(user.role),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUserWithMfa(request)
  const hideFields = ['code', 'password']
  const submission = parseWithZod(await request.formData(), {
    schema: confirmIdentitySchema,
  })
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields }) }, { status: 400 })
  }
  const actor = userActor(request, user)
  try {
    await confirmIdentity(user.id, submission.value, actor)
    await disableMfa(user.id, actor)
  } catch (error) {
    const { result, init } = await formFailureReply(
      error,
      (errors) => submission.reply({ ...errors, hideFields }),
      'Could not turn off two-factor authentication',
    )
    return json({ result }, init)
  }
  return redirectWithToast('/account', {
    title: 'Two-factor authentication turned off',
  })
}

export default function DisableTwoFactorPage() {
  const { email, rules, requiredForRole } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Turn off two-factor authentication" />
      <section aria-labelledby="confirm-heading" className="max-w-xl rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="confirm-heading" className="mb-1 text-lg font-semibold">
          Confirm it is you
        </h2>
        <p className="mb-4 text-sm text-slate-700">
          Without two-factor authentication, your password alone opens the portal. Your recovery codes stop working.
          {requiredForRole
            ? ' Your role requires two-factor authentication, so you will set it up again straight away (for example with a new phone).'
            : ''}
        </p>
        <ConfirmIdentityForm
          rules={rules}
          id="disable-mfa"
          email={email}
          lastResult={data?.result}
          submitLabel="Turn off two-factor authentication"
          destructive
        />
        <p className="mt-4 text-sm">
          <Link to="/account" className="text-blue-700 underline hover:text-blue-900">
            Cancel
          </Link>
        </p>
      </section>
    </>
  )
}
