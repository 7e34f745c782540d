import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useLocation, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { ActionMenu, ActionMenuAnchor, ActionMenuLink } from '~/components/action-menu'
import { EmailAddress } from '~/components/email-address'
import { BackgroundCheckBadge, CaregiverStatusBadge, ExpiryFlag, SpecializationBadges } from '~/features/caregivers/caregiver-parts'
import { ListPage, recordLinkClassName } from '~/components/list-page'
import { PhoneNumber } from '~/components/phone-number'
import { buttonClassName } from '~/components/ui/button'
import { listCaregivers } from '~/features/caregivers/caregivers.server'
import { userActor } from '~/platform/auth/actor.server'
import { BACKGROUND_CHECK_LABELS, BACKGROUND_CHECK_STATUSES, SPECIALIZATIONS, CAREGIVER_SORT_OPTIONS, STATUS_FILTER_OPTIONS, yearsExperienceLabel } from '~/features/caregivers/options'
import { parseCaregiverListQuery } from '~/features/caregivers/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { expiryState, formatDay } from '~/features/caregivers/expiry'
import { getEnv } from '~/platform/env.server'
import { dateIn } from '~/lib/time'
import { useCan } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Caregiver Onboarding | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const query = parseCaregiverListQuery(new URL(request.url).searchParams)
  const { total, page, caregivers } = await listCaregivers(query, userActor(request, user))
  // Expiry flags count calendar days in the agency's zone; the server says which day it is.
  return json({ query: { ...query, page }, total, caregivers, today: dateIn(new Date(), getEnv().AGENCY_TIME_ZONE) })
}

type CaregiverRow = ReturnType<typeof useLoaderData<typeof loader>>['caregivers'][number]
type RowProps = { caregiver: CaregiverRow; search: string; canWrite: boolean; today: string }

export default function CaregiversPage() {
  const { query, total, caregivers, today } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const { search } = useLocation()
  const canWrite = useCan('records:write')
  const addCaregiver = canWrite ? (
    <Link to={`/caregivers/new${search}`} preventScrollReset className={buttonClassName('primary')}>
      Add New Caregiver
    </Link>
  ) : null

  return (
    <ListPage
      title="Caregiver Onboarding"
      subtitle="Review applications, background checks and credentials"
      actions={addCaregiver}
      filters={{
        label: 'Search and filter caregivers',
        fields: [
          { type: 'search', placeholder: 'Name, email or phone', value: query.q },
          { type: 'select', name: 'status', label: 'Status', value: query.status, options: STATUS_FILTER_OPTIONS },
          {
            type: 'select',
            name: 'specialization',
            label: 'Specialization',
            value: query.specialization,
            options: [{ value: '', label: 'All Specializations' }, ...SPECIALIZATIONS.map((value) => ({ value, label: value }))],
          },
          {
            type: 'select',
            name: 'backgroundCheckStatus',
            label: 'Background Check',
            value: query.backgroundCheckStatus,
            options: [{ value: '', label: 'All Checks' }, ...BACKGROUND_CHECK_STATUSES.map((value) => ({ value, label: BACKGROUND_CHECK_LABELS[value] }))],
          },
        ],
      }}
      heading="Caregiver Directory"
      total={total}
      rows={caregivers}
      rowKey={(caregiver) => caregiver.id}
      view={{ current: query.view }}
      columns={[
        {
          header: 'Name',
          sort: 'name',
          rowHeader: true,
          className: 'min-w-[8rem]',
          cell: (caregiver) => (
            <>
              <Link to={`/caregivers/${caregiver.id}`} className={recordLinkClassName}>
                {caregiver.fullName}
              </Link>
              <p className="text-xs font-normal text-slate-600">{yearsExperienceLabel(caregiver.yearsExperience)}</p>
            </>
          ),
        },
        { header: 'Phone', cell: (caregiver) => <PhoneNumber number={caregiver.phone} /> },
        // On the card and the caregiver's page too.
        {
          header: 'Specializations',
          wideOnly: true,
          cell: (caregiver) => <SpecializationBadges specializations={caregiver.specializations} limit={2} />,
        },
        { header: 'License Expiry', cell: (caregiver) => <CredentialFlags caregiver={caregiver} today={today} compact /> },
        {
          header: 'Status',
          sort: 'status',
          cell: (caregiver) => (
            <div className="flex flex-col items-start gap-1">
              <CaregiverStatusBadge status={caregiver.status} />
              <BackgroundCheckBadge status={caregiver.backgroundCheckStatus} withLabel />
            </div>
          ),
        },
        {
          header: 'Actions',
          cell: (caregiver) => <CaregiverActions caregiver={caregiver} search={search} canWrite={canWrite} today={today} variant="table" />,
        },
      ]}
      card={(caregiver) => ({
        title: caregiver.fullName,
        to: `/caregivers/${caregiver.id}`,
        subtitle: `${yearsExperienceLabel(caregiver.yearsExperience)} experience`,
        badge: <CaregiverStatusBadge status={caregiver.status} />,
        details: [
          ['Phone', <PhoneNumber key="phone" number={caregiver.phone} />],
          ['Email', caregiver.email ? <EmailAddress key="email" address={caregiver.email} /> : 'Not given'],
          ['Background', <BackgroundCheckBadge status={caregiver.backgroundCheckStatus} />],
        ],
        extra: (
          <>
            <SpecializationBadges specializations={caregiver.specializations} limit={3} />
            <CredentialFlags caregiver={caregiver} today={today} />
          </>
        ),
        actions: <CaregiverActions caregiver={caregiver} search={search} canWrite={canWrite} today={today} variant="cards" />,
      })}
      empty={{
        noRecords: { title: 'No caregivers registered yet', action: addCaregiver },
        noMatches: { title: 'No caregivers match these filters' },
      }}
      pagination={{ page: query.page, pageSize: query.pageSize, noun: 'caregivers', label: 'Caregiver pages' }}
      sort={{ current: query.sort, options: CAREGIVER_SORT_OPTIONS }}
      outlet={outlet}
    />
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

/**
 * The row's actions behind one menu; the name opens the record. 'Contact' is
 * its call and e-mail links, in the same menu.
 */
function CaregiverActions({ caregiver, search, canWrite, variant }: RowProps & { variant: 'table' | 'cards' }) {
  const pending = caregiver.status === 'pending'
  return (
    <ActionMenu label={`Actions for ${caregiver.fullName}`}>
      <ActionMenuLink to={`/caregivers/${caregiver.id}`}>
        {pending ? (variant === 'table' ? 'Review' : 'Review Application') : 'View Profile'}
      </ActionMenuLink>
      {caregiver.status === 'active' ? (
        <ActionMenuLink to={`/calendar?${new URLSearchParams({ caregiverId: caregiver.id })}`}>Schedule</ActionMenuLink>
      ) : (
        <>
          <ActionMenuAnchor href={`tel:${caregiver.phone.replace(/[^\d+]/g, '')}`}>Call {caregiver.phone}</ActionMenuAnchor>
          {caregiver.email ? (
            <ActionMenuAnchor href={`mailto:${caregiver.email}`} className="[overflow-wrap:anywhere]">
              Email {caregiver.email}
            </ActionMenuAnchor>
          ) : null}
        </>
      )}
      {canWrite ? (
        <>
          <ActionMenuLink to={`/caregivers/edit/${caregiver.id}${search}`}>Edit</ActionMenuLink>
          <ActionMenuLink to={`/caregivers/delete/${caregiver.id}${search}`} className="text-red-800">
            Delete
          </ActionMenuLink>
        </>
      ) : null}
    </ActionMenu>
  )
}
