import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { PageHeader } from '~/components/page-header'
import { RECOVERY_CODE_COUNT } from '~/features/users/mfa-codes'
import { confirmIdentitySchema } from '~/features/users/forms.server'
import { confirmIdentity, regenerateRecoveryCodes, requireUserWithMfa } from '~/features/users/mfa.server'
import { ConfirmIdentityForm, RecoveryCodes } from '~/features/users/mfa-parts'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { userActor } from '~/platform/auth/actor.server'
import { formFailureReply } from '~/platform/http/errors.server'

export const meta: MetaFunction = () => [{ title: 'New Recovery Codes | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, status } = await requireUserWithMfa(request)
  return json({
    rules: formRules(confirmIdentitySchema),
    email: user.email,
    recoveryCodesLeft: status.recoveryCodesLeft,
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
  let recoveryCodes: string[]
  try {
    await confirmIdentity(user.id, submission.value, actor)
    recoveryCodes = await regenerateRecoveryCodes(user.id, actor)
  } catch (error) {
    const { result, init } = await formFailureReply(
      error,
      (errors) => submission.reply({ ...errors, hideFields }),
      'Could not make new recovery codes',
    )
    return json({ result }, init)
  }
  return json({ recoveryCodes, continueTo: '/account' })
}

export default function RecoveryCodesPage() {
  const { email, rules, recoveryCodesLeft } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="New recovery codes" />
      <div className="flex max-w-xl flex-col gap-6">
        {data && 'recoveryCodes' in data ? (
          <RecoveryCodes codes={data.recoveryCodes} continueTo={data.continueTo} />
        ) : (
          <section aria-labelledby="confirm-heading" className="rounded-lg border border-slate-200 bg-white p-6">
            <h2 id="confirm-heading" className="mb-1 text-lg font-semibold">
              Replace your recovery codes
            </h2>
            <p className="mb-4 text-sm text-slate-700">
              You have {recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left. New codes replace all of them: the old ones stop
              working. Confirm it is you with a code from your app or your password.
            </p>
            <ConfirmIdentityForm
              rules={rules}
              id="regenerate-recovery-codes"
              email={email}
              lastResult={data && 'result' in data ? data.result : undefined}
              submitLabel="Create new recovery codes"
            />
            <p className="mt-4 text-sm">
              <Link to="/account" className="text-blue-700 underline hover:text-blue-900">
                Cancel
              </Link>
            </p>
          </section>
        )}
      </div>
    </>
  )
}
