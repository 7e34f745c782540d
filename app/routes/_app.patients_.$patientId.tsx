import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useOutlet } from '@remix-run/react'
import { BackLink } from '~/components/back-link'
import { Link } from '~/components/link'
import { PageHeader } from '~/components/page-header'
import { dialogHref, useDialogOutletOnly } from '~/components/dialog-links'
import { keepPageUnderDialogs } from '~/components/keep-page-under-dialogs'
import { RecordHistory, RecordViewers } from '~/components/record-history'
import { AutomationHistory } from '~/features/workflows/automation-history'
import { PersonDocuments } from '~/features/documents/person-documents'
import { MilestoneForm } from '~/features/workflows/milestone-form'
import { RegistrationStatusBadge } from '~/features/patients/registration-status-badge'
import { Button, buttonClassName } from '~/components/ui/button'
import { approveRegistration } from '~/features/patients/patients.server'
import { viewPatientPage } from '~/features/patients/patient-page.server'
import { CARE_TIMES, CARE_TYPES, CAREGIVER_GENDER_PREFERENCES, GENDERS, POLICY_HOLDER_RELATIONSHIPS, REGISTRATION_STATUS_HEADING_ID, REGISTRATION_STEPS, WEEKDAY_OPTIONS, nextStep, optionLabel, registrationProgress, type RegistrationStep } from '~/features/patients/options'
import type { CarePreferences, EmergencyContact, InsuranceInfo, MedicalHistory } from '~/features/patients/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { profileAfterSave } from '~/features/patients/registration.server'
import { useFragmentFocus } from '~/lib/use-fragment-focus'
import { PersonAppointments } from '~/features/calendar/person-appointments'
import { scheduleOverPageHref } from '~/features/calendar/schedule-links'
import { fromDateColumn } from '~/lib/date-column'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { formatCalendarDate, formatDateTime } from '~/lib/time'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { userActor } from '~/platform/auth/actor.server'

// Titles name the kind of record, never the person: they stay in browser history on shared tablets.
export const meta: MetaFunction = () => [{ title: 'Patient | Healthcare Portal' }]

export const shouldRevalidate = keepPageUnderDialogs((params) => `/patients/${params.patientId}`)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const page = await viewPatientPage(params.patientId ?? '', userActor(request, user))
  if (!page) throw new Response('Patient not found', { status: 404 })
  const { patient, lead, upcoming, activity, viewers, automation, documents } = page
  return json({
    patient: {
      ...patient,
      dateOfBirth: fromDateColumn(patient.dateOfBirth),
      medicalHistory: patient.medicalHistory as MedicalHistory | null,
      insuranceInfo: patient.insuranceInfo as InsuranceInfo | null,
      emergencyContacts: (Array.isArray(patient.emergencyContacts) ? patient.emergencyContacts : []) as EmergencyContact[],
      carePreferences: patient.carePreferences as CarePreferences | null,
    },
    lead,
    upcoming,
    activity,
    viewers,
    automation,
    documents,
  })
}

