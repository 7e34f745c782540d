import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { type ShouldRevalidateFunction, useLoaderData, useLocation, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { ActionMenu, ActionMenuLink } from '~/components/action-menu'
import { EmailAddress } from '~/components/email-address'
import { ListPage, recordLinkClassName } from '~/components/list-page'
import { PhoneNumber } from '~/components/phone-number'
import { RegistrationStatusBadge } from '~/features/patients/registration-status-badge'
import { buttonClassName } from '~/components/ui/button'
import { listPatients } from '~/features/patients/patients.server'
import {
  CARE_TYPES,
  REGISTRATION_DATE_FILTER_OPTIONS,
  PATIENT_SORT_OPTIONS,
  REGISTRATION_STATUS_FILTER_OPTIONS,
  isRegistrationDialogPath,
  registrationStepPath,
  nextStep,
  optionLabel,
} from '~/features/patients/options'
import { parsePatientListQuery } from '~/features/patients/forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { formatCalendarDate, formatDate } from '~/lib/time'
import { useCan, useTimeZone } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Patient Onboarding | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const query = parsePatientListQuery(new URL(request.url).searchParams)
  const { total, page, patients } = await listPatients(query, userActor(request, user), getEnv().AGENCY_TIME_ZONE)
  return json({ query: { ...query, page }, total, patients })
}

/**
 * While the registration dialog goes from step to step, the list it covers
 * is not read again (each read is a query and an audit entry, on every
 * save); it is read once the dialog closes, however it closes.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (isRegistrationDialogPath(nextUrl.pathname)) return currentUrl.search === nextUrl.search ? false : defaultShouldRevalidate
  if (isRegistrationDialogPath(currentUrl.pathname)) return true
  return defaultShouldRevalidate
}

type PatientRow = ReturnType<typeof useLoaderData<typeof loader>>['patients'][number]

export default function PatientsPage() {
  const { query, total, patients } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const { search } = useLocation()
  const canWrite = useCan('records:write')
  const timeZone = useTimeZone()
  const startRegistration = canWrite ? (
    <Link to={`/patients/new${search}`} preventScrollReset className={buttonClassName('primary')}>
      Start New Registration
    </Link>
  ) : null
  const careType = (patient: PatientRow) => optionLabel(CARE_TYPES, patient.careType) || 'Not chosen yet'
  const badge = (patient: PatientRow) => <RegistrationStatusBadge status={patient.registrationStatus} progress={patient.progress} />

  return (
    <ListPage
      title="Patient Onboarding"
      subtitle="Register new patients and follow each registration to completion"
      actions={startRegistration}
      filters={{
        label: 'Search and filter patient registrations',
        fields: [
          { type: 'search', placeholder: 'Name, email or phone', value: query.q },
          { type: 'select', name: 'status', label: 'Registration Status', value: query.status, options: REGISTRATION_STATUS_FILTER_OPTIONS },
          { type: 'select', name: 'date', label: 'Registration Date', value: query.date, options: REGISTRATION_DATE_FILTER_OPTIONS },
          { type: 'select', name: 'careType', label: 'Care Type', value: query.careType, options: [{ value: '', label: 'All' }, ...CARE_TYPES] },
        ],
      }}
      heading="Patient Registrations"
      total={total}
      rows={patients}
      rowKey={(patient) => patient.id}
      view={{ current: query.view }}
      columns={[
        {
          header: 'Patient',
          sort: 'name',
          rowHeader: true,
          cell: (patient) => (
            <>
              <Link to={`/patients/${patient.id}`} className={recordLinkClassName}>
                {patient.firstName} {patient.lastName}
              </Link>
              <span className="block whitespace-nowrap text-xs font-normal text-slate-600">Born {formatCalendarDate(patient.dateOfBirth)}</span>
            </>
          ),
        },
        {
          header: 'Contact',
          cell: (patient) => (
            <>
              <span className="block">
                <PhoneNumber number={patient.phone} />
              </span>
              {patient.email ? (
                <span className="block text-slate-600">
                  <EmailAddress address={patient.email} />
                </span>
              ) : null}
            </>
          ),
        },
        { header: 'Care Type', className: 'whitespace-nowrap', cell: careType },
        { header: 'Status', sort: 'status', cell: badge },
        // On the patient's page too.
        { header: 'Registered', sort: 'created', className: 'whitespace-nowrap', wideOnly: true, cell: (patient) => formatDate(patient.createdAt, timeZone) },
        {
          header: 'Actions',
          cell: (patient) => (
            <PatientActions patient={patient} search={search} canWrite={canWrite} continueLabel="Continue" />
          ),
        },
      ]}
      card={(patient) => ({
        title: `${patient.firstName} ${patient.lastName}`,
        to: `/patients/${patient.id}`,
        subtitle: <span className="font-mono">Patient #{patient.id.slice(-8).toUpperCase()}</span>,
        badge: badge(patient),
        details: [
          ['Phone', <PhoneNumber key="phone" number={patient.phone} />],
          ['Email', patient.email ? <EmailAddress key="email" address={patient.email} /> : 'Not given'],
          ['Care type', careType(patient)],
        ],
        actions: <PatientActions patient={patient} search={search} canWrite={canWrite} continueLabel="Continue Registration" />,
      })}
      empty={{
        noRecords: { title: 'No patient registrations yet', action: startRegistration },
        noMatches: { title: 'No patient registrations match these filters' },
      }}
      pagination={{ page: query.page, pageSize: query.pageSize, noun: 'patients', label: 'Patient pages' }}
      sort={{ current: query.sort, options: PATIENT_SORT_OPTIONS }}
      outlet={outlet}
    />
  )
}

/** The row's actions behind one menu; the name opens the record. */
function PatientActions({
  patient,
  search,
  canWrite,
  continueLabel,
}: {
  patient: PatientRow
  search: string
  canWrite: boolean
  continueLabel: string
}) {
  const step = nextStep(patient.completedSteps)
  const canContinue = canWrite && patient.registrationStatus !== 'complete'
  // With every step saved, what remains is the review on the profile.
  const continueTo = step ? `${registrationStepPath(patient.id, step.slug, 'list')}${search}` : `/patients/${patient.id}`
  return (
    <ActionMenu label={`Actions for ${patient.firstName} ${patient.lastName}`}>
      {canContinue ? (
        <ActionMenuLink to={continueTo}>{continueLabel}</ActionMenuLink>
      ) : (
        <ActionMenuLink to={`/patients/${patient.id}`}>View Profile</ActionMenuLink>
      )}
      {canWrite ? <ActionMenuLink to={`${registrationStepPath(patient.id, 'personal-info', 'list')}${search}`}>Edit</ActionMenuLink> : null}
    </ActionMenu>
  )
}
