import { Link, useLocation } from '@remix-run/react'
import { buttonClassName } from '~/components/ui/button'
import { cn } from '~/utils/misc'

function pageHref(search: string, page: number) {
  const params = new URLSearchParams(search)
  if (page <= 1) params.delete('page')
  else params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/** 'Showing X to Y of Z results' with Previous and Next links (keeps the query). */
export function PreviousNextPagination({
  page,
  pageSize,
  total,
  noun = 'results',
}: {
  page: number
  pageSize: number
  total: number
  noun?: string
}) {
  const { search } = useLocation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  const disabled = 'pointer-events-none opacity-50'
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        Showing {from} to {to} of {total} {noun}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={pageHref(search, page - 1)} className={buttonClassName('secondary', 'sm')} rel="prev">
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={cn(buttonClassName('secondary', 'sm'), disabled)}>
            Previous
          </span>
        )}
        {page < pages ? (
          <Link to={pageHref(search, page + 1)} className={buttonClassName('secondary', 'sm')} rel="next">
            Next
          </Link>
        ) : (
          <span aria-disabled="true" className={cn(buttonClassName('secondary', 'sm'), disabled)}>
            Next
          </span>
        )}
      </div>
    </nav>
  )
}
