import { useRouteLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useId, useState } from 'react'
import { MenuHost } from '~/components/menu-host'
import { EmptyState, type EmptyText } from '~/components/empty-state'
import { type FilterDefinition, FilterForm, ViewToggle, clearFiltersHref, isFiltered } from '~/components/filters'
import { PageFrame } from '~/components/page-header'
import { Pagination, type PaginationWording } from '~/components/pagination'
import { useDialogOutletOnly } from '~/components/dialog-links'
import { SortHeaderLink, ariaSort } from '~/components/sort-header'
import { recordLinkClassName } from '~/components/ui/button'
import { parseSort } from '~/lib/list-sort'
import { cn } from '~/lib/misc'
import { useHydrated } from '~/lib/use-hydrated'
import { rememberScreenWidth, type ScreenWidth } from '~/lib/screen-width'

export type ListView = 'table' | 'cards'

/** One column of a list's table: its header, how a row's cell reads, and whether it names the row. */
export type Column<Row> = {
  header: string
  cell: (row: Row) => React.ReactNode
  /** The column that names the row: its cells are row headers (`th scope="row"`). */
  rowHeader?: boolean
  className?: string
  /** The list's sort column this header sorts by (`?sort=`), when the list can sort by it. */
  sort?: string
  /**
   * Hidden below 1024 px, so a tablet scrolls less: only for a column whose
   * information is also on the record's page (and on the row's card).
   */
  wideOnly?: boolean
}

export { recordLinkClassName }

/** A row as a card: its name (a link to the record), a badge, labelled details, then actions. */
export type Card = {
  title: string
  to: string
  subtitle?: React.ReactNode
  badge?: React.ReactNode
  details: ReadonlyArray<readonly [label: string, value: React.ReactNode]>
  extra?: React.ReactNode
  actions?: React.ReactNode
}

const wideOnlyClassName = 'hidden lg:table-cell'

