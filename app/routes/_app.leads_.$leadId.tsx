import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useOutlet } from '@remix-run/react'
import { BackLink, useListQuery } from '~/components/back-link'
import { Link } from '~/components/link'
import { EmailAddress } from '~/components/email-address'
import { PageHeader } from '~/components/page-header'
import { dialogHref, useDialogOutletOnly } from '~/components/dialog-links'
import { keepPageUnderDialogs } from '~/components/keep-page-under-dialogs'
import { StatusBadge } from '~/components/status-badge'
import { Button, buttonClassName } from '~/components/ui/button'
import { getLead } from '~/features/leads/leads.server'
import { viewLeadPage } from '~/features/leads/lead-page.server'
import { COMMUNICATIONS_HEADING_ID, communicationEntryId, communicationTypeLabel } from '~/features/leads/communication-options'
import { effectiveStatus, sourceLabel } from '~/features/leads/options'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formatDateTime, formatEnteredDateTime } from '~/lib/time'
import { GHL_SYNC_LABELS } from '~/features/leads/messages'
import { isGhlSyncAvailable, syncLeadNow } from '~/features/leads/ghl-sync.server'
import { cn } from '~/lib/misc'
import { redirectWithToast } from '~/platform/http/toast.server'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { userActor } from '~/platform/auth/actor.server'
import { useFragmentFocus } from '~/lib/use-fragment-focus'
import { EsignRequestList } from '~/features/esign/request-list'
import { PersonDocuments } from '~/features/documents/person-documents'
import { PersonAppointments } from '~/features/calendar/person-appointments'
import { assessmentPrefill, scheduleOverPageHref } from '~/features/calendar/schedule-links'
import { LeadFormSubmissions } from '~/features/online-forms/submission-list'
import { AutomationHistory } from '~/features/workflows/automation-history'

// Titles name the kind of record, never the person: they stay in browser history on shared tablets.
export const meta: MetaFunction = () => [{ title: 'Lead | Healthcare Portal' }]

export const shouldRevalidate = keepPageUnderDialogs((params) => `/leads/${params.leadId}`)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const actor = userActor(request, user)
  const [page, ghlAvailable] = await Promise.all([viewLeadPage(params.leadId ?? '', actor, { origin: new URL(request.url).origin }), isGhlSyncAvailable()])
  if (!page) throw new Response('Lead not found', { status: 404 })
  const { lead, communications, patient, esignRequests, upcoming, formSubmissions, documents, automation } = page
  return json({ lead, communications, patient, ghlAvailable, esignRequests, upcoming, formSubmissions, automation, documents })
}

