import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { JOTFORM_KEY_MESSAGE, PAGE_TITLE, PROCESSING_FAILED_TITLE, processingErrorMessage } from '~/features/online-forms/converter'
import { isDemoForm } from '~/features/online-forms/conversion.server'
import { DraftReview, fieldAnchor, type DraftActionData } from '~/features/online-forms/draft-review'
import { correctDraftForm, type DraftCorrection } from '~/features/online-forms/drafts.server'
import { draftFormSchema, renameFieldSchema } from '~/features/online-forms/forms.server'
import { getOnlineForm, publishOnlineForm } from '~/features/online-forms/online-forms.server'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { useFragmentFocus } from '~/lib/use-fragment-focus'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan } from '~/platform/auth/user'
import { ConflictError, NotFoundError } from '~/platform/errors'
import { formFailureReply, notFoundResponse } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import type { loader as converterLoader } from '~/routes/_app.pdf-to-form'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.form.title ?? 'Form review'} | ${PAGE_TITLE} | Healthcare Portal` },
]

async function loadForm(formId: string | undefined) {
  try {
    return await getOnlineForm(formId ?? '')
  } catch (error) {
    if (error instanceof NotFoundError) throw notFoundResponse(error)
    throw error
  }
}

/** Step 2 (a draft) or step 3 (created) of one converted form. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const record = await loadForm(params.formId)
  const preview = `/pdf-to-form/${record.id}/preview`
  return json({
    form: {
      id: record.id,
      title: record.title,
      sourceFileName: record.sourceFileName,
      fields: record.fields,
      totalPages: record.totalPages,
      fallbackFields: record.fallbackFields,
      status: record.status,
      provider: record.provider,
      externalFormId: record.externalFormId,
      webhookConfigured: record.webhookConfigured,
      // A portal-hosted form opens through its preview and is edited here.
      formUrl: record.externalFormUrl ?? preview,
      editUrl: record.externalEditUrl ?? `/pdf-to-form/${record.id}`,
    },
    isDemo: isDemoForm(record),
    openField: new URL(request.url).searchParams.get('field'),
    rules: formRules(renameFieldSchema),
  })
}

const CORRECTED_TITLES: Record<DraftCorrection['kind'], string> = {
  rename: 'Label renamed',
  'change-type': 'Field type changed',
  'toggle-required': 'Required flag changed',
  move: 'Field moved',
  remove: 'Field removed',
}

/** One correction of the draft (by `intent`), or 'publish': create the form, then step 3. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const formId = params.formId ?? ''
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: draftFormSchema })
  const intent = String(formData.get('intent') ?? '')
  const fieldName = typeof formData.get('fieldName') === 'string' ? String(formData.get('fieldName')) : null
  if (submission.status !== 'success') {
    return json<DraftActionData>({ intent, fieldName, result: submission.reply() }, { status: 400 })
  }
  const value = submission.value
  if (value.intent === 'publish') {
    try {
      await publishOnlineForm(formId, { target: value.target, origin: new URL(request.url).origin }, actor)
    } catch (error) {
      // Jotform refusing the key is a ConflictError too: it reads as the catalogue's configuration message.
      const message = processingErrorMessage(error)
      const shown = error instanceof ConflictError && message === JOTFORM_KEY_MESSAGE ? new ConflictError(message) : error
      const { result, init } = await formFailureReply(shown, (errors) => submission.reply(errors), message, {
        title: PROCESSING_FAILED_TITLE,
      })
      return json<DraftActionData>({ intent, fieldName: null, result }, init)
    }
    return redirectWithToast(`/pdf-to-form/${formId}#step-3`, { title: 'Form created' })
  }
  const correction: DraftCorrection =
    value.intent === 'rename'
      ? { kind: 'rename', fieldName: value.fieldName, label: value.label }
      : value.intent === 'change-type'
        ? { kind: 'change-type', fieldName: value.fieldName, type: value.type }
        : value.intent === 'toggle-required'
          ? { kind: 'toggle-required', fieldName: value.fieldName }
          : value.intent === 'remove'
            ? { kind: 'remove', fieldName: value.fieldName }
            : { kind: 'move', fieldName: value.fieldName, direction: value.intent === 'move-up' ? 'up' : 'down' }
  try {
    await correctDraftForm(formId, correction, actor)
  } catch (error) {
    const { result, init } = await formFailureReply(error, (errors) => submission.reply(errors), 'Failed to update the form')
    return json<DraftActionData>({ intent, fieldName, result }, init)
  }
  const to =
    correction.kind === 'remove'
      ? `/pdf-to-form/${formId}#fields`
      : `/pdf-to-form/${formId}?field=${encodeURIComponent(correction.fieldName)}#${fieldAnchor(correction.fieldName)}`
  return redirectWithToast(to, { title: CORRECTED_TITLES[correction.kind] })
}

export default function PdfToFormReview() {
  const { form, openField, rules } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const converter = useRouteLoaderData<typeof converterLoader>('routes/_app.pdf-to-form')
  const canWrite = useCan('records:write')
  useFragmentFocus()
  return (
    <DraftReview
      form={form}
      canWrite={canWrite}
      jotformConfigured={converter?.jotform.configured ?? false}
      rules={rules}
      openField={openField}
      actionData={actionData}
    />
  )
}
