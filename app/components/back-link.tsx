import { useEffect, useState } from 'react'
import { Link, lastQueries } from '~/components/link'

/**
 * A record page's way back to its list (`to`, a path without a query), with
 * the search, filters and page the list was last shown with in this tab. The
 * server, and a page loaded afresh, link to the plain list.
 */
export function BackLink({
  to,
  children,
  className = 'text-blue-700 underline coarse:inline-flex coarse:min-h-11 coarse:items-center',
}: {
  to: string
  children: React.ReactNode
  className?: string
}) {
  const query = useListQuery(to)
  return (
    <p className="mb-2 text-sm">
      <Link to={`${to}${query}`} className={className}>
        {children}
      </Link>
    </p>
  )
}

/** The query (`?q=…`) the list at `listPath` was last shown with in this tab; '' on the server and on a page loaded afresh. */
export function useListQuery(listPath: string) {
  const [query, setQuery] = useState('')
  useEffect(() => setQuery(lastQueries.get(listPath) ?? ''), [listPath])
  return query
}
