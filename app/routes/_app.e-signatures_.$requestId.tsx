import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { BackLink } from '~/components/back-link'
import { Link } from '~/components/link'
import { CopyField } from '~/components/copy-field'
import { PageHeader } from '~/components/page-header'
import { StatusBadge } from '~/components/status-badge'
import { Button, buttonClassName } from '~/components/ui/button'
import { viewEsignRequest } from '~/features/esign/queries.server'
import { listPortalSigners } from '~/features/portal-signing/signing.server'
import { inPersonSignerId, startInPersonSigning } from '~/features/portal-signing/in-person.server'
import { revokeSigningLink, sendNewSigningLink } from '~/features/portal-signing/links.server'
import { esignProviderLabel, esignStatusLabel } from '~/features/esign/request-list'
import { retryEsignRequest } from '~/features/esign/requests.server'
import { cancelEsignRequest, remindEsignRequest } from '~/features/esign/tracking.server'
import { PORTAL_PROVIDER, SEND_FAILED_DEFAULT_MESSAGE, SEND_FAILED_TITLE, queuedToast, sentToast } from '~/features/esign/options'
import { userActor } from '~/platform/auth/actor.server'
import { requireSession, requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { notFoundResponse, redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { NotFoundError } from '~/platform/errors'
import { formatDateTime } from '~/lib/time'
import { titleCase } from '~/lib/misc'

// Titles name the kind of record, never the person.
export const meta: MetaFunction = () => [{ title: 'E-Signature Request | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  try {
    const viewed = await viewEsignRequest(params.requestId ?? '', userActor(request, user))
    // Portal requests: each signer's progress and, while they can still sign, the link to copy.
    const signers = viewed.provider === PORTAL_PROVIDER ? await listPortalSigners(viewed.id, new URL(request.url).origin) : []
    // ?revoke={signerId}: the confirmation before a signer's link is revoked (a plain link, so it works without JavaScript).
    const revoke = new URL(request.url).searchParams.get('revoke')
    return json({ request: viewed, signers, inPersonSignerId: inPersonSignerId(viewed, signers), confirmRevoke: signers.some((signer) => signer.id === revoke) ? revoke : null })
  } catch (error) {
    if (error instanceof NotFoundError) throw notFoundResponse(error)
    throw error
  }
}

/**
 * intent=remind: the provider reminds the signer now (the portal e-mails the
 * current signer's invitation again); intent=cancel: the request is
 * withdrawn; intent=retry: a failed request is sent again; for a portal
 * signer (signerId), intent=revoke-link and intent=new-link;
 * intent=in_person: this browser is locked and handed to the signer whose
 * turn it is, on their signing page.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const id = params.requestId ?? ''
  const here = `/e-signatures/${id}`
  const form = await request.formData()
  const intent = form.get('intent')
  const signerId = String(form.get('signerId') ?? '')
  const actor = userActor(request, user)
  const origin = new URL(request.url).origin
  try {
    if (intent === 'in_person') {
      const signingPage = await startInPersonSigning(id, signerId, await requireSession(request), actor)
      return redirect(signingPage)
    }
    if (intent === 'revoke-link') {
      const signer = await revokeSigningLink(id, signerId, actor)
      return redirectWithToast(here, { title: 'Signing link revoked', description: `${signer.name}'s link no longer works.` })
    }
    if (intent === 'new-link') {
      const signer = await sendNewSigningLink(id, signerId, actor, origin)
      return redirectWithToast(here, { title: 'New signing link sent', description: `A new link was e-mailed to ${signer.name}.` })
    }
    if (intent === 'remind') {
      const result = await remindEsignRequest(id, actor, origin)
      return redirectWithToast(
        here,
        result.outcome === 'succeeded'
          ? { title: 'Reminder sent' }
          : { type: 'destructive', title: 'Reminder not sent', description: result.error ?? 'The reminder could not be sent' },
      )
    }
    if (intent === 'retry') {
      const { request: sent, outcome } = await retryEsignRequest(id, actor)
      return redirectWithToast(
        here,
        outcome === 'sent'
          ? sentToast(sent)
          : outcome === 'queued'
            ? queuedToast(sent)
            : { type: 'destructive', title: SEND_FAILED_TITLE, description: sent.lastError ?? SEND_FAILED_DEFAULT_MESSAGE },
      )
    }
    if (intent === 'cancel') {
      await cancelEsignRequest(id, actor)
      return redirectWithToast(here, { title: 'E-signature request cancelled' })
    }
  } catch (error) {
    return redirectWithFailure(error, here, 'The request could not be changed')
  }
  throw new Response('Unknown intent', { status: 400 })
}

const EVENT_LABELS: Record<string, string> = {
  requested: 'Requested',
  sent: 'Sent',
  send_failed: 'Send failed',
  send_retrying: 'Provider unavailable, retrying',
  reconciled: 'Sent (found after a lost answer)',
  retried: 'Retried',
  viewed: 'Viewed',
  signed: 'Signed',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  revoked: 'Withdrawn at the provider',
  reminder_sent: 'Reminder sent',
  handed_over: 'Handed over to sign in person',
  opened: 'Opened by a signer',
  link_revoked: 'Signing link revoked',
  link_reissued: 'New signing link sent',
  signed_copy_stored: 'Signed copy stored in the document library',
}

export default function EsignRequestPage() {
  const { request, signers, inPersonSignerId, confirmRevoke } = useLoaderData<typeof loader>()
  const timeZone = useTimeZone()
  const canWrite = useCan('records:write')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const pending = ['sending', 'sent', 'viewed', 'signed'].includes(request.status)
  const leadName = request.lead ? `${request.lead.firstName} ${request.lead.lastName}` : null
  return (
    <>
      <BackLink to="/e-signatures">Back to e-signatures</BackLink>
      <PageHeader
        title={request.title}
        subtitle={`${esignProviderLabel(request.provider)}${request.isTest ? ' · Test request' : ''}`}
        actions={
          canWrite && request.status === 'failed' ? (
            <Form method="post">
              <Button type="submit" name="intent" value="retry" disabled={busy}>
                {busy ? 'Retrying...' : 'Retry'}
              </Button>
            </Form>
          ) : canWrite && pending ? (
            <Form method="post" className="flex flex-wrap gap-2">
              {(request.provider === 'boldsign' && ['sent', 'viewed'].includes(request.status)) ||
              (request.provider === PORTAL_PROVIDER && signers.some((signer) => signer.link && ['sent', 'opened'].includes(signer.status))) ? (
                <Button type="submit" name="intent" value="remind" variant="secondary" disabled={busy}>
                  Send Reminder
                </Button>
              ) : null}
              <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={busy}>
                Cancel Request
              </Button>
            </Form>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="request-details" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="request-details" className="mb-3 text-lg font-semibold">
            Details
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <StatusBadge status={request.status} label={esignStatusLabel(request.status)} />
            </dd>
            <dt className="text-slate-600">Recipient</dt>
            <dd>
              {request.leadId && leadName ? (
                <Link to={`/leads/${request.leadId}`} className="text-blue-700 underline">
                  {leadName}
                </Link>
              ) : (
                request.recipientName
              )}
              <span className="block break-all text-slate-600">{request.recipientEmail}</span>
            </dd>
            <dt className="text-slate-600">Template</dt>
            <dd>{request.templateName || request.templateId}</dd>
            <dt className="text-slate-600">Sent by</dt>
            <dd>{request.sentBy?.name ?? 'Unknown'}</dd>
            <dt className="text-slate-600">Expires</dt>
            <dd>{request.expiresAt ? formatDateTime(request.expiresAt, timeZone) : `${request.expirationDays} days after sending`}</dd>
            {request.message ? (
              <>
                <dt className="text-slate-600">Message</dt>
                <dd className="whitespace-pre-wrap">{request.message}</dd>
              </>
            ) : null}
            {request.lastError && (request.status === 'failed' || request.status === 'sending') ? (
              <>
                <dt className="text-slate-600">Last error</dt>
                <dd className="text-red-800">{request.lastError}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Signed copy</dt>
            <dd>
              {request.signedDocument ? (
                <a href={`/api/documents/${request.signedDocument.id}/download`} className="text-blue-700 underline">
                  Download signed PDF<span className="sr-only"> {request.signedDocument.name}</span>
                </a>
              ) : request.status === 'completed' ? (
                'Being fetched from the provider'
              ) : (
                'Not signed yet'
              )}
            </dd>
          </dl>
        </section>
        {signers.length > 0 ? (
          <section aria-labelledby="request-signers" className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-3">
            <h2 id="request-signers" className="mb-3 text-lg font-semibold">
              Signers
            </h2>
            <ol className="flex flex-col gap-4">
              {signers.map((signer) => (
                <li key={signer.id} className="text-sm">
                  <p className="font-medium">
                    {signer.order}. {signer.name} · {titleCase(signer.status)}
                  </p>
                  <p className="break-all text-slate-600">{signer.email}</p>
                  {signer.signedAt ? <p className="text-slate-600">Signed {formatDateTime(signer.signedAt, timeZone)}</p> : null}
                  {signer.declineReason ? <p className="text-slate-600">Declined: {signer.declineReason}</p> : null}
                  {canWrite && signer.id === inPersonSignerId ? (
                    // A document load, not a client-side navigation: the signing page runs as plain HTML, and Back from it reloads.
                    <Form method="post" reloadDocument className="mt-2">
                      <input type="hidden" name="signerId" value={signer.id} />
                      <Button type="submit" name="intent" value="in_person" className="coarse:min-h-11">
                        Sign in person now<span className="sr-only"> ({signer.name})</span>
                      </Button>
                      <p className="mt-1 text-slate-600">Locks this browser on the signing page until you sign back in with your password.</p>
                    </Form>
                  ) : null}
                  {pending && ['sent', 'opened'].includes(signer.status) ? (
                    <SignerLink signer={signer} canWrite={canWrite} confirming={confirmRevoke === signer.id} busy={busy} />
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <section aria-labelledby="request-timeline" className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2">
          <h2 id="request-timeline" className="mb-3 text-lg font-semibold">
            Timeline
          </h2>
          <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4">
            {request.events.map((event) => (
              <li key={event.id}>
                <p className="font-medium">{EVENT_LABELS[event.type] ?? titleCase(event.type.replace(/_/g, ' '))}</p>
                <p className="text-xs text-slate-600">
                  {formatDateTime(event.occurredAt, timeZone)}
                  {event.detail && event.type !== 'signed_copy_stored' ? ` · ${event.detail}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  )
}

type SignerRow = { id: string; name: string; order: number; link: string | null; linkRevokedAt: string | null }

/** The current signer's link: copy it, revoke it (after a confirmation), or send a new one. */
function SignerLink({ signer, canWrite, confirming, busy }: { signer: SignerRow; canWrite: boolean; confirming: boolean; busy: boolean }) {
  return (
    <div className="mt-2 flex flex-col gap-2">
      {signer.link ? (
        <CopyField
          label={`Signing link for ${signer.name}`}
          hint="Copy it to hand over or send yourself."
          value={signer.link}
          buttonLabel={`Copy ${signer.name}'s link`}
        />
      ) : signer.linkRevokedAt ? (
        <p className="font-medium text-amber-900">Link revoked: {signer.name} cannot open it. Send a new link when they should sign.</p>
      ) : null}
      {canWrite && confirming && signer.link ? (
        <Form method="post" className="rounded-md border border-red-200 bg-red-50 p-3" aria-labelledby={`revoke-${signer.id}`}>
          <p id={`revoke-${signer.id}`} className="mb-2 text-red-900">
            Revoke {signer.name}&apos;s link? It stops working at once; a copy already sent or forwarded cannot be used to sign.
          </p>
          <input type="hidden" name="signerId" value={signer.id} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="revoke-link" variant="destructive" disabled={busy}>
              Yes, revoke the link
            </Button>
            <Link to="." preventScrollReset className={buttonClassName('secondary')}>
              Keep the link
            </Link>
          </div>
        </Form>
      ) : canWrite ? (
        <div className="flex flex-wrap gap-2">
          {signer.link ? (
            <Link to={`?revoke=${signer.id}`} preventScrollReset className={buttonClassName('secondary')}>
              Revoke link<span className="sr-only"> for {signer.name}</span>
            </Link>
          ) : null}
          <Form method="post">
            <input type="hidden" name="signerId" value={signer.id} />
            <Button type="submit" name="intent" value="new-link" variant="secondary" disabled={busy}>
              Send a new link<span className="sr-only"> to {signer.name}</span>
            </Button>
          </Form>
        </div>
      ) : null}
    </div>
  )
}
