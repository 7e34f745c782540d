export type PageLink = { page: number; href: string; current: boolean }

export type PageLinks = {
  page: number
  pageCount: number
  /** First and last shown item, 1-based (0 and 0 when there are none). */
  from: number
  to: number
  previous: string | null
  next: string | null
  /** Page links in order; null marks a gap ("…") between them. */
  pages: Array<PageLink | null>
}

/**
 * Numbered and previous/next page links for a list of `total` items,
 * `pageSize` a page (the audit log's scheme, for any page size). Each href
 * is the current query (so filters stay) with only `page` changed; page 1
 * has no `page` parameter. Shows the first, the last and two pages either
 * side of the current one. A page past the end (an old link) counts as the
 * last one, the page the list pages show instead.
 */
export function buildPageLinks(search: string, requestedPage: number, pageSize: number, total: number): PageLinks {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const page = Math.min(Math.max(1, requestedPage), pageCount)
  const href = (target: number) => {
    const params = new URLSearchParams(search)
    if (target === 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `?${query}` : '?'
  }
  const shown = new Set([1, pageCount])
  for (let near = page - 2; near <= page + 2; near++) if (near >= 1 && near <= pageCount) shown.add(near)
  const pages: Array<PageLink | null> = []
  let previousShown = 0
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number - previousShown > 1) pages.push(null)
    pages.push({ page: number, href: href(number), current: number === page })
    previousShown = number
  }
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  return {
    page,
    pageCount,
    from,
    to: Math.min(total, page * pageSize),
    previous: page > 1 ? href(page - 1) : null,
    next: page < pageCount ? href(page + 1) : null,
    pages,
  }
}

/**
 * How a list's page summary reads: 'to' is 'Showing 1 to 12 of 60 results'
 * (the leads page), 'dash' is 'Showing 1-12 of 60 patients'.
 */
export type PaginationWording = 'to' | 'dash'

/** The summary of the page shown: 'Showing 61 to 64 of 64 results'. */
export function pageSummary(links: Pick<PageLinks, 'from' | 'to'>, total: number, noun: string, wording: PaginationWording) {
  const range = wording === 'to' ? `${links.from} to ${links.to}` : `${links.from}-${links.to}`
  return `Showing ${range} of ${total} ${noun}`
}
