import { useLocation } from '@remix-run/react'
import { Link } from '~/components/link'
import { nextSort, parseSort } from '~/lib/list-sort'

/** `aria-sort` for a column header: set on the column the list is sorted by, absent elsewhere. */
export function ariaSort(column: string, current: string): 'ascending' | 'descending' | undefined {
  const sorted = parseSort(current)
  if (sorted.column !== column) return undefined
  return sorted.direction === 'asc' ? 'ascending' : 'descending'
}

/**
 * A table column's header as a link that sorts the list by it (again to turn
 * it around), keeping the search, filters and view and going back to page 1:
 * a plain link, so it works without JavaScript and can be shared.
 */
export function SortHeaderLink({ label, column, current }: { label: string; column: string; current: string }) {
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  params.set('sort', nextSort(current, column))
  params.delete('page')
  const sorted = ariaSort(column, current)
  return (
    <Link to={`?${params}`} className="inline-flex items-center gap-1 text-slate-800 underline-offset-2 hover:underline">
      {label}
      <span aria-hidden="true" className={sorted ? 'text-blue-700' : 'text-slate-400'}>
        {sorted === 'ascending' ? '↑' : sorted === 'descending' ? '↓' : '↕'}
      </span>
    </Link>
  )
}
