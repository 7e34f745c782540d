import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useOutlet } from '@remix-run/react'
import { FilterForm, FilterSelect, SearchField, ViewToggle } from '~/components/filters'
import { PageHeader } from '~/components/page-header'
import { NumberedPagination } from '~/components/pagination'
import { RegistrationStatusBadge } from '~/features/patients/patient-registration'
import { useDialogOutletOnly } from '~/components/route-dialog'
import { buttonClassName } from '~/components/ui/button'
import { listPatients } from '~/features/patients/patients.server'
import {
  CARE_TYPES,
  REGISTRATION_DATE_FILTER_OPTIONS,
  REGISTRATION_STATUS_FILTER_OPTIONS,
  nextStep,
  optionLabel,
  parsePatientListQuery,
} from '~/features/patients/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { cn } from '~/lib/misc'
import { formatDate } from '~/lib/time'
import { useCan, useTimeZone } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Patient Onboarding | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const query = parsePatientListQuery(new URL(request.url).searchParams)
  const { total, patients } = await listPatients(query, getEnv().AGENCY_TIME_ZONE)
  return json({ query, total, patients })
}

type PatientRow = ReturnType<typeof useLoaderData<typeof loader>>['patients'][number]

export default function PatientsPage() {
  const { query, total, patients } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const { search } = useLocation()
  const canWrite = useCan('records:write')
  if (useDialogOutletOnly(outlet)) return outlet

  const filtered = Boolean(query.q || query.status || query.date || query.careType)

  return (
    <>
      <PageHeader
        title="Patient Onboarding"
        subtitle="Register new patients and follow each registration to completion"
        actions={
          canWrite ? (
            <Link to={`new${search}`} preventScrollReset className={buttonClassName('primary')}>
              Start New Registration
            </Link>
          ) : null
        }
      />
      <FilterForm label="Search and filter patient registrations">
        <input type="hidden" name="view" value={query.view} />
        <SearchField id="patient-search" defaultValue={query.q} placeholder="Name, email or phone" />
        <FilterSelect id="patient-status" name="status" label="Registration Status" defaultValue={query.status ?? ''} options={REGISTRATION_STATUS_FILTER_OPTIONS} />
        <FilterSelect id="patient-date" name="date" label="Registration Date" defaultValue={query.date ?? ''} options={REGISTRATION_DATE_FILTER_OPTIONS} />
        <FilterSelect
          id="patient-care-type"
          name="careType"
          label="Care Type"
          defaultValue={query.careType ?? ''}
          options={[{ value: '', label: 'All' }, ...CARE_TYPES]}
        />
        <button type="submit" className={buttonClassName('secondary')}>
          Search
        </button>
        {filtered ? (
          <Link to={`?view=${query.view}`} className="py-2 text-sm text-blue-700 underline">
            Clear filters
          </Link>
        ) : null}
      </FilterForm>

      <section aria-labelledby="patient-list-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="patient-list-heading" className="text-lg font-semibold">
            Patient Registrations ({total})
          </h2>
          <ViewToggle current={query.view} />
        </div>

        {patients.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-medium">{filtered ? 'No patient registrations match these filters' : 'No patient registrations yet'}</p>
            <div className="mt-4 flex justify-center gap-3">
              {filtered ? (
                <Link to={`?view=${query.view}`} className={buttonClassName('secondary')}>
                  Clear search and filters
                </Link>
              ) : canWrite ? (
                <Link to={`new${search}`} preventScrollReset className={buttonClassName('primary')}>
                  Start New Registration
                </Link>
              ) : null}
            </div>
          </div>
        ) : query.view === 'table' ? (
          <PatientTable patients={patients} search={search} canWrite={canWrite} />
        ) : (
          <PatientCards patients={patients} search={search} canWrite={canWrite} />
        )}
        {total > 0 ? <NumberedPagination page={query.page} pageSize={query.pageSize} total={total} noun="patients" label="Patient pages" /> : null}
      </section>
      {outlet}
    </>
  )
}

function PatientTable({ patients, search, canWrite }: { patients: PatientRow[]; search: string; canWrite: boolean }) {
  const timeZone = useTimeZone()
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left">
          <tr>
            {['Patient', 'Contact', 'Care Type', 'Status', 'Registered', 'Actions'].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {patients.map((patient) => (
            <tr key={patient.id}>
              <th scope="row" className="px-4 py-3 text-left font-medium">
                <Link to={`/patients/${patient.id}`} className="hover:underline">
                  {patient.firstName} {patient.lastName}
                </Link>
                <span className="block whitespace-nowrap text-xs font-normal text-slate-600">Born {patient.dateOfBirth}</span>
              </th>
              <td className="px-4 py-3">
                <span className="block">{patient.phone}</span>
                {patient.email ? <span className="block text-slate-600">{patient.email}</span> : null}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{optionLabel(CARE_TYPES, patient.careType) || 'Not chosen yet'}</td>
              <td className="px-4 py-3">
                <RegistrationStatusBadge status={patient.registrationStatus} progress={patient.progress} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(patient.createdAt, timeZone)}</td>
              <td className="px-4 py-3">
                <PatientActions patient={patient} search={search} canWrite={canWrite} continueLabel="Continue" className="flex-nowrap" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function PatientCards({ patients, search, canWrite }: { patients: PatientRow[]; search: string; canWrite: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {patients.map((patient) => (
        <li key={patient.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-2">
            <div>
              <h3 className="font-semibold">
                <Link to={`/patients/${patient.id}`} className="hover:underline">
                  {patient.firstName} {patient.lastName}
                </Link>
              </h3>
              <p className="font-mono text-xs text-slate-600">Patient #{patient.id.slice(-8).toUpperCase()}</p>
            </div>
            <RegistrationStatusBadge status={patient.registrationStatus} progress={patient.progress} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Phone</dt>
            <dd>{patient.phone}</dd>
            <dt className="text-slate-600">Email</dt>
            <dd className="truncate">{patient.email || 'Not given'}</dd>
            <dt className="text-slate-600">Care type</dt>
            <dd>{optionLabel(CARE_TYPES, patient.careType) || 'Not chosen yet'}</dd>
          </dl>
          <PatientActions patient={patient} search={search} canWrite={canWrite} continueLabel="Continue Registration" />
        </li>
      ))}
    </ul>
  )
}

function PatientActions({
  patient,
  search,
  canWrite,
  continueLabel,
  className,
}: {
  patient: PatientRow
  search: string
  canWrite: boolean
  continueLabel: string
  className?: string
}) {
  const name = `${patient.firstName} ${patient.lastName}`
  const step = nextStep(patient.completedSteps)
  const canContinue = canWrite && patient.registrationStatus !== 'complete'
  // With every step saved, what remains is the review on the profile.
  const continueTo = step ? `${patient.id}/register/${step.slug}${search}` : `/patients/${patient.id}`
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {canContinue ? (
        <Link to={continueTo} preventScrollReset className={buttonClassName('primary', 'sm')} aria-label={`${continueLabel}: ${name}`}>
          {continueLabel}
        </Link>
      ) : (
        <Link to={`/patients/${patient.id}`} className={buttonClassName('primary', 'sm')} aria-label={`View Profile: ${name}`}>
          View Profile
        </Link>
      )}
      {canWrite ? (
        <Link
          to={`${patient.id}/register/personal-info${search}`}
          preventScrollReset
          className={buttonClassName('secondary', 'sm')}
          aria-label={`Edit ${name}`}
        >
          Edit
        </Link>
      ) : null}
    </div>
  )
}
