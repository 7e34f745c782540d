import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { esignSendSchema } from '~/features/esign/forms.server'
import {
  PORTAL_PROVIDER,
  MISSING_INFORMATION_TITLE,
  SEND_FAILED_DEFAULT_MESSAGE,
  SEND_FAILED_TITLE,
  SEND_MISSING_INFORMATION_MESSAGE,
  esignRequestAnchor,
  sentToast,
  queuedToast,
} from '~/features/esign/options'
import { sendLeadSignature } from '~/features/esign/requests.server'
import { loadSendDialog } from '~/features/esign/send-dialog.server'
import { SendEsignDialogBody } from '~/features/esign/send-dialog'
import { viewLead } from '~/features/leads/leads.server'
import { portalLeadSendSchema } from '~/features/portal-signing/forms.server'
import { sendLeadPortalRequest } from '~/features/portal-signing/prepare.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { recordDialogExitPath } from '~/platform/http/request.server'
import { createToastHeaders, redirectWithToast } from '~/platform/http/toast.server'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'

export const meta: MetaFunction = () => [{ title: 'Send E-Signature Request | Healthcare Portal' }]

/** The page's query: the dialog's own steps (provider, templateId) are not part of it. */
function pageQuery(request: Request) {
  const query = new URL(request.url).searchParams
  query.delete('provider')
  query.delete('templateId')
  return query
}

/** Where the dialog closes to: the lead's page or the list it is drawn over, or redirectTo. */
function exitPath(request: Request, leadId: string) {
  return recordDialogExitPath(request, '/leads', `/leads/${leadId}`, pageQuery(request))
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw new Response('Lead not found', { status: 404 })
  const query = new URL(request.url).searchParams
  const data = await loadSendDialog({ provider: query.get('provider'), templateId: query.get('templateId') })
  return json({
    recipient: { name: `${lead.firstName} ${lead.lastName}`, email: lead.email, phone: lead.phone },
    data,
    rules: formRules(esignSendSchema),
    portalRules: formRules(portalLeadSendSchema),
    portalPrepareHref: `/e-signatures/new-portal?person=lead:${lead.id}`,
    closeTo: exitPath(request, lead.id),
    pageQuery: [...pageQuery(request)],
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const leadId = params.leadId ?? ''
  const leadPage = `/leads/${leadId}`
  const form = await request.formData()
  if (form.get('provider') === PORTAL_PROVIDER) return sendThroughPortal(request, form, leadId, user)
  const submission = parseWithZod(form, { schema: esignSendSchema })
  if (submission.status !== 'success') {
    const missing = Boolean(submission.error?.provider || submission.error?.templateId)
    if (!missing) return json(submission.reply(), { status: 400 })
    return json(submission.reply({ formErrors: [`${MISSING_INFORMATION_TITLE}: ${SEND_MISSING_INFORMATION_MESSAGE}`] }), {
      status: 400,
      headers: await createToastHeaders({ type: 'destructive', title: MISSING_INFORMATION_TITLE, description: SEND_MISSING_INFORMATION_MESSAGE }),
    })
  }
  let result
  try {
    result = await sendLeadSignature(leadId, submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, SEND_FAILED_DEFAULT_MESSAGE, { title: SEND_FAILED_TITLE })
  }
  const { request: sent, outcome } = result
  if (outcome === 'failed') {
    const reason = sent.lastError ?? SEND_FAILED_DEFAULT_MESSAGE
    return json(submission.reply({ formErrors: [`${SEND_FAILED_TITLE}: ${reason}`] }), {
      status: 502,
      headers: await createToastHeaders({ type: 'destructive', title: SEND_FAILED_TITLE, description: reason }),
    })
  }
  const closeTo = exitPath(request, leadId)
  // Back on the lead's page, focus goes to the new request in its list.
  const to = new URL(closeTo, 'http://portal.invalid').pathname === leadPage ? `${closeTo}#${esignRequestAnchor(sent.id)}` : closeTo
  return redirectWithToast(to, outcome === 'sent' ? sentToast(sent) : queuedToast(sent))
}

/** The Portal chosen: the lead signs a library PDF through the portal's own signing (no provider call). */
async function sendThroughPortal(request: Request, form: FormData, leadId: string, user: { id: string }) {
  const submission = parseWithZod(form, { schema: portalLeadSendSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let sent
  try {
    sent = (await sendLeadPortalRequest(leadId, submission.value, userActor(request, user), new URL(request.url).origin)).request
  } catch (error) {
    return formFailure(error, submission, SEND_FAILED_DEFAULT_MESSAGE, { title: SEND_FAILED_TITLE })
  }
  const closeTo = exitPath(request, leadId)
  const to = new URL(closeTo, 'http://portal.invalid').pathname === `/leads/${leadId}` ? `${closeTo}#${esignRequestAnchor(sent.id)}` : closeTo
  return redirectWithToast(to, sentToast(sent))
}

export default function LeadESign() {
  const { recipient, data, rules, portalRules, portalPrepareHref, closeTo, pageQuery } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title="Send E-Signature Request" closeTo={closeTo}>
      <SendEsignDialogBody
        recipient={recipient}
        data={data}
        rules={rules}
        portal={{ rules: portalRules, prepareHref: portalPrepareHref }}
        lastResult={lastResult}
        closeTo={closeTo}
        pageQuery={pageQuery}
      />
    </RouteDialog>
  )
}