/** intent=approve: a coordinator completes a registration pending review. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const form = await request.formData()
  if (form.get('intent') !== 'approve') throw new Response('Unknown intent', { status: 400 })
  const profile = profileAfterSave(params.patientId ?? '')
  try {
    await approveRegistration(params.patientId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, profile, 'Failed to update patient')
  }
  return redirectWithToast(profile, {
    title: 'Patient updated successfully',
    description: 'The registration is complete.',
  })
}

function Section({
  step,
  editTo,
  children,
}: {
  step: RegistrationStep
  editTo: string | null
  children: React.ReactNode
}) {
  const headingId = `section-${step.key}`
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {step.label}
        </h2>
        {editTo ? (
          <Link to={editTo} className={buttonClassName('secondary', 'sm')}>
            Edit<span className="sr-only"> {step.label}</span>
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  )
}

function Details({ rows }: { rows: Array<[string, string | null | undefined]> }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 whitespace-pre-wrap break-words">{value || <span className="text-slate-500">Not given</span>}</dd>
        </div>
      ))}
    </dl>
  )
}

function NotSaved() {
  return <p className="text-sm text-slate-600">This step has not been saved yet.</p>
}

export default function PatientProfile() {
  const { patient, lead, activity, viewers, upcoming, automation, documents } = useLoaderData<typeof loader>()
  const canWrite = useCan('records:write')
  const timeZone = useTimeZone()
  const navigation = useNavigation()
  const outlet = useOutlet()
  // Saving a step, submitting and approving return here at the status (#registration-status).
  useFragmentFocus()
  if (useDialogOutletOnly(outlet)) return outlet
  const here = `/patients/${patient.id}`
  const editTo = (step: RegistrationStep) =>
    canWrite && (patient.completedSteps.includes(step.key) || nextStep(patient.completedSteps)?.key === step.key)
      ? dialogHref(`${here}/register/${step.slug}`, here)
      : null
  const remaining = nextStep(patient.completedSteps)
  const [personal, medical, insurance, contacts, preferences] = REGISTRATION_STEPS
  const done = (step: RegistrationStep) => patient.completedSteps.includes(step.key)
  const address = [patient.address, patient.city, [patient.state, patient.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')

  return (
    <>
      <BackLink to="/patients">Back to patients</BackLink>
      <PageHeader
        title={`${patient.firstName} ${patient.lastName}`}
        subtitle={`Patient #${patient.id.slice(-8).toUpperCase()}`}
        actions={
          canWrite ? (
            <>
              {remaining && patient.registrationStatus !== 'complete' ? (
                <Link to={dialogHref(`${here}/register/${remaining.slug}`, here)} className={buttonClassName('primary')}>
                  Continue Registration
                </Link>
              ) : null}
              <Link to={dialogHref(`${here}/register/personal-info`, here)} className={buttonClassName('secondary')}>
                Edit
              </Link>
            </>
          ) : null
        }
      />

      <section
        aria-labelledby={REGISTRATION_STATUS_HEADING_ID}
        className="mb-6 flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        {/* Where a save, a submission or an approval lands: it reads the status it left. */}
        <h2 id={REGISTRATION_STATUS_HEADING_ID} tabIndex={-1} className="scroll-mt-[40vh] rounded">
          <span className="sr-only">Registration status: </span>
          <RegistrationStatusBadge status={patient.registrationStatus} />
        </h2>
        <p className="text-sm text-slate-700">
          {registrationProgress(patient.completedSteps)}% of the registration saved
          {patient.reviewedAt ? ` · approved ${formatDateTime(patient.reviewedAt, timeZone)}` : ''}
        </p>
        {lead ? (
          <p className="text-sm">
            Converted from lead{' '}
            <Link to={`/leads/${lead.id}`} className="text-blue-700 underline">
              {lead.name}
            </Link>
          </p>
        ) : null}
        {patient.registrationStatus === 'pending-review' ? (
          canWrite ? (
            <Form method="post" className="ml-auto flex items-center gap-3">
              <span className="text-sm text-amber-900">All five steps are saved: review them below, then approve.</span>
              <input type="hidden" name="intent" value="approve" />
              <Button type="submit" disabled={navigation.state === 'submitting'}>
                Approve Registration
              </Button>
            </Form>
          ) : (
            <p className="ml-auto text-sm text-amber-900">Awaiting a coordinator’s review.</p>
          )
        ) : null}
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section step={personal!} editTo={editTo(personal!)}>
          <Details
            rows={[
              ['Date of birth', formatCalendarDate(patient.dateOfBirth)],
              ['Gender', optionLabel(GENDERS, patient.gender)],
              ['Phone', patient.phone],
              ['Email', patient.email],
              ['Address', address],
            ]}
          />
        </Section>
        <Section step={medical!} editTo={editTo(medical!)}>
          {done(medical!) && patient.medicalHistory ? (
            <Details
              rows={[
                ['Conditions', patient.medicalHistory.conditions],
                ['Allergies', patient.medicalHistory.allergies],
                ['Medications', patient.medicalHistory.medications],
                ['Physician', [patient.medicalHistory.physicianName, patient.medicalHistory.physicianPhone].filter(Boolean).join(' · ')],
                ['Notes', patient.medicalHistory.notes],
              ]}
            />
          ) : (
            <NotSaved />
          )}
        </Section>
        <Section step={insurance!} editTo={editTo(insurance!)}>
          {done(insurance!) && patient.insuranceInfo ? (
            <Details
              rows={[
                ['Provider', patient.insuranceInfo.provider ?? 'Private pay'],
                ['Member ID', patient.insuranceInfo.memberId],
                ['Group number', patient.insuranceInfo.groupNumber],
                ['Policy holder', patient.insuranceInfo.policyHolder],
                ['Relationship', optionLabel(POLICY_HOLDER_RELATIONSHIPS, patient.insuranceInfo.relationship)],
              ]}
            />
          ) : (
            <NotSaved />
          )}
        </Section>
        <Section step={contacts!} editTo={editTo(contacts!)}>
          {patient.emergencyContacts.length > 0 ? (
            <ul className="flex flex-col gap-3 text-sm">
              {patient.emergencyContacts.map((contact, index) => (
                <li key={index} className="rounded-md bg-slate-50 p-3">
                  <p className="font-medium">
                    {contact.name}
                    {contact.relationship ? <span className="font-normal text-slate-600"> ({contact.relationship})</span> : null}
                  </p>
                  <p>
                    <a href={`tel:${contact.phone}`} className="text-blue-700 underline">
                      {contact.phone}
                    </a>
                    {contact.email ? (
                      <>
                        {' · '}
                        <a href={`mailto:${contact.email}`} className="text-blue-700 underline">
                          {contact.email}
                        </a>
                      </>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <NotSaved />
          )}
        </Section>
        <Section step={preferences!} editTo={editTo(preferences!)}>
          {done(preferences!) && patient.carePreferences ? (
            <Details
              rows={[
                ['Care type', optionLabel(CARE_TYPES, patient.carePreferences.careType)],
                ['Preferred days', patient.carePreferences.preferredDays.map((day) => optionLabel(WEEKDAY_OPTIONS, day)).join(', ')],
                ['Preferred times', patient.carePreferences.preferredTimes.map((time) => optionLabel(CARE_TIMES, time)).join(', ')],
                ['Language', patient.carePreferences.language],
                ['Caregiver gender', optionLabel(CAREGIVER_GENDER_PREFERENCES, patient.carePreferences.caregiverGender)],
                ['Notes', patient.carePreferences.notes],
              ]}
            />
          ) : (
            <NotSaved />
          )}
        </Section>
      </div>

      <div className="mt-6">
        <PersonAppointments
          appointments={upcoming.appointments}
          total={upcoming.total}
          booked={upcoming.booked}
          timeZone={timeZone}
          calendarHref={`/calendar?${new URLSearchParams({ patientId: patient.id })}`}
          schedule={canWrite ? { href: scheduleOverPageHref({ patientId: patient.id }, here), label: 'New appointment' } : null}
        />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <AutomationHistory runs={automation} className="lg:col-span-2" />
        <PersonDocuments documents={documents} timeZone={timeZone} className="lg:col-span-2" />
        {canWrite ? (
          <MilestoneForm type="patient" action={`/patients/${patient.id}/milestone`} className="rounded-lg border border-slate-200 bg-white p-5" />
        ) : null}
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RecordHistory title="Activity" entries={activity} emptyText="No changes recorded yet." className="lg:col-span-2" />
        <RecordViewers viewers={viewers} />
      </div>
      {outlet}
    </>
  )
}
