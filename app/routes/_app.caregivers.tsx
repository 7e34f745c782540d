import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useOutlet } from '@remix-run/react'
import { BackgroundCheckBadge, CaregiverStatusBadge, ExpiryFlag, SpecializationBadges } from '~/features/caregivers/caregiver-parts'
import { FilterForm, FilterSelect, SearchField, ViewToggle } from '~/components/filters'
import { NumberedPagination } from '~/components/pagination'
import { PageHeader } from '~/components/page-header'
import { useDialogOutletOnly } from '~/components/route-dialog'
import { buttonClassName } from '~/components/ui/button'
import { listCaregivers } from '~/features/caregivers/caregivers.server'
import {
  BACKGROUND_CHECK_LABELS,
  BACKGROUND_CHECK_STATUSES,
  SPECIALIZATIONS,
  STATUS_FILTER_OPTIONS,
  parseCaregiverListQuery,
  yearsExperienceLabel,
} from '~/features/caregivers/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { expiryState, formatDay } from '~/features/caregivers/rules'
import { getEnv } from '~/platform/env.server'
import { cn } from '~/lib/misc'
import { dateIn } from '~/lib/time'
import { useCan } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Caregiver Onboarding | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const query = parseCaregiverListQuery(new URL(request.url).searchParams)
  const { total, caregivers } = await listCaregivers(query)
  // Expiry flags count calendar days in the agency's zone; the server says which day it is.
  return json({ query, total, caregivers, today: dateIn(new Date(), getEnv().AGENCY_TIME_ZONE) })
}

type CaregiverRow = ReturnType<typeof useLoaderData<typeof loader>>['caregivers'][number]
type RowProps = { caregiver: CaregiverRow; search: string; canWrite: boolean; today: string }

export default function CaregiversPage() {
  const { query, total, caregivers, today } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const { search } = useLocation()
  const canWrite = useCan('records:write')
  if (useDialogOutletOnly(outlet)) return outlet

  const filtered = Boolean(query.q || query.status || query.specialization || query.backgroundCheckStatus)

  return (
    <>
      <PageHeader
        title="Caregiver Onboarding"
        subtitle="Review applications, background checks and credentials"
        actions={
          canWrite ? (
            <Link to={`new${search}`} preventScrollReset className={buttonClassName('primary')}>
              Add New Caregiver
            </Link>
          ) : null
        }
      />
      <FilterForm label="Search and filter caregivers">
        <input type="hidden" name="view" value={query.view} />
        <SearchField id="caregiver-search" defaultValue={query.q} placeholder="Name, email or phone" />
        <FilterSelect id="caregiver-status" name="status" label="Status" defaultValue={query.status ?? ''} options={STATUS_FILTER_OPTIONS} />
        <FilterSelect
          id="caregiver-specialization"
          name="specialization"
          label="Specialization"
          defaultValue={query.specialization ?? ''}
          options={[{ value: '', label: 'All Specializations' }, ...SPECIALIZATIONS.map((value) => ({ value, label: value }))]}
        />
        <FilterSelect
          id="caregiver-background"
          name="backgroundCheckStatus"
          label="Background Check"
          defaultValue={query.backgroundCheckStatus ?? ''}
          options={[
            { value: '', label: 'All Checks' },
            ...BACKGROUND_CHECK_STATUSES.map((value) => ({ value, label: BACKGROUND_CHECK_LABELS[value] })),
          ]}
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

      <section aria-labelledby="directory-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="directory-heading" className="text-lg font-semibold">
            Caregiver Directory ({total})
          </h2>
          <ViewToggle current={query.view} />
        </div>

        {caregivers.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-medium">{filtered ? 'No caregivers match these filters' : 'No caregivers registered yet'}</p>
            <div className="mt-4 flex justify-center gap-3">
              {filtered ? (
                <Link to={`?view=${query.view}`} className={buttonClassName('secondary')}>
                  Clear search and filters
                </Link>
              ) : null}
              {canWrite && !filtered ? (
                <Link to={`new${search}`} preventScrollReset className={buttonClassName('primary')}>
                  Add New Caregiver
                </Link>
              ) : null}
            </div>
          </div>
        ) : query.view === 'table' ? (
          <CaregiverTable caregivers={caregivers} search={search} canWrite={canWrite} today={today} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {caregivers.map((caregiver) => (
              <CaregiverCard key={caregiver.id} caregiver={caregiver} search={search} canWrite={canWrite} today={today} />
            ))}
          </ul>
        )}
        {total > 0 ? <NumberedPagination page={query.page} pageSize={query.pageSize} total={total} noun="caregivers" label="Caregiver pages" /> : null}
      </section>
      {outlet}
    </>
  )
}

/** The license expiry, flagged, for list rows; certifications flagged too when they lapse. */
function CredentialFlags({ caregiver, today, compact = false }: { caregiver: CaregiverRow; today: string; compact?: boolean }) {
  const certificationState = expiryState(caregiver.certificationExpiresOn, today)
  return (
    <div className="flex flex-col gap-1 text-sm">
      {caregiver.licenseExpiresOn ? (
        <span className="inline-flex flex-wrap items-center gap-1">
          <span className="whitespace-nowrap">
            {compact ? '' : 'License expires '}
            {formatDay(caregiver.licenseExpiresOn)}
          </span>
          <ExpiryFlag expiresOn={caregiver.licenseExpiresOn} today={today} />
        </span>
      ) : (
        <span className="text-slate-600">{compact ? 'Not given' : 'License expiry not given'}</span>
      )}
      {certificationState ? (
        <span className="inline-flex flex-wrap items-center gap-1">
          <span>
            Certification <span className="whitespace-nowrap">{formatDay(caregiver.certificationExpiresOn!)}</span>
          </span>
          <ExpiryFlag expiresOn={caregiver.certificationExpiresOn} today={today} />
        </span>
      ) : null}
    </div>
  )
}

