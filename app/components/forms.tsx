import { Link } from '~/components/link'
import { useId } from 'react'
import { Button, buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/misc'
import { ErrorList, type ListOfErrors } from '~/components/error-list'

const inputClassName =
  'block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm aria-[invalid=true]:border-red-600 coarse:min-h-11'

/**
 * A labelled input with its errors below, wired for assistive technology:
 * aria-invalid when there are errors, aria-describedby pointing at them.
 * A field with errors also has `autofocus`: a form the server sends back
 * (without JavaScript) opens on its first error, as the browser focuses the
 * first such field; with JavaScript the form focuses it when sent, and a
 * field already shown does not take the focus when an error appears.
 */
export function Field({
  labelProps,
  inputProps,
  errors,
  help,
  className,
}: {
  labelProps: React.LabelHTMLAttributes<HTMLLabelElement> & { children: React.ReactNode }
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  help?: React.ReactNode
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
  const helpId = help ? `${id}-help` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800" {...labelProps} />
      <input
        id={id}
        aria-invalid={errorId ? true : undefined}
        autoFocus={errorId ? true : undefined}
        aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}
        className={inputClassName}
        {...inputProps}
      />
      {help ? (
        <p id={helpId} className="text-xs text-slate-600">
          {help}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function SelectField({
  labelProps,
  selectProps,
  options,
  errors,
  className,
}: {
  labelProps: React.LabelHTMLAttributes<HTMLLabelElement> & { children: React.ReactNode }
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement>
  options: ReadonlyArray<{ value: string; label: string }>
  errors?: ListOfErrors
  className?: string
}) {
  const fallbackId = useId()
  const id = selectProps.id ?? fallbackId
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800" {...labelProps} />
      <select
        id={id}
        aria-invalid={errorId ? true : undefined}
        autoFocus={errorId ? true : undefined}
        aria-describedby={errorId}
        className={inputClassName}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** One checkbox with its label beside it and its errors below, wired like Field. */
export function CheckboxField({
  labelProps,
  inputProps,
  errors,
  className,
}: {
  labelProps: React.LabelHTMLAttributes<HTMLLabelElement> & { children: React.ReactNode }
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          aria-invalid={errorId ? true : undefined}
          autoFocus={errorId ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 h-4 w-4 rounded border-slate-400 coarse:h-6 coarse:w-6"
          {...inputProps}
          type="checkbox"
        />
        <label htmlFor={id} className="text-sm text-slate-800" {...labelProps} />
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** Errors that belong to the whole form rather than one field. */
export function FormErrors({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  if (!errors?.some(Boolean)) return null
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3">
      <ErrorList errors={errors} />
    </div>
  )
}

export function TextareaField({
  labelProps,
  textareaProps,
  errors,
  className,
}: {
  labelProps: React.LabelHTMLAttributes<HTMLLabelElement> & { children: React.ReactNode }
  textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement>
  errors?: ListOfErrors
  className?: string
}) {
  const fallbackId = useId()
  const id = textareaProps.id ?? fallbackId
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800" {...labelProps} />
      <textarea
        id={id}
        aria-invalid={errorId ? true : undefined}
        autoFocus={errorId ? true : undefined}
        aria-describedby={errorId}
        className={inputClassName}
        {...textareaProps}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** Cancel (a link back) and the submit button, which says it is busy while the form posts. */
export function FormActions({
  cancelTo,
  submitLabel,
  busy,
  busyLabel = 'Saving...',
}: {
  cancelTo: string
  submitLabel: string
  busy: boolean
  busyLabel?: string
}) {
  return (
    <div className="flex justify-end gap-3">
      <Link to={cancelTo} preventScrollReset className={buttonClassName('secondary')}>
        Cancel
      </Link>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  )
}

/**
 * A group of checkboxes under a legend (one name, several values), with the
 * group's errors below it.
 */
export function CheckboxGroupField({
  legend,
  name,
  options,
  checked,
  errors,
  errorId,
  className,
}: {
  legend: string
  name: string
  options: ReadonlyArray<{ value: string; label: string }>
  checked: readonly string[]
  errors?: ListOfErrors
  errorId: string
  className?: string
}) {
  const invalid = errors?.some(Boolean)
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-6 items-center gap-2 text-sm coarse:min-h-11">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
              aria-invalid={invalid || undefined}
              className="h-4 w-4 rounded border-slate-400"
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorList id={invalid ? errorId : undefined} errors={errors} />
    </fieldset>
  )
}
