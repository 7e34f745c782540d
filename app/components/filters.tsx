import { Form, useSubmit } from '@remix-run/react'

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

export function SearchField({ id, defaultValue, placeholder }: { id: string; defaultValue: string; placeholder: string }) {
  return (
    <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Search
      </label>
      <input id={id} type="search" name="q" defaultValue={defaultValue} placeholder={placeholder} className={controlClass} />
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
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={controlClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
