import { useLocation } from '@remix-run/react'
import { Link } from '~/components/link'
import { cn } from '~/lib/misc'
import { type PaginationWording, buildPageLinks, pageSummary } from '~/lib/page-links'

export type { PaginationWording }

const LINK_STATES = {
  link: 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  current: 'border-blue-700 bg-blue-700 text-white',
  disabled: 'pointer-events-none border-slate-200 bg-white text-slate-400',
} as const

function linkClass(state: keyof typeof LINK_STATES) {
  return cn('inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm coarse:h-11 coarse:min-w-11', LINK_STATES[state])
}

function StepLink({ to, rel, children }: { to: string | null; rel: 'prev' | 'next'; children: string }) {
  if (!to) {
    return (
      <span aria-disabled="true" className={linkClass('disabled')}>
        {children}
      </span>
    )
  }
  return (
    <Link to={to} rel={rel} className={linkClass('link')}>
      {children}
    </Link>
  )
}

/**
 * A list's page summary with Previous, the page numbers and Next. The links
 * keep the current query (search, filters, view), so they work without
 * JavaScript and can be shared.
 */
export function Pagination({
  page,
  pageSize,
  total,
  noun = 'results',
  label = 'Pagination',
  wording = 'dash',
}: {
  page: number
  pageSize: number
  total: number
  /** What the list holds, as the summary names it: 'results', 'patients'. */
  noun?: string
  label?: string
  wording?: PaginationWording
}) {
  const { search } = useLocation()
  const links = buildPageLinks(search, page, pageSize, total)
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {pageSummary(links, total, noun, wording)}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <StepLink to={links.previous} rel="prev">
            Previous
          </StepLink>
        </li>
        {links.pageCount > 1
          ? links.pages.map((link, index) =>
              link === null ? (
                <li key={`gap-${index}`} aria-hidden="true" className="hidden px-2 text-slate-500 sm:block">
                  …
                </li>
              ) : (
                // A phone has room for Previous, this page and Next.
                <li key={link.page} className={link.current ? undefined : 'hidden sm:block'}>
                  <Link
                    to={link.href}
                    aria-label={`Page ${link.page}`}
                    aria-current={link.current ? 'page' : undefined}
                    className={linkClass(link.current ? 'current' : 'link')}
                  >
                    {link.page}
                  </Link>
                </li>
              ),
            )
          : null}
        <li>
          <StepLink to={links.next} rel="next">
            Next
          </StepLink>
        </li>
      </ul>
    </nav>
  )
}
