import type { FieldMetadata } from '@conform-to/react'
import { getInputProps } from '@conform-to/react'
import { useState } from 'react'
import { ErrorList } from '~/components/error-list'
import { CheckboxField, CheckboxGroupField, Field } from '~/components/forms'
import { SERIES_SCOPE_OPTIONS } from '~/features/calendar/options'
import { MAX_SERIES_WEEKS } from '~/features/calendar/recurrence'
import { WEEKDAYS } from '~/lib/time'

type Meta = FieldMetadata<string | string[] | null | undefined>

const WEEKDAY_LABELS = WEEKDAYS.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1, 3) }))

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [])

/**
 * The optional weekly pattern of the create form: which days, and for how
 * many weeks or until which date. Always shown (no script needed): nothing
 * repeats until "Repeat weekly" is ticked.
 */
export function RepeatFields({
  fields,
}: {
  fields: { repeat: Meta; repeatDays: Meta; repeatEnds: Meta; repeatWeeks: Meta; repeatUntil: Meta }
}) {
  const ends = fields.repeatEnds.initialValue === 'until' ? 'until' : 'weeks'
  const endsErrorId = `${fields.repeatEnds.id}-error`
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Recurring visits (optional)</legend>
      <CheckboxField
        labelProps={{ children: 'Repeat weekly: one appointment per visit' }}
        inputProps={{ ...getInputProps(fields.repeat as FieldMetadata<string>, { type: 'checkbox' }), value: 'on' }}
        errors={fields.repeat.errors}
      />
      <CheckboxGroupField
        legend="On these days"
        name={fields.repeatDays.name}
        options={WEEKDAY_LABELS}
        checked={asList(fields.repeatDays.initialValue)}
        errors={fields.repeatDays.errors}
        errorId={`${fields.repeatDays.id}-error`}
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={fields.repeatEnds.errors?.length ? endsErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Ends</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label className="inline-flex min-h-6 items-center gap-2 text-sm coarse:min-h-11">
              <input type="radio" name={fields.repeatEnds.name} value="weeks" defaultChecked={ends === 'weeks'} className="h-4 w-4 border-slate-400" />
              After a number of weeks
            </label>
            <Field
              labelProps={{ children: `Weeks (1–${MAX_SERIES_WEEKS})` }}
              inputProps={{ ...getInputProps(fields.repeatWeeks as FieldMetadata<string>, { type: 'number' }), min: 1, max: MAX_SERIES_WEEKS }}
              errors={fields.repeatWeeks.errors}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label className="inline-flex min-h-6 items-center gap-2 text-sm coarse:min-h-11">
              <input type="radio" name={fields.repeatEnds.name} value="until" defaultChecked={ends === 'until'} className="h-4 w-4 border-slate-400" />
              Until a chosen day
            </label>
            <Field
              labelProps={{ children: 'Last day of visits' }}
              inputProps={getInputProps(fields.repeatUntil as FieldMetadata<string>, { type: 'date' })}
              errors={fields.repeatUntil.errors}
            />
          </div>
        </div>
        <ErrorList id={fields.repeatEnds.errors?.length ? endsErrorId : undefined} errors={fields.repeatEnds.errors} />
      </fieldset>
    </fieldset>
  )
}

/**
 * "Book anyway", shown once the server has said the caregiver is not
 * available on a day booked (its message sits under the box), like the
 * question of which 1:30 AM: ticked and sent again, the booking goes ahead.
 */
export function ConfirmAvailabilityField({ field }: { field: Meta }) {
  const [asked, setAsked] = useState(false)
  const asking = Boolean(field.errors?.length)
  if (asking && !asked) setAsked(true)
  if (!asking && !asked && field.initialValue !== 'on') return null
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
      <CheckboxField
        labelProps={{ children: 'Book anyway, outside their available days' }}
        inputProps={{ ...getInputProps(field as FieldMetadata<string>, { type: 'checkbox' }), value: 'on' }}
        errors={field.errors}
      />
    </div>
  )
}

/** On a visit of a weekly series: change (or cancel) this visit alone, or it and every later visit. */
export function SeriesScopeField({ field, verb }: { field: Meta; verb: string }) {
  const chosen = field.initialValue === 'following' ? 'following' : 'this'
  const errorId = `${field.id}-error`
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" aria-describedby={field.errors?.length ? errorId : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-900">This visit is part of a weekly series. {verb}</legend>
      {SERIES_SCOPE_OPTIONS.map((option) => (
        <label key={option.value} className="inline-flex min-h-6 items-center gap-2 text-sm coarse:min-h-11">
          <input type="radio" name={field.name} value={option.value} defaultChecked={chosen === option.value} className="h-4 w-4 border-slate-400" />
          {option.label}
        </label>
      ))}
      <ErrorList id={field.errors?.length ? errorId : undefined} errors={field.errors} />
    </fieldset>
  )
}
