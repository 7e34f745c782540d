import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/components/page-header'
import { RECOVERY_CODE_COUNT, confirmIdentitySchema } from '~/features/users/mfa-schema'
import { confirmIdentity, getMfaStatus, regenerateRecoveryCodes } from '~/features/users/mfa.server'
import { ConfirmIdentityForm, RecoveryCodes } from '~/features/users/mfa-parts'
import { parseWithZod } from '~/lib/form-input'
import { userActor } from '~/platform/auth/actor.server'
import { requireUser } from '~/platform/auth/auth.server'

export const meta: MetaFunction = () => [{ title: 'New Recovery Codes | Healthcare Portal' }]

async function requireUserWithMfa(request: Request) {
  const user = await requireUser(request)
  const status = await getMfaStatus(user.id)
  if (!status.enabled) throw redirect('/account')
  return { user, status }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, status } = await requireUserWithMfa(request)
  return json({ email: user.email, recoveryCodesLeft: status.recoveryCodesLeft })
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUserWithMfa(request)
  const hideFields = ['code', 'password']
  const submission = parseWithZod(await request.formData(), { schema: confirmIdentitySchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields }) }, { status: 400 })
  }
  const actor = userActor(request, user)
  const check = await confirmIdentity(user.id, submission.value, actor)
  if (!check.ok) {
    const retryAfter = check.retryAfterMs ? { 'Retry-After': String(Math.ceil(check.retryAfterMs / 1000)) } : undefined
    return json(
      { result: submission.reply({ fieldErrors: { [check.field]: [check.message] }, hideFields }) },
      { status: check.retryAfterMs ? 429 : 400, headers: retryAfter },
    )
  }
  return json({ recoveryCodes: await regenerateRecoveryCodes(user.id, actor), continueTo: '/account' })
}

export default function RecoveryCodesPage() {
  const { email, recoveryCodesLeft } = useLoaderData<typeof loader>()
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
              You have {recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left. New codes replace all of them: the
              old ones stop working. Confirm it is you with a code from your app or your password.
            </p>
            <ConfirmIdentityForm
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
