import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useOutlet } from '@remix-run/react'
import { BackLink, useListQuery } from '~/components/back-link'
import { Link } from '~/components/link'
import {
  ApplicationProgress,
  BackgroundCheckBadge,
  CaregiverStatusBadge,
  ExpiryDate,
} from '~/features/caregivers/caregiver-parts'
import { EmailAddress } from '~/components/email-address'
import { PageHeader } from '~/components/page-header'
import { RecordHistory } from '~/components/record-history'
import { AutomationHistory } from '~/features/workflows/automation-history'
import { MilestoneForm } from '~/features/workflows/milestone-form'
import { dialogHref, useDialogOutletOnly } from '~/components/dialog-links'
import { keepPageUnderDialogs } from '~/components/keep-page-under-dialogs'
import { Button, buttonClassName } from '~/components/ui/button'
import { caregiverToJson, setCaregiverStates } from '~/features/caregivers/caregivers.server'
import { viewCaregiverPage } from '~/features/caregivers/caregiver-page.server'
import { BACKGROUND_CHECK_LABELS, BACKGROUND_CHECK_STATUSES, CAREGIVER_STATUSES, STATE_FIELD_LABELS, stateLabel, yearsExperienceLabel } from '~/features/caregivers/options'
import { statusChangeSchema } from '~/features/caregivers/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { CAREGIVER_FILE_KINDS, FILE_KIND_LABELS, computeApplicationProgress } from '~/features/caregivers/rules'
import { formatRate } from '~/features/caregivers/expiry'
import { getEnv } from '~/platform/env.server'
import { formatFileSize, titleCase } from '~/lib/misc'
import { dateIn, formatDateTime } from '~/lib/time'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { PersonDocuments } from '~/features/documents/person-documents'
import { userActor } from '~/platform/auth/actor.server'
import { PersonAppointments } from '~/features/calendar/person-appointments'
import { scheduleOverPageHref } from '~/features/calendar/schedule-links'
import { useFragmentFocus } from '~/lib/use-fragment-focus'

// Titles name the kind of record, never the person: they stay in browser history on shared tablets.
export const meta: MetaFunction = () => [{ title: 'Caregiver | Healthcare Portal' }]

export const shouldRevalidate = keepPageUnderDialogs((params) => `/caregivers/${params.caregiverId}`)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const page = await viewCaregiverPage(params.caregiverId ?? '', userActor(request, user))
  if (!page) throw new Response('Caregiver not found', { status: 404 })
  const caregiver = caregiverToJson(page.caregiver)
  const progress = computeApplicationProgress({
    ...caregiver,
    availableDays: caregiver.availability?.days ?? [],
    fileKinds: caregiver.files.map((file) => file.kind),
  })
  return json({
    caregiver,
    progress,
    audit: page.audit,
    today: dateIn(new Date(), getEnv().AGENCY_TIME_ZONE),
    upcoming: page.upcoming,
    automation: page.automation,
    documents: page.documents,
  })
}