/** intent=retry-sync: push the lead to GoHighLevel again now. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const lead = await getLead(params.leadId ?? '')
  if (!lead) throw new Response('Lead not found', { status: 404 })
  const form = await request.formData()
  if (form.get('intent') !== 'retry-sync') throw new Response('Unknown intent', { status: 400 })
  const result = await syncLeadNow(lead.id)
  return redirectWithToast(
    `/leads/${lead.id}`,
    result.success
      ? { title: 'Lead synced to GoHighLevel' }
      : { type: 'destructive', title: 'GoHighLevel sync failed', description: result.error ?? undefined },
  )
}

const DIRECTION_BORDER: Record<string, string> = {
  inbound: 'border-l-green-600',
  outbound: 'border-l-blue-600',
  internal: 'border-l-purple-600',
}

export default function LeadPage() {
  const { lead, communications, patient, ghlAvailable, esignRequests, upcoming, formSubmissions, automation, documents } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const canWrite = useCan('records:write')
  const canManageIntegrations = useCan('integrations:manage')
  const timeZone = useTimeZone()
  const navigation = useNavigation()
  // A communication saved or deleted returns here at its entry or the history's heading.
  useFragmentFocus()
  // Once the record is deleted, the list as it was last shown.
  const listQuery = useListQuery('/leads')
  if (useDialogOutletOnly(outlet)) return outlet

  const name = `${lead.firstName} ${lead.lastName}`
  const here = `/leads/${lead.id}`
  const address = [lead.address, lead.city, [lead.state, lead.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const loading = navigation.state === 'loading' && navigation.location.pathname === here

  return (
    <>
      <BackLink to="/leads">Back to leads</BackLink>
      <PageHeader
        title={name}
        subtitle={`Lead #${lead.id.slice(0, 8)}`}
        actions={
          <>
            {canWrite ? (
              <Link to={dialogHref(`${here}/edit`, here)} className={buttonClassName('secondary')}>
                Edit
              </Link>
            ) : null}
            {canWrite ? (
              <Link to={dialogHref(`${here}/esign`, here)} className={buttonClassName('secondary')}>
                E-Sign
              </Link>
            ) : null}
            {canWrite ? (
              <Link to={scheduleOverPageHref(assessmentPrefill(lead.id), here)} className={buttonClassName('secondary')}>
                Schedule assessment
              </Link>
            ) : null}
            {patient ? (
              <Link to={`/patients/${patient.id}`} className={buttonClassName('secondary')}>
                View Patient Registration
              </Link>
            ) : canWrite ? (
              <Link to={`${here}/convert`} className={buttonClassName('primary')}>
                Convert to Patient
              </Link>
            ) : null}
            {canWrite ? (
              <Link to={dialogHref(`${here}/delete`, here, listQuery)} className={buttonClassName('destructive')}>
                Delete
              </Link>
            ) : null}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="details-heading" className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-1">
          <h2 id="details-heading" className="mb-3 text-lg font-semibold">
            Details
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <StatusBadge status={effectiveStatus(lead.status)} />
            </dd>
            <dt className="text-slate-600">Email</dt>
            <dd className="min-w-0">
              <a href={`mailto:${lead.email}`} className="text-blue-700 underline">
                <EmailAddress address={lead.email} />
              </a>
            </dd>
            <dt className="text-slate-600">Phone</dt>
            <dd>
              <a href={`tel:${lead.phone}`} className="text-blue-700 underline">
                {lead.phone}
              </a>
            </dd>
            <dt className="text-slate-600">Address</dt>
            <dd>{address || 'Not specified'}</dd>
            <dt className="text-slate-600">Source</dt>
            <dd>{sourceLabel(lead.source)}</dd>
            <dt className="text-slate-600">Assigned to</dt>
            <dd>{lead.assignedTo || 'Unassigned'}</dd>
            <dt className="text-slate-600">Created</dt>
            <dd>{formatDateTime(lead.createdAt, timeZone)}</dd>
          </dl>
          {lead.notes ? (
            <>
              <h3 className="mt-4 text-sm font-semibold">Notes</h3>
              <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{lead.notes}</p>
            </>
          ) : null}
          <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm" aria-live="polite">
            <h3 className="font-semibold">GoHighLevel</h3>
            {ghlAvailable ? (
              <>
                <p className="mt-1">{GHL_SYNC_LABELS[lead.ghlSyncStatus] ?? lead.ghlSyncStatus}</p>
                {lead.ghlSyncError && lead.ghlSyncStatus !== 'synced' && lead.ghlSyncStatus !== 'not_configured' ? (
                  <p className="mt-1 text-slate-600">{lead.ghlSyncError}</p>
                ) : null}
                {lead.ghlSyncedAt && lead.ghlSyncStatus === 'synced' ? (
                  <p className="mt-1 text-slate-600">Last synced {formatDateTime(lead.ghlSyncedAt, timeZone)}</p>
                ) : null}
                {canWrite && lead.ghlSyncStatus !== 'synced' ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="retry-sync" />
                    <Button type="submit" variant="secondary" size="sm" disabled={navigation.state === 'submitting'}>
                      Sync now
                    </Button>
                  </Form>
                ) : null}
              </>
            ) : canManageIntegrations ? (
              <p className="mt-1">
                GoHighLevel is not set up. Connect it in{' '}
                <Link to="/settings/gohighlevel" className="text-blue-700 underline">
                  Settings → GoHighLevel
                </Link>
                .
              </p>
            ) : (
              <p className="mt-1">GoHighLevel is not set up. An admin can connect it in Settings → GoHighLevel.</p>
            )}
          </div>
        </section>

        <section aria-labelledby={COMMUNICATIONS_HEADING_ID} className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id={COMMUNICATIONS_HEADING_ID} tabIndex={-1} className="text-lg font-semibold">
              Communication History
            </h2>
            {canWrite && communications.length > 0 ? (
              <Link to={`/leads/${lead.id}/communications/new`} preventScrollReset className={buttonClassName('primary', 'sm')}>
                Log Communication
              </Link>
            ) : null}
          </div>
          {loading ? (
            <ul aria-hidden="true" className="flex flex-col gap-3">
              {[0, 1, 2].map((row) => (
                <li key={row} className="h-16 animate-pulse rounded-md bg-slate-200" />
              ))}
            </ul>
          ) : communications.length === 0 ? (
            <div className="rounded-md border border-dashed border-slate-300 p-8 text-center">
              <p className="font-medium">No communications yet</p>
              {canWrite ? (
                <Link to={`/leads/${lead.id}/communications/new`} preventScrollReset className={cn(buttonClassName('primary'), 'mt-4')}>
                  Log First Communication
                </Link>
              ) : null}
            </div>
          ) : (
            <ol className="flex flex-col gap-3">
              {communications.map((entry) => (
                <li
                  key={entry.id}
                  id={communicationEntryId(entry.id)}
                  tabIndex={-1}
                  className={cn('scroll-mt-[40vh] rounded-md border border-l-4 border-slate-200 p-4', DIRECTION_BORDER[entry.direction])}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-medium">
                        {communicationTypeLabel(entry.type)}
                        {entry.subject ? `: ${entry.subject}` : ''}
                      </p>
                      <p className="text-xs text-slate-600">
                        {entry.direction.charAt(0).toUpperCase() + entry.direction.slice(1)} ·{' '}
                        {formatDateTime(entry.createdAt, timeZone)} · {entry.createdBy}
                      </p>
                    </div>
                    <StatusBadge status={entry.status} />
                  </div>
                  {entry.content ? <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{entry.content}</p> : null}
                  {entry.scheduledDate || entry.completedDate ? (
                    <p className="mt-2 text-xs text-slate-600">
                      {entry.scheduledDate ? `Scheduled: ${formatEnteredDateTime(entry.scheduledDate, timeZone)}` : ''}
                      {entry.scheduledDate && entry.completedDate ? ' · ' : ''}
                      {entry.completedDate ? `Completed: ${formatEnteredDateTime(entry.completedDate, timeZone)}` : ''}
                    </p>
                  ) : null}
                  {canWrite ? (
                    <div className="mt-3 flex gap-2">
                      <Link to={`/leads/${lead.id}/communications/${entry.id}/edit`} preventScrollReset className={buttonClassName('secondary', 'sm')}>
                        Edit<span className="sr-only"> communication {entry.subject ?? communicationTypeLabel(entry.type)}</span>
                      </Link>
                      <Link to={`/leads/${lead.id}/communications/${entry.id}/delete`} preventScrollReset className={buttonClassName('ghost', 'sm')}>
                        Delete<span className="sr-only"> communication {entry.subject ?? communicationTypeLabel(entry.type)}</span>
                      </Link>
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
        <EsignRequestList requests={esignRequests} timeZone={timeZone} className="lg:col-span-3" />
        <PersonDocuments documents={documents} timeZone={timeZone} className="lg:col-span-3" />
        <LeadFormSubmissions submissions={formSubmissions} timeZone={timeZone} here={here} canWrite={canWrite} className="lg:col-span-3" />
        <AutomationHistory runs={automation} className="lg:col-span-3" />
        <PersonAppointments
          appointments={upcoming.appointments}
          total={upcoming.total}
          booked={upcoming.booked}
          timeZone={timeZone}
          calendarHref={`/calendar?${new URLSearchParams({ leadId: lead.id })}`}
        />
      </div>
      {outlet}
    </>
  )
}
