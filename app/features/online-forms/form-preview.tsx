import { useId } from 'react'
import type { FormField } from './form-fields'

const inputClassName = 'block min-h-10 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm coarse:min-h-11'

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = { email: 'email', tel: 'tel', date: 'date', number: 'number', text: 'text' }

function PreviewField({ field }: { field: FormField }) {
  const id = useId()
  const label = (
    <>
      {field.label}
      {field.required ? (
        <>
          <span aria-hidden className="text-red-700"> *</span>
          <span className="sr-only"> (required)</span>
        </>
      ) : null}
    </>
  )
  if (field.type === 'radio' || (field.type === 'checkbox' && field.options?.length)) {
    return (
      <fieldset className="flex flex-col gap-1" disabled>
        <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
        {(field.options ?? []).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type={field.type === 'radio' ? 'radio' : 'checkbox'} name={field.name} value={option} className="h-4 w-4" />
            {option}
          </label>
        ))}
      </fieldset>
    )
  }
  if (field.type === 'checkbox') {
    return (
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" name={field.name} disabled className="h-4 w-4" />
        {label}
      </label>
    )
  }
  if (field.type === 'dropdown') {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <select id={id} name={field.name} disabled className={inputClassName}>
          <option value="">Choose...</option>
          {(field.options ?? []).map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
    )
  }
  if (field.type === 'signature') {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input id={id} name={field.name} type="text" disabled placeholder="Type your full name to sign" className={inputClassName} />
        <p className="text-xs text-slate-600">The respondent types their name and confirms the consent statement.</p>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={field.name} type={INPUT_TYPES[field.type] ?? 'text'} disabled className={inputClassName} />
    </div>
  )
}

/** A form's fields as respondents will see them, read-only (the staff preview). */
export function FormPreview({ fields }: { fields: FormField[] }) {
  return (
    <form aria-label="Form preview" className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      {fields.map((field) => (
        <PreviewField key={field.name} field={field} />
      ))}
    </form>
  )
}