/** intent=set-status or set-background-check with value: moves the caregiver, audited, with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const form = await request.formData()
  const parsed = statusChangeSchema.safeParse({ intent: form.get('intent'), value: form.get('value') })
  if (!parsed.success) throw new Response('Choose a status or background check value', { status: 400 })
  const change =
    parsed.data.intent === 'set-status'
      ? ({ field: 'status', to: parsed.data.value } as const)
      : ({ field: 'backgroundCheckStatus', to: parsed.data.value } as const)
  const here = `/caregivers/${params.caregiverId}`
  let results
  try {
    results = await setCaregiverStates(params.caregiverId ?? '', [change], userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, here, 'Failed to update caregiver')
  }
  const { from, to, changed } = results[0]!
  const label = STATE_FIELD_LABELS[change.field]
  if (!changed) return redirectWithToast(here, { title: `${label} is already ${stateLabel(change.field, to)}` })
  return redirectWithToast(here, {
    title: `${label} updated`,
    description: `${stateLabel(change.field, from)} → ${stateLabel(change.field, to)}`,
  })
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function CaregiverProfile() {
  const { caregiver, progress, audit, today, upcoming, automation, documents } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const canWrite = useCan('records:write')
  const timeZone = useTimeZone()
  // A visit booked with Schedule returns here at the appointment.
  useFragmentFocus()
  // Once the record is deleted, the list as it was last shown.
  const listQuery = useListQuery('/caregivers')
  if (useDialogOutletOnly(outlet)) return outlet

  const here = `/caregivers/${caregiver.id}`
  const schedule = scheduleOverPageHref({ caregiverId: caregiver.id }, here)
  const address = [caregiver.address, caregiver.city, [caregiver.state, caregiver.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')

  return (
    <>
      <BackLink to="/caregivers">Back to caregivers</BackLink>
      <PageHeader
        title={caregiver.fullName}
        subtitle={`Caregiver #${caregiver.id.slice(0, 8)} · application ${caregiver.applicationProgress}`}
        actions={
          <>
            {/* Only an active caregiver takes visits. */}
            {canWrite && caregiver.status === 'active' ? (
              <Link to={schedule} className={buttonClassName('secondary')}>
                Schedule
              </Link>
            ) : null}
            {canWrite ? (
              <>
                <Link to={dialogHref(`${here}/edit`, here)} className={buttonClassName('secondary')}>
                  Edit
                </Link>
                <Link to={dialogHref(`${here}/delete`, here, listQuery)} className={buttonClassName('destructive')}>
                  Delete
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <section aria-labelledby="onboarding-heading" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="onboarding-heading" className="mb-3 text-lg font-semibold">
              Onboarding
            </h2>
            <div className="flex flex-wrap gap-2">
              <CaregiverStatusBadge status={caregiver.status} />
              <BackgroundCheckBadge status={caregiver.backgroundCheckStatus} withLabel />
            </div>
            {canWrite ? (
              <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
                <StateForm
                  intent="set-background-check"
                  label="Background Check"
                  current={caregiver.backgroundCheckStatus}
                  options={BACKGROUND_CHECK_STATUSES.map((value) => ({ value, label: BACKGROUND_CHECK_LABELS[value] }))}
                />
                <StateForm
                  intent="set-status"
                  label="Caregiver Status"
                  current={caregiver.status}
                  options={CAREGIVER_STATUSES.map((value) => ({ value, label: titleCase(value) }))}
                />
              </div>
            ) : null}
            <div className="mt-4">
              <ApplicationProgress percent={progress.percent} />
              <ul className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2" aria-label="Application checklist">
                {progress.items.map((item) => (
                  <li key={item.key} className={item.done ? 'text-slate-800' : 'text-slate-600'}>
                    <span aria-hidden="true" className={item.done ? 'text-green-700' : 'text-slate-400'}>
                      {item.done ? '✓' : '○'}
                    </span>{' '}
                    {item.label}
                    <span className="sr-only">{item.done ? ' (done)' : ' (missing)'}</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>

          <section aria-labelledby="credentials-heading" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="credentials-heading" className="mb-3 text-lg font-semibold">
              Professional Details
            </h2>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-600">License number</dt>
              <dd>{caregiver.licenseNumber}</dd>
              <dt className="text-slate-600">License expires</dt>
              <dd>
                <ExpiryDate expiresOn={caregiver.licenseExpiresOn} today={today} />
              </dd>
              <dt className="text-slate-600">Certifications</dt>
              <dd>{caregiver.certifications.length ? caregiver.certifications.join(', ') : 'None listed'}</dd>
              <dt className="text-slate-600">Certification expires</dt>
              <dd>
                <ExpiryDate expiresOn={caregiver.certificationExpiresOn} today={today} />
              </dd>
              <dt className="text-slate-600">Experience</dt>
              <dd>{yearsExperienceLabel(caregiver.yearsExperience)}</dd>
              <dt className="text-slate-600">Specializations</dt>
              <dd>{caregiver.specializations.length ? caregiver.specializations.join(', ') : 'None listed'}</dd>
              <dt className="text-slate-600">Hourly rate</dt>
              <dd>{formatRate(caregiver.hourlyRate)}</dd>
              <dt className="text-slate-600">Availability</dt>
              <dd>{caregiver.availability ? caregiver.availability.days.map((day) => titleCase(day)).join(', ') : 'Not given'}</dd>
            </dl>
          </section>

          <FilesSection caregiver={caregiver} canWrite={canWrite} timeZone={timeZone} />
        </div>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="contact-heading" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="contact-heading" className="mb-3 text-lg font-semibold">
              Contact
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Phone</dt>
              <dd>
                <a href={`tel:${caregiver.phone.replace(/[^\d+]/g, '')}`} className="text-blue-700 underline">
                  {caregiver.phone}
                </a>
              </dd>
              <dt className="text-slate-600">Email</dt>
              <dd className="min-w-0">
                {caregiver.email ? (
                  <a href={`mailto:${caregiver.email}`} className="text-blue-700 underline">
                    <EmailAddress address={caregiver.email} />
                  </a>
                ) : (
                  'Not given'
                )}
              </dd>
              <dt className="text-slate-600">Address</dt>
              <dd>{address || 'Not given'}</dd>
              <dt className="text-slate-600">Applied</dt>
              <dd>{formatDateTime(caregiver.createdAt, timeZone)}</dd>
            </dl>
          </section>
          <PersonAppointments
            appointments={upcoming.appointments}
            total={upcoming.total}
            booked={upcoming.booked}
            timeZone={timeZone}
            calendarHref={`/calendar?${new URLSearchParams({ caregiverId: caregiver.id })}`}
          />
          <AutomationHistory runs={automation} />
          <PersonDocuments documents={documents} timeZone={timeZone} />
          {canWrite ? (
            <MilestoneForm type="caregiver" action={`/caregivers/${caregiver.id}/milestone`} className="rounded-lg border border-slate-200 bg-white p-5" />
          ) : null}
          <RecordHistory title="Audit Trail" entries={audit} />
        </div>
      </div>
      {outlet}
    </>
  )
}

function StateForm({
  intent,
  label,
  current,
  options,
}: {
  intent: string
  label: string
  current: string
  options: Array<{ value: string; label: string }>
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const id = `${intent}-value`
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" key={current}>
      <input type="hidden" name="intent" value={intent} />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <select id={id} name="value" defaultValue={current} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Saving...' : `Update ${label.toLowerCase()}`}
      </Button>
    </Form>
  )
}

function FilesSection({ caregiver, canWrite, timeZone }: { caregiver: LoaderData['caregiver']; canWrite: boolean; timeZone: string }) {
  return (
    <section aria-labelledby="files-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="files-heading" className="mb-3 text-lg font-semibold">
        Files
      </h2>
      {caregiver.files.length === 0 ? (
        <p className="text-sm text-slate-600">
          No files uploaded yet.
          {canWrite ? ' Add license, resume, certification and reference files with Edit.' : null}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {CAREGIVER_FILE_KINDS.map((kind) => {
            const files = caregiver.files.filter((file) => file.kind === kind)
            if (!files.length) return null
            return (
              <div key={kind}>
                <h3 className="text-sm font-semibold text-slate-800">{FILE_KIND_LABELS[kind]}</h3>
                <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
                  {files.map((file) => (
                    <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                      <div className="min-w-0">
                        <a href={`/caregivers/${caregiver.id}/files/${file.id}`} className="break-all font-medium text-blue-700 underline" download>
                          {file.fileName}
                        </a>
                        <p className="text-xs text-slate-600">
                          {formatFileSize(file.fileSize)} · uploaded {formatDateTime(file.createdAt, timeZone)}
                        </p>
                      </div>
                      {canWrite ? (
                        <Link
                          to={`/caregivers/${caregiver.id}/files/${file.id}/delete`}
                          preventScrollReset
                          className={buttonClassName('ghost', 'sm')}
                          aria-label={`Remove ${file.fileName}`}
                        >
                          Remove
                        </Link>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            )
          })}
        </div>
      )}
    </section>
  )
}
