import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { cn } from '~/lib/misc'
import { useEffect, useRef } from 'react'

const controlClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm'

/**
 * A GET form that puts search and filters in the URL, so they work without
 * JavaScript, survive a reload and can be shared. With JavaScript a changed
 * filter applies at once.
 */
export function FilterForm({ label, children }: { label: string; children: React.ReactNode }) {
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
      {children}
    </Form>
  )
}

/**
 * Uncontrolled controls keep what was typed across client-side navigation;
 * this puts the URL's value back when it changes (e.g. 'Clear filters'),
 * without remounting the control, so keyboard focus stays where it is.
 */
function useValueFromUrl<T extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (ref.current && ref.current.value !== value) ref.current.value = value
  }, [value])
  return ref
}

export function SearchField({ id, defaultValue, placeholder }: { id: string; defaultValue: string; placeholder: string }) {
  const ref = useValueFromUrl<HTMLInputElement>(defaultValue)
  return (
    <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Search
      </label>
      <input ref={ref} id={id} type="search" name="q" defaultValue={defaultValue} placeholder={placeholder} className={controlClass} />
    </div>
  )
}

export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
}: {
  id: string
  name: string
  label: string
  defaultValue: string
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  const ref = useValueFromUrl<HTMLSelectElement>(defaultValue)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select ref={ref} id={id} name={name} defaultValue={defaultValue} className={controlClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
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
    <div role="group" aria-label="View" className={cn('flex rounded-md border border-slate-300', className)}>
      {order.map((view) => (
        <Link
          key={view}
          to={href(view)}
          aria-current={current === view ? 'true' : undefined}
          className={cn(
            'px-3 py-2 text-sm font-medium',
            current === view ? 'bg-blue-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-100',
          )}
        >
          {view === 'cards' ? 'Cards' : 'Table'}
        </Link>
      ))}
    </div>
  )
}