export function DataTable<Row>({
  rows,
  rowKey,
  columns,
  caption,
  label,
  sort,
}: {
  rows: readonly Row[]
  rowKey: (row: Row) => string
  columns: ReadonlyArray<Column<Row>>
  caption?: string
  /** Names the table's scroll area; the caption when there is one. */
  label?: string
  /** The order the rows are in (`?sort=`); with it, sortable headers are links. */
  sort?: string
}) {
  return (
    // A wide table scrolls sideways on a tablet: the scroll area is a named
    // stop in the tab order, so the keyboard can scroll it too, and a shadow
    // on the side with more columns (scroll-shadow-x) shows that it scrolls.
    <div
      role="region"
      aria-label={caption ?? label ?? 'Table'}
      tabIndex={0}
      className="scroll-shadow-x overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      {/* No backgrounds inside: they would paint over the scroll area's shadows. */}
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="text-left">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                aria-sort={column.sort && sort ? ariaSort(column.sort, sort) : undefined}
                className={cn('px-3 py-3 font-semibold text-slate-700', column.wideOnly && wideOnlyClassName)}
              >
                {column.sort && sort ? <SortHeaderLink label={column.header} column={column.sort} current={sort} /> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.header}
                    scope="row"
                    className={cn('px-3 py-3 text-left font-medium', column.className, column.wideOnly && wideOnlyClassName)}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={cn('px-3 py-3', column.className, column.wideOnly && wideOnlyClassName)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function CardGrid<Row>({
  rows,
  rowKey,
  card,
  headingLevel,
}: {
  rows: readonly Row[]
  rowKey: (row: Row) => string
  card: (row: Row) => Card
  headingLevel: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {rows.map((row) => {
        const { title, to, subtitle, badge, details, extra, actions } = card(row)
        return (
          <li key={rowKey(row)} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <Heading className="font-semibold">
                  <Link to={to} className={recordLinkClassName}>
                    {title}
                  </Link>
                </Heading>
                {subtitle ? <p className="text-xs text-slate-600">{subtitle}</p> : null}
              </div>
              {badge}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {details.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-600">{label}</dt>
                  {/* Wraps rather than cut off: a long value stays readable, broken mid-word only where nothing else fits. */}
                  <dd className="card-value">{value}</dd>
                </div>
              ))}
            </dl>
            {extra}
            {actions ? <div className="mt-auto flex flex-wrap items-start gap-2">{actions}</div> : null}
          </li>
        )
      })}
    </ul>
  )
}

// In modules of their own, so a page that only links records or says that
// it has none does not load the list kit.
export { EmptyState, type EmptyText }

/** Cards on a phone and a tablet, the table from 1024 px (the `lg` breakpoint). */
const NARROW_ONLY = 'lg:hidden'
const WIDE_ONLY = 'hidden lg:block'
const WIDE_QUERY = '(min-width: 1024px)'

/**
 * Until the page is hydrated, the one copy the server sent because the
 * browser had reported its width when it last showed a list (the root loader
 * reads the cookie, app/lib/screen-width.ts); null when it sent both (a first
 * visit, no JavaScript) and once the page runs.
 */
function useCopySentAlone(hydrated: boolean): ListView | null {
  const width = (useRouteLoaderData('root') as { screenWidth?: ScreenWidth } | undefined)?.screenWidth
  if (hydrated || width === undefined) return null
  return width === 'wide' ? 'table' : 'cards'
}

/**
 * Which of the two copies a list without a view in the URL shows in the
 * browser: the one CSS shows at this width, following the width as it
 * changes (a tablet turned), and remembered for the server's next page.
 * Null on the server.
 */
function useWideScreen() {
  const [wide, setWide] = useState(() => (typeof window === 'undefined' ? null : window.matchMedia(WIDE_QUERY).matches))
  useEffect(() => {
    const query = window.matchMedia(WIDE_QUERY)
    const onChange = () => {
      setWide(query.matches)
      rememberScreenWidth(query.matches ? 'wide' : 'narrow')
    }
    onChange()
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return wide
}

/**
 * Both copies from the server when it does not know the screen's width (a
 * first visit, no JavaScript), so the page works at every width and CSS shows
 * one. When the browser has reported its width (`useCopySentAlone`), the
 * server renders that copy alone and shows it at any width, so a screen turned
 * since, without JavaScript, still has its rows.
 *
 * In the browser only the copy on screen is a React tree: while hydrating, the
 * copy the server left hidden keeps its HTML without being hydrated (half the
 * rows' components), and once hydrated it is left out until the width calls
 * for it.
 */
function BySize({ cards, table }: { cards: React.ReactNode; table: React.ReactNode }) {
  const wide = useWideScreen()
  const hydrated = useHydrated()
  const sentAlone = useCopySentAlone(hydrated)
  const copy = (className: string, content: React.ReactNode, shown: boolean | null) => {
    // The copy sent alone, without the class that hides it at the other width; the same keys as after, so hydrated rows stay.
    if (sentAlone) return (sentAlone === 'table') === (className === WIDE_ONLY) ? <div key="live">{content}</div> : null
    if (shown !== false) return <div key="live" className={className}>{content}</div>
    if (!hydrated) return <div key="server" className={className} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
    return <div key="left-out" className={className} />
  }
  return (
    <>
      {copy(NARROW_ONLY, cards, wide === null ? null : !wide)}
      {copy(WIDE_ONLY, table, wide)}
    </>
  )
}

/**
 * The Table/Cards switch of a list without a view in the URL, marking the
 * copy on screen: as `BySize`, the copy sent alone until hydrated (so
 * that it is right without JavaScript too), else one per width for CSS.
 */
function ViewToggleBySize({ order }: { order?: ReadonlyArray<ListView> }) {
  const sentAlone = useCopySentAlone(useHydrated())
  if (sentAlone) return <ViewToggle current={sentAlone} order={order} className="ml-auto" />
  return (
    <>
      <ViewToggle current="cards" order={order} className={cn('ml-auto', NARROW_ONLY)} />
      <ViewToggle current="table" order={order} className="ml-auto hidden lg:flex" />
    </>
  )
}

/**
 * A list page: header (title, subtitle, actions), the filter bar, the list
 * heading with its count and the Table/Cards switch, the rows as a table or
 * as cards (or the empty state), the page links, and the dialog route open
 * over it. Without JavaScript an open dialog is the whole page.
 */
export function ListPage<Row>({
  title,
  subtitle,
  actions,
  intro,
  level = 1,
  filters,
  heading,
  total,
  rows,
  rowKey,
  view,
  columns,
  caption,
  card,
  empty,
  pagination,
  sort,
  outlet = null,
}: {
  title: string
  subtitle?: string
  actions?: React.ReactNode
  /** Shown between the header and the filter bar (a page's shortcuts). */
  intro?: React.ReactNode
  /** 2 for a settings tab, whose title sits under the settings page's. */
  level?: 1 | 2
  filters?: { label: string; submitLabel?: string; fields: readonly FilterDefinition[] }
  /** Shown with the count: 'Caregiver Directory (12)'. */
  heading?: string
  total: number
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /**
   * The view in the URL, with the Table/Cards switch in this order. Without
   * a view in the URL (`current` undefined) the list shows cards below
   * 1024 px and the table from 1024 px. Without `view`, a table.
   */
  view?: { current: ListView | undefined; order?: ReadonlyArray<ListView> }
  columns: ReadonlyArray<Column<Row>>
  caption?: string
  card?: (row: Row) => Card
  empty: { noRecords: EmptyText & { action?: React.ReactNode }; noMatches?: EmptyText }
  pagination?: { page: number; pageSize: number; noun?: string; label?: string; wording?: PaginationWording }
  /** The rows' order (`?sort=`) and its 'Sort by' choices, offered in the filter bar when the list shows cards. */
  sort?: { current: string; options: ReadonlyArray<{ value: string; label: string }> }
  outlet?: React.ReactNode
}) {
  const headingId = useId()
  if (useDialogOutletOnly(outlet)) return outlet

  const filtered = filters ? isFiltered(filters.fields) : false
  const showsCards = view?.current === 'cards' && Boolean(card)
  // No view in the URL: both are rendered and CSS shows the one that fits,
  // so it works without JavaScript. The other is display:none, so assistive
  // technology meets each row once.
  const bySize = Boolean(view && view.current === undefined && card)
  // Cards have no headers to click, and a table may lack a column for some order (Created): then a 'Sort by' select offers them all.
  const headerSorts = new Set(columns.map((column) => column.sort))
  const sortSelect = sort && (showsCards || bySize || sort.options.some((option) => !headerSorts.has(parseSort(option.value).column)))
  const ListHeading = level === 1 ? 'h2' : 'h3'
  const cardHeadingLevel = heading || level === 2 ? 3 : 2
  const cards = card ? <CardGrid rows={rows} rowKey={rowKey} card={card} headingLevel={cardHeadingLevel} /> : null
  const table = <DataTable rows={rows} rowKey={rowKey} columns={columns} caption={caption} label={heading ?? title} sort={sort?.current} />
  const list = (
    <>
      {heading || view ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          {heading ? (
            <ListHeading id={headingId} className="text-lg font-semibold">
              {heading} ({total})
            </ListHeading>
          ) : null}
          {!view ? null : bySize ? (
            <ViewToggleBySize order={view.order} />
          ) : (
            <ViewToggle current={view.current ?? 'table'} order={view.order} className="ml-auto" />
          )}
        </div>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          filtered={filtered}
          clearTo={clearFiltersHref(view?.current, sort?.current)}
          noRecords={empty.noRecords}
          noMatches={empty.noMatches ?? empty.noRecords}
        />
      ) : bySize ? (
        <BySize cards={cards} table={table} />
      ) : showsCards ? (
        cards
      ) : (
        table
      )}
      {pagination && total > 0 ? <Pagination total={total} {...pagination} /> : null}
    </>
  )
  return (
    // One row menu for the page, opened by the row whose button is pressed.
    <MenuHost>
      <PageFrame title={title} subtitle={subtitle} actions={actions} level={level}>
        {intro}
        {filters ? (
          <FilterForm
            label={filters.label}
            view={view?.current}
            fields={filters.fields}
            submitLabel={filters.submitLabel}
            sort={sort ? { value: sort.current, options: sortSelect ? sort.options : undefined } : undefined}
          />
        ) : null}
        {heading ? <section aria-labelledby={headingId}>{list}</section> : list}
        {outlet}
      </PageFrame>
    </MenuHost>
  )
}
