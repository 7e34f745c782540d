import { Link, useLocation } from '@remix-run/react'
import { buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/misc'
import { buildPageLinks } from '~/lib/page-links'

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

function numberedLinkClass(current: boolean) {
  return cn(
    'inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm',
    current ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  )
}

/** 'Showing a-b of n {noun}' with numbered page links (keeps the query). */
export function NumberedPagination({
  page,
  pageSize,
  total,
  noun,
  label = 'Pagination',
}: {
  page: number
  pageSize: number
  total: number
  noun: string
  label?: string
}) {
  const { search } = useLocation()
  const links = buildPageLinks(search, page, pageSize, total)
  const muted = cn(numberedLinkClass(false), 'pointer-events-none text-slate-400')
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        Showing {links.from}-{links.to} of {total} {noun}
      </p>
      {links.pageCount > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            {links.previous ? (
              <Link to={links.previous} rel="prev" className={numberedLinkClass(false)}>
                Previous
              </Link>
            ) : (
              <span aria-disabled="true" className={muted}>
                Previous
              </span>
            )}
          </li>
          {links.pages.map((link, index) =>
            link === null ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-slate-500">
                …
              </li>
            ) : (
              <li key={link.page}>
                <Link
                  to={link.href}
                  aria-label={`Page ${link.page}`}
                  aria-current={link.current ? 'page' : undefined}
                  className={numberedLinkClass(link.current)}
                >
                  {link.page}
                </Link>
              </li>
            ),
          )}
          <li>
            {links.next ? (
              <Link to={links.next} rel="next" className={numberedLinkClass(false)}>
                Next
              </Link>
            ) : (
              <span aria-disabled="true" className={muted}>
                Next
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  )
}
