/**
 * Lists show newest first; the id breaks ties between rows created in the
 * same instant, so pages never repeat or skip a row.
 */
export const NEWEST_FIRST: Array<{ createdAt: 'desc' } | { id: 'desc' }> = [{ createdAt: 'desc' }, { id: 'desc' }]

export type PageWindow = { skip: number; take: number }

export type Page<Row> = { rows: Row[]; total: number; page: number; pageSize: number }

/**
 * One page of a list: how many rows match (`count`) and that page's rows
 * (`findMany`, given skip and take; it brings its own where and a stable
 * order such as NEWEST_FIRST).
 *
 * A page past the end (an old link, a filter that now matches less) shows
 * the last page when `pastTheEnd` is 'last-page', as the list pages do; the
 * JSON API answers an empty page instead, so a script that pages until it
 * gets nothing stops.
 */
export async function paginate<Row>(
  query: { count: () => Promise<number>; findMany: (window: PageWindow) => Promise<Row[]> },
  { page, pageSize, pastTheEnd = 'empty' }: { page: number; pageSize: number; pastTheEnd?: 'empty' | 'last-page' },
): Promise<Page<Row>> {
  const windowOf = (target: number) => ({ skip: (target - 1) * pageSize, take: pageSize })
  // Both at once: the common case, a page that exists, costs one round trip.
  const [total, rows] = await Promise.all([query.count(), query.findMany(windowOf(page))])
  const lastPage = Math.max(1, Math.ceil(total / pageSize))
  if (page <= lastPage || pastTheEnd === 'empty') return { rows, total, page, pageSize }
  return { rows: await query.findMany(windowOf(lastPage)), total, page: lastPage, pageSize }
}
