import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { esignTestSchema } from '~/features/esign/forms.server'
import {
  MISSING_INFORMATION_TITLE,
  TEST_FAILED_DEFAULT_MESSAGE,
  TEST_FAILED_TITLE,
  TEST_MISSING_INFORMATION_MESSAGE,
  TEST_SUCCESS_TITLE,
  queuedToast,
  testSuccessMessage,
} from '~/features/esign/options'
import { requestTestSignature, sendStoredRequestNow } from '~/features/esign/requests.server'
import { loadSendDialog } from '~/features/esign/send-dialog.server'
import { EsignTestPanel } from '~/features/esign/test-panel'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { createToastHeaders, redirectWithToast } from '~/platform/http/toast.server'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'

export const meta: MetaFunction = () => [{ title: 'E-Signature Test | Healthcare Portal' }]

// This page and Settings → E-Sign Test share the loader, the action and the panel.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const data = await loadSendDialog({ provider: new URL(request.url).searchParams.get('provider') })
  return json({ data, rules: formRules(esignTestSchema) })
}

/** A test request, stored and marked as a test, then sent at once; the result in a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: esignTestSchema })
  if (submission.status !== 'success') {
    const missing = ['provider', 'templateId', 'recipientName', 'recipientEmail'].some(
      (field) => submission.error?.[field]?.includes(TEST_MISSING_INFORMATION_MESSAGE),
    )
    if (!missing) return json(submission.reply(), { status: 400 })
    return json(submission.reply({ formErrors: [`${MISSING_INFORMATION_TITLE}: ${TEST_MISSING_INFORMATION_MESSAGE}`] }), {
      status: 400,
      headers: await createToastHeaders({ type: 'destructive', title: MISSING_INFORMATION_TITLE, description: TEST_MISSING_INFORMATION_MESSAGE }),
    })
  }
  let result
  try {
    const stored = await requestTestSignature(submission.value, userActor(request, user))
    result = await sendStoredRequestNow(stored.id)
  } catch (error) {
    return formFailure(error, submission, TEST_FAILED_DEFAULT_MESSAGE, { title: TEST_FAILED_TITLE })
  }
  const { request: sent, outcome } = result
  if (outcome === 'failed') {
    const reason = sent.lastError ?? TEST_FAILED_DEFAULT_MESSAGE
    return json(submission.reply({ formErrors: [`${TEST_FAILED_TITLE}: ${reason}`] }), {
      status: 502,
      headers: await createToastHeaders({ type: 'destructive', title: TEST_FAILED_TITLE, description: reason }),
    })
  }
  const here = `${new URL(request.url).pathname}?provider=${sent.provider}`
  return redirectWithToast(
    here,
    outcome === 'sent' ? { title: TEST_SUCCESS_TITLE, description: testSuccessMessage(submission.value.provider) } : queuedToast(sent),
  )
}

export default function EsignTestPage() {
  const { data, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return <EsignTestPanel title="E-Signature Test" level={1} data={data} rules={rules} lastResult={lastResult} />
}
