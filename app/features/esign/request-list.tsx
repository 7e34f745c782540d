import { Link } from '~/components/link'
import { StatusBadge } from '~/components/status-badge'
import {
  ESIGN_REQUESTS_HEADING_ID,
  ESIGN_STATUS_LABELS,
  PORTAL_PROVIDER,
  PORTAL_PROVIDER_LABEL,
  PROVIDER_LABELS,
  esignRequestAnchor,
  isEsignProvider,
  type EsignStatus,
} from '~/features/esign/options'
import { cn } from '~/lib/misc'
import { formatDateTime } from '~/lib/time'

type Row = {
  id: string
  title: string
  provider: string
  status: string
  createdAt: string
  lastError: string | null
  signedDocumentId: string | null
}

export function esignStatusLabel(status: string) {
  return ESIGN_STATUS_LABELS[status as EsignStatus] ?? status
}

export function esignProviderLabel(provider: string) {
  if (provider === PORTAL_PROVIDER) return PORTAL_PROVIDER_LABEL
  return isEsignProvider(provider) ? PROVIDER_LABELS[provider] : provider
}

/** A lead's e-signature requests on its page: each with its status and a link to its own page. */
export function EsignRequestList({ requests, timeZone, className }: { requests: Row[]; timeZone: string; className?: string }) {
  return (
    <section aria-labelledby={ESIGN_REQUESTS_HEADING_ID} className={cn('rounded-lg border border-slate-200 bg-white p-5', className)}>
      <h2 id={ESIGN_REQUESTS_HEADING_ID} tabIndex={-1} className="mb-3 text-lg font-semibold">
        E-Signature Requests
      </h2>
      {requests.length === 0 ? (
        <p className="text-sm text-slate-600">No e-signature requests yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {requests.map((request) => (
            <li key={request.id} id={esignRequestAnchor(request.id)} tabIndex={-1} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={`/e-signatures/${request.id}`} className="font-medium text-blue-700 underline">
                  {request.title}
                </Link>
                <p className="text-xs text-slate-600">
                  {esignProviderLabel(request.provider)} · {formatDateTime(request.createdAt, timeZone)}
                  {request.status === 'failed' && request.lastError ? ` · ${request.lastError}` : ''}
                </p>
              </div>
              <StatusBadge status={request.status} label={esignStatusLabel(request.status)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