function CaregiverTable({ caregivers, search, canWrite, today }: Omit<RowProps, 'caregiver'> & { caregivers: CaregiverRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left">
          <tr>
            {['Name', 'Phone', 'Specializations', 'License Expiry', 'Status', 'Actions'].map((column) => (
              <th key={column} scope="col" className="px-3 py-3 font-semibold text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {caregivers.map((caregiver) => (
            <tr key={caregiver.id} className="align-top">
              <th scope="row" className="min-w-[8rem] px-3 py-3 text-left font-medium">
                <Link to={`/caregivers/${caregiver.id}`} className="hover:underline">
                  {caregiver.fullName}
                </Link>
                <p className="text-xs font-normal text-slate-600">{yearsExperienceLabel(caregiver.yearsExperience)}</p>
              </th>
              <td className="whitespace-nowrap px-3 py-3">{caregiver.phone}</td>
              <td className="px-3 py-3">
                <SpecializationBadges specializations={caregiver.specializations} limit={2} />
              </td>
              <td className="px-3 py-3">
                <CredentialFlags caregiver={caregiver} today={today} compact />
              </td>
              <td className="px-3 py-3">
                <div className="flex flex-col items-start gap-1">
                  <CaregiverStatusBadge status={caregiver.status} />
                  <BackgroundCheckBadge status={caregiver.backgroundCheckStatus} withLabel />
                </div>
              </td>
              <td className="px-3 py-3">
                <CaregiverActions caregiver={caregiver} search={search} canWrite={canWrite} today={today} variant="table" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function CaregiverCard({ caregiver, search, canWrite, today }: RowProps) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            <Link to={`/caregivers/${caregiver.id}`} className="hover:underline">
              {caregiver.fullName}
            </Link>
          </h3>
          <p className="text-xs text-slate-600">{yearsExperienceLabel(caregiver.yearsExperience)} experience</p>
        </div>
        <CaregiverStatusBadge status={caregiver.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Phone</dt>
        <dd>{caregiver.phone}</dd>
        <dt className="text-slate-600">Email</dt>
        <dd className="truncate">{caregiver.email ?? 'Not given'}</dd>
        <dt className="text-slate-600">Background</dt>
        <dd>
          <BackgroundCheckBadge status={caregiver.backgroundCheckStatus} />
        </dd>
      </dl>
      <SpecializationBadges specializations={caregiver.specializations} limit={3} />
      <CredentialFlags caregiver={caregiver} today={today} />
      <CaregiverActions caregiver={caregiver} search={search} canWrite={canWrite} today={today} variant="cards" />
    </li>
  )
}

function CaregiverActions({ caregiver, search, canWrite, variant }: RowProps & { variant: 'table' | 'cards' }) {
  const pending = caregiver.status === 'pending'
  const primaryLabel = pending ? (variant === 'table' ? 'Review' : 'Review Application') : 'View Profile'
  const edits = canWrite ? (
    <div className="flex gap-1">
      <Link to={`${caregiver.id}/edit${search}`} preventScrollReset className={buttonClassName('ghost', 'sm')} aria-label={`Edit ${caregiver.fullName}`}>
        Edit
      </Link>
      <Link to={`${caregiver.id}/delete${search}`} preventScrollReset className={buttonClassName('ghost', 'sm')} aria-label={`Delete ${caregiver.fullName}`}>
        Delete
      </Link>
    </div>
  ) : null
  return (
    <div className={cn('flex gap-2', variant === 'table' ? 'flex-col items-start whitespace-nowrap' : 'flex-wrap items-start')}>
      <div className="flex gap-2">
        <Link
          to={`/caregivers/${caregiver.id}`}
          className={buttonClassName(pending ? 'primary' : 'secondary', 'sm')}
          aria-label={`${primaryLabel}: ${caregiver.fullName}`}
        >
          {primaryLabel}
        </Link>
        {caregiver.status === 'active' ? (
          <Link
            to={`/calendar?${new URLSearchParams({ caregiverId: caregiver.id })}`}
            className={buttonClassName('secondary', 'sm')}
            aria-label={`Schedule ${caregiver.fullName}`}
          >
            Schedule
          </Link>
        ) : (
          <ContactDisclosure caregiver={caregiver} />
        )}
      </div>
      {edits}
    </div>
  )
}

/** 'Contact': a native disclosure with call and e-mail links, so it works by keyboard and without JavaScript. */
function ContactDisclosure({ caregiver }: { caregiver: CaregiverRow }) {
  return (
    <details className="group relative">
      <summary
        className={cn(buttonClassName('secondary', 'sm'), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
        aria-label={`Contact ${caregiver.fullName}`}
      >
        Contact
      </summary>
      <ul className="absolute z-10 mt-1 min-w-[12rem] rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg">
        <li>
          <a href={`tel:${caregiver.phone.replace(/[^\d+]/g, '')}`} className="block rounded px-2 py-1 text-blue-700 underline hover:bg-slate-100">
            Call {caregiver.phone}
          </a>
        </li>
        {caregiver.email ? (
          <li>
            <a href={`mailto:${caregiver.email}`} className="block break-all rounded px-2 py-1 text-blue-700 underline hover:bg-slate-100">
              Email {caregiver.email}
            </a>
          </li>
        ) : (
          <li className="px-2 py-1 text-slate-600">No e-mail on file</li>
        )}
      </ul>
    </details>
  )
}
