import { Form, useLocation, useSubmit } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useRef } from 'react'
import { ErrorList, type ListOfErrors } from '~/components/error-list'
import { buttonClassName } from '~/components/ui/button'
import { DEFAULT_SORT } from '~/lib/list-sort'
import { cn } from '~/lib/misc'

const controlClass =
  'min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600 coarse:min-h-11'

/** The list without its search and filters, in the same view and order. */
export function clearFiltersHref(view?: string, sort?: string) {
  const params = new URLSearchParams()
  if (view) params.set('view', view)
  if (sort && sort !== DEFAULT_SORT) params.set('sort', sort)
  return `?${params}`
}

/** One control of a filter bar, with the value the URL holds for it ('' for all). */
export type FilterDefinition =
  /** The list's search box: `q` and 'Search' unless it searches one thing (a lead's name, say). */
  | { type: 'search'; placeholder: string; value: string; name?: string; label?: string }
  | {
      type: 'select'
      name: string
      label: string
      value: string | undefined
      options: ReadonlyArray<{ value: string; label: string }>
      errors?: ListOfErrors
    }
  | { type: 'date'; name: string; label: string; value: string; errors?: ListOfErrors }

/** True when any search or filter narrows the list. */
export function isFiltered(fields: readonly FilterDefinition[]) {
  return fields.some((field) => Boolean(field.value))
}

function FilterControl({ field }: { field: FilterDefinition }) {
  switch (field.type) {
    case 'search':
      return (
        <SearchField
          id={`filter-${field.name ?? 'q'}`}
          name={field.name}
          label={field.label}
          defaultValue={field.value}
          placeholder={field.placeholder}
        />
      )
    case 'select': {
      const { name, label, value, options, errors } = field
      return <FilterSelect id={`filter-${name}`} name={name} label={label} defaultValue={value ?? ''} options={options} errors={errors} />
    }
    case 'date': {
      const { name, label, value, errors } = field
      return <FilterDate id={`filter-${name}`} name={name} label={label} defaultValue={value} errors={errors} />
    }
  }
}

/**
 * A GET form that puts search and filters in the URL, so they work without
 * JavaScript, survive a reload and can be shared. With JavaScript a changed
 * filter applies at once. It keeps the list's view, ends with the submit
 * button, and offers 'Clear filters' while any is set.
 */
export function FilterForm({
  label,
  view,
  fields,
  submitLabel = 'Search',
  sort,
  hidden,
}: {
  label: string
  view?: string
  fields: readonly FilterDefinition[]
  submitLabel?: string
  /** More of the URL's query the form keeps as it is (a list narrowed to one person, say). */
  hidden?: Readonly<Record<string, string | undefined>>
  /** The list's order: kept as it is, or offered as a 'Sort by' select when there are options (cards have no headers to click). */
  sort?: { value: string; options?: ReadonlyArray<{ value: string; label: string }> }
}) {
  const submit = useSubmit()
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      onChange={(event) => {
        if ((event.target as HTMLElement).tagName === 'SELECT') submit(event.currentTarget, { replace: true })
      }}
    >
      {view ? <input type="hidden" name="view" value={view} /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {/* The default order stays out of the URL. */}
      {sort && !sort.options && sort.value !== DEFAULT_SORT ? <input type="hidden" name="sort" value={sort.value} /> : null}
      {fields.map((field) => (
        <FilterControl key={field.type === 'search' ? (field.name ?? 'q') : field.name} field={field} />
      ))}
      {sort?.options ? <FilterSelect id="filter-sort" name="sort" label="Sort by" defaultValue={sort.value} options={sort.options} /> : null}
      <button type="submit" className={buttonClassName('secondary')}>
        {submitLabel}
      </button>
      {isFiltered(fields) ? (
        <Link
          to={clearFiltersHref(view, sort?.value)}
          className="inline-flex min-h-10 items-center text-sm text-blue-700 underline coarse:min-h-11"
        >
          Clear filters
        </Link>
      ) : null}
    </Form>
  )
}

/**
 * Uncontrolled controls keep what was typed across client-side navigation;
 * this puts the URL's value back when it changes (e.g. 'Clear filters'),
 * without remounting the control, so keyboard focus stays where it is.
 * Only a change counts: on hydration the control keeps whatever was typed
 * while the page's script was still loading.
 */
function useValueFromUrl<T extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<T>(null)
  const applied = useRef(value)
  useEffect(() => {
    if (applied.current === value) return
    applied.current = value
    if (ref.current && ref.current.value !== value) ref.current.value = value
  }, [value])
  return ref
}

/**
 * A labelled filter control with its errors below (the server checks the
 * query; a bad value comes back with a message next to its field).
 */
function FilterField({
  id,
  label,
  errors,
  children,
}: {
  id: string
  label: string
  errors?: ListOfErrors
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode
}) {
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function SearchField({
  id,
  name = 'q',
  label = 'Search',
  defaultValue,
  placeholder,
}: {
  id: string
  name?: string
  label?: string
  defaultValue: string
  placeholder: string
}) {
  const ref = useValueFromUrl<HTMLInputElement>(defaultValue)
  return (
    <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input ref={ref} id={id} type="search" name={name} defaultValue={defaultValue} placeholder={placeholder} className={controlClass} />
    </div>
  )
}

export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
  errors,
}: {
  id: string
  name: string
  label: string
  defaultValue: string
  options: ReadonlyArray<{ value: string; label: string }>
  errors?: ListOfErrors
}) {
  const ref = useValueFromUrl<HTMLSelectElement>(defaultValue)
  return (
    <FilterField id={id} label={label} errors={errors}>
      {(described) => (
        <select ref={ref} id={id} name={name} defaultValue={defaultValue} className={controlClass} {...described}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  )
}

/** A day (YYYY-MM-DD) the list starts or ends at. */
export function FilterDate({
  id,
  name,
  label,
  defaultValue,
  errors,
}: {
  id: string
  name: string
  label: string
  defaultValue: string
  errors?: ListOfErrors
}) {
  const ref = useValueFromUrl<HTMLInputElement>(defaultValue)
  return (
    <FilterField id={id} label={label} errors={errors}>
      {(described) => <input ref={ref} id={id} type="date" name={name} defaultValue={defaultValue} className={controlClass} {...described} />}
    </FilterField>
  )
}

/** The Table/Cards switch of a list: links that keep the query and go back to page 1. */
export function ViewToggle({
  current,
  order = ['table', 'cards'],
  className,
}: {
  current: 'table' | 'cards'
  order?: ReadonlyArray<'table' | 'cards'>
  className?: string
}) {
  const { search } = useLocation()
  const href = (view: 'table' | 'cards') => {
    const params = new URLSearchParams(search)
    params.set('view', view)
    params.delete('page')
    return `?${params}`
  }
  return (
    // The links sit inside the border with a gap, each with its own rounded
    // corners: square backgrounds would paint over the group's rounded border,
    // and the focus ring stays clear of the container's edge.
    <div
      role="group"
      aria-label="View"
      className={cn('flex shrink-0 gap-0.5 rounded-lg border border-slate-300 bg-white p-0.5', className)}
    >
      {order.map((view) => (
        <Link
          key={view}
          to={href(view)}
          aria-current={current === view ? 'true' : undefined}
          className={cn(
            'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium focus-visible:outline-offset-1 coarse:min-h-11',
            current === view ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {view === 'cards' ? 'Cards' : 'Table'}
        </Link>
      ))}
    </div>
  )
}
