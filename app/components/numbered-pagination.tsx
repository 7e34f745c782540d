import { Link, useLocation } from '@remix-run/react'
import { buttonClassName } from '~/components/ui/button'
import { cn } from '~/utils/misc'
import { buildPageLinks } from '~/utils/page-links'

/** 'Showing a-b of n {noun}', then Previous, numbered pages and Next (links that keep the query). */
export function NumberedPagination({ page, pageSize, total, noun }: { page: number; pageSize: number; total: number; noun: string }) {
  const { search } = useLocation()
  const links = buildPageLinks(search, page, pageSize, total)
  const disabled = cn(buttonClassName('secondary', 'sm'), 'pointer-events-none opacity-50')
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">
        {links.from > 0 ? `Showing ${links.from}-${links.to} of ${total} ${noun}` : `Showing 0 of ${total} ${noun}`}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {links.previous ? (
            <Link to={links.previous} rel="prev" className={buttonClassName('secondary', 'sm')}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Previous
            </span>
          )}
        </li>
        {links.pages.map((link, index) =>
          link ? (
            <li key={link.page}>
              <Link
                to={link.href}
                aria-current={link.current ? 'page' : undefined}
                aria-label={`Page ${link.page}`}
                className={cn(
                  buttonClassName(link.current ? 'primary' : 'secondary', 'sm'),
                  'min-w-[2rem] justify-center',
                )}
              >
                {link.page}
              </Link>
            </li>
          ) : (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ),
        )}
        <li>
          {links.next ? (
            <Link to={links.next} rel="next" className={buttonClassName('secondary', 'sm')}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
