import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Field, FormActions, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { APPOINTMENT_TYPE_OPTIONS } from '~/features/calendar/options'
import { patternProblems } from '~/features/calendar/recurrence'
import { ConfirmAvailabilityField, RepeatFields, SeriesScopeField } from '~/features/calendar/series-fields'
import { WhenFields } from '~/features/calendar/when-fields'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'

export type AppointmentFormDefaults = Partial<
  Record<
    | 'title'
    | 'date'
    | 'time'
    | 'fold'
    | 'durationMinutes'
    | 'appointmentType'
    | 'location'
    | 'notes'
    | 'patientId'
    | 'caregiverId'
    | 'leadId'
    | 'repeat'
    | 'repeatEnds'
    | 'repeatWeeks'
    | 'repeatUntil'
    | 'scope'
    | 'confirmAvailability',
    string | null
  > & { repeatDays: string[] }
>

type Option = { value: string; label: string }

const sectionClass = 'grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-4 md:grid-cols-3'
const legendClass = 'px-1 text-sm font-semibold text-slate-900'

/** Create and edit share this form: what, when, where, and whom it is for. */
export function AppointmentForm({
  id = 'appointment-form',
  defaults,
  rules,
  lastResult,
  cancelTo,
  submitLabel,
  people,
  zoneLabel,
  repeat = false,
  inSeries = false,
}: {
  id?: string
  /** Offer the weekly pattern (create). */
  repeat?: boolean
  /** The appointment is a visit of a series: ask whether later visits change too (edit). */
  inSeries?: boolean
  defaults: AppointmentFormDefaults
  /** formRules(appointmentFormSchema(zone)), from the loader. */
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  submitLabel: string
  people: { patients: Option[]; caregivers: Option[]; leads: Option[] }
  zoneLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<AppointmentFormDefaults>({
    id,
    constraint: constraintsOf(rules),
    defaultValue: defaults,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules<AppointmentFormDefaults>(rules, repeat ? { form: patternProblems } : {}),
  })
  const busy = navigation.state === 'submitting'
  const duration = Number(defaults.durationMinutes) || undefined
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field labelProps={{ children: 'Title' }} inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
      <WhenFields fields={fields} currentDuration={duration} zoneLabel={zoneLabel} />
      {repeat ? <RepeatFields fields={fields} /> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          labelProps={{ children: 'Type' }}
          selectProps={getSelectProps(fields.appointmentType)}
          options={APPOINTMENT_TYPE_OPTIONS}
          errors={fields.appointmentType.errors}
        />
        <Field labelProps={{ children: 'Location' }} inputProps={getInputProps(fields.location, { type: 'text' })} errors={fields.location.errors} />
      </div>
      <TextareaField labelProps={{ children: 'Notes' }} textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }} errors={fields.notes.errors} />
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Who it is for (optional)</legend>
        <SelectField
          labelProps={{ children: 'Patient' }}
          selectProps={getSelectProps(fields.patientId)}
          options={[{ value: '', label: 'No patient' }, ...people.patients]}
          errors={fields.patientId.errors}
        />
        <SelectField
          labelProps={{ children: 'Caregiver' }}
          selectProps={getSelectProps(fields.caregiverId)}
          options={[{ value: '', label: 'No caregiver' }, ...people.caregivers]}
          errors={fields.caregiverId.errors}
        />
        <SelectField
          labelProps={{ children: 'Lead' }}
          selectProps={getSelectProps(fields.leadId)}
          options={[{ value: '', label: 'No lead' }, ...people.leads]}
          errors={fields.leadId.errors}
        />
      </fieldset>
      <ConfirmAvailabilityField field={fields.confirmAvailability} />
      {inSeries ? <SeriesScopeField field={fields.scope} verb="Save the changes to:" /> : null}
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busy={busy} />
    </Form>
  )
}
