/**
 * A list's order in its URL: `?sort=name` sorts by that column ascending,
 * `?sort=-name` descending (one parameter, so a single 'Sort by' select and a
 * hidden input carry it). Every list sorts newest first unless told otherwise.
 */

export type SortDirection = 'asc' | 'desc'

/** What every list shows first: the newest records. */
export const DEFAULT_SORT = '-created'

/** 'name' → name ascending, '-created' → created descending. */
export function parseSort(value: string): { column: string; direction: SortDirection } {
  return value.startsWith('-') ? { column: value.slice(1), direction: 'desc' } : { column: value, direction: 'asc' }
}

export function sortValue(column: string, direction: SortDirection) {
  return direction === 'desc' ? `-${column}` : column
}

/**
 * Where a column header leads: the sorted column turns around; another
 * column starts where people expect it (dates newest first, text A to Z).
 */
export function nextSort(current: string, column: string) {
  const sorted = parseSort(current)
  if (sorted.column === column) return sortValue(column, sorted.direction === 'asc' ? 'desc' : 'asc')
  return sortValue(column, column === 'created' ? 'desc' : 'asc')
}

const DIRECTION_WORDS: Record<string, [asc: string, desc: string]> = {
  created: ['Oldest first', 'Newest first'],
}

/** The 'Sort by' choices for these columns ('Name (A–Z)', 'Newest first'…), newest first at the top. */
export function sortOptions(columns: ReadonlyArray<{ column: string; label: string }>) {
  const options = columns.flatMap(({ column, label }) => {
    const [asc, desc] = DIRECTION_WORDS[column] ?? [`${label} (A–Z)`, `${label} (Z–A)`]
    return [
      { value: sortValue(column, 'asc'), label: asc },
      { value: sortValue(column, 'desc'), label: desc },
    ]
  })
  return [...options.filter((option) => option.value === DEFAULT_SORT), ...options.filter((option) => option.value !== DEFAULT_SORT)]
}

/** `name` and `-name` for each of a list's sortable columns. */
export type SortValue<Column extends string> = Column | `-${Column}`

/**
 * A list's sortable columns, named once: the values its query schema accepts
 * (for `z.enum`) and the 'Sort by' choices, which cannot drift apart.
 */
export function defineListSorts<const Column extends string>(columns: ReadonlyArray<{ column: Column; label: string }>) {
  const options = sortOptions(columns) as Array<{ value: SortValue<Column>; label: string }>
  const values = options.map((option) => option.value) as [SortValue<Column>, ...Array<SortValue<Column>>]
  return { values, options }
}
