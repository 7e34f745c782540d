import { Link } from '~/components/link'
import { buttonClassName } from '~/components/ui/button'

export type EmptyText = { title: string; advice?: string }

/**
 * What a list shows without rows. A search or filter that finds nothing
 * offers to clear them; only a list with no records at all offers to add the
 * first one.
 */
export function EmptyState({
  filtered,
  clearTo,
  noRecords,
  noMatches,
}: {
  filtered: boolean
  clearTo: string
  noRecords: EmptyText & { action?: React.ReactNode }
  noMatches: EmptyText
}) {
  const { title, advice } = filtered
    ? { advice: 'Try other words or fewer filters.', ...noMatches }
    : noRecords
  const action = filtered ? (
    <Link to={clearTo} className={buttonClassName('secondary')}>
      Clear search and filters
    </Link>
  ) : (
    noRecords.action
  )
  return (
    // A status: after a filter changes the list, screen readers hear that nothing matched.
    <div role="status" className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="text-lg font-medium">{title}</p>
      {advice ? <p className="mt-1 text-sm text-slate-600">{advice}</p> : null}
      {action ? <div className="mt-4 flex justify-center gap-3">{action}</div> : null}
    </div>
  )
}
