import type { FieldMetadata } from '@conform-to/react'
import { getInputProps, getSelectProps } from '@conform-to/react'
import { useState } from 'react'
import { ErrorList } from '~/components/error-list'
import { Field, SelectField } from '~/components/forms'
import { durationOptions } from '~/features/calendar/options'

type WhenFieldsMeta = {
  date: FieldMetadata<string | null | undefined>
  time: FieldMetadata<string | null | undefined>
  fold: FieldMetadata<string | null | undefined>
  durationMinutes: FieldMetadata<string | null | undefined>
}

/** '01:30' → '1:30 AM' */
function spokenTime(value: string | undefined) {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '')
  if (!match) return 'that time'
  const hour = Number(match[1])
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`
}

/**
 * Date, time and duration, read by the server in the agency's time zone. On
 * the night the clocks go back the hour after 1:00 AM happens twice: the
 * server then asks which one, and this offers the two.
 */
export function WhenFields({ fields, currentDuration, zoneLabel }: { fields: WhenFieldsMeta; currentDuration?: number; zoneLabel: string }) {
  // Once asked, the question stays until the form is sent, whatever is checked meanwhile.
  const [asked, setAsked] = useState(false)
  const asking = Boolean(fields.fold.errors?.length)
  if (asking && !asked) setAsked(true)
  const askFold = asking || asked || Boolean(fields.fold.initialValue)
  const said = spokenTime(fields.time.value ?? undefined)
  const foldErrorId = `${fields.fold.id}-error`
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field labelProps={{ children: 'Date' }} inputProps={getInputProps(fields.date, { type: 'date' })} errors={fields.date.errors} />
        <Field
          labelProps={{ children: 'Time' }}
          inputProps={getInputProps(fields.time, { type: 'time' })}
          errors={fields.time.errors}
          help={zoneLabel}
        />
        <SelectField
          labelProps={{ children: 'Duration' }}
          selectProps={getSelectProps(fields.durationMinutes)}
          options={durationOptions(currentDuration)}
          errors={fields.durationMinutes.errors}
        />
      </div>
      {askFold ? (
        <fieldset className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3" aria-describedby={fields.fold.errors?.length ? foldErrorId : undefined}>
          <legend className="px-1 text-sm font-medium text-slate-900">Which {said}?</legend>
          {(['earlier', 'later'] as const).map((fold) => (
            <label key={fold} className="inline-flex min-h-6 items-center gap-2 text-sm coarse:min-h-11">
              <input
                type="radio"
                name={fields.fold.name}
                value={fold}
                defaultChecked={fields.fold.initialValue === fold}
                aria-invalid={fields.fold.errors?.length ? true : undefined}
                className="h-4 w-4 border-slate-400"
              />
              {fold === 'earlier' ? `The first ${said} (before the clocks go back)` : `The second ${said} (after the clocks go back)`}
            </label>
          ))}
          <ErrorList id={fields.fold.errors?.length ? foldErrorId : undefined} errors={fields.fold.errors} />
        </fieldset>
      ) : null}
    </>
  )
}
