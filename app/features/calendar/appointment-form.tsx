import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useLocation, useNavigation } from '@remix-run/react'
import { useRef } from 'react'
import { Field, FormActions, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { APPOINTMENT_TYPE_OPTIONS } from '~/features/calendar/options'
import { FIND_PEOPLE_KEY, FOUND_PEOPLE_KEY, PEOPLE_FOUND_ID } from '~/features/calendar/prefill'
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
type PeopleFound = { words: string; text: string }

/**
 * One search for the three selects below it. 'Find' sends the whole form by
 * GET to this page (nothing is saved, nothing checked): the page comes back
 * with the fields as typed and the lists narrowed. Enter in the field runs
 * Find too: here by script; without it the server tells a Find not yet run
 * from a save (see unrunFindPath). After a Find, focus goes to the status
 * that says how many matched, just before the selects; the page re-mounts
 * the form (keyed by its query) so the fields start from what came back.
 */
function FindPeople({ found }: { found: PeopleFound | null }) {
  const button = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  return (
    <div className="flex items-start gap-2 md:col-span-3">
      <Field
        className="grow"
        labelProps={{ children: 'Find people' }}
        inputProps={{
          type: 'search',
          name: FIND_PEOPLE_KEY,
          defaultValue: found?.words,
          maxLength: 100,
          autoComplete: 'off',
          onKeyDown: (event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
            event.preventDefault()
            event.currentTarget.form?.requestSubmit(button.current)
          },
        }}
        help="A name, phone number or e-mail address"
      />
      {/* The fragment brings focus (the page's useFragmentFocus) or, without script, Tab to the status. */}
      <Button ref={button} type="submit" variant="secondary" className="mt-6" formMethod="get" formAction={`${pathname}#${PEOPLE_FOUND_ID}`} formNoValidate>
        Find
      </Button>
      <input type="hidden" name={FOUND_PEOPLE_KEY} value={found?.words ?? ''} />
    </div>
  )
}

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
  returnTo,
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
  people: { patients: Option[]; caregivers: Option[]; leads: Option[]; found?: PeopleFound | null }
  zoneLabel: string
  /** Where the dialog returns: kept in the form so a Find, which replaces the query, keeps it. */
  returnTo?: string
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
  const formProps = getFormProps(form)
  return (
    <Form
      method="post"
      className="flex flex-col gap-4"
      {...formProps}
      onSubmit={(event) => {
        // Find (the one GET button) checks nothing: the form goes as it is, to be filled in further.
        // Conform's own validation requests are formnovalidate too, so that cannot tell them apart.
        if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('formmethod') === 'get') return
        formProps.onSubmit(event)
      }}
    >
      {/*
        Enter in a field sends the form with its first submit button. Find comes before Save on
        the page, so this copy of Save, first and unseen, keeps Enter a save everywhere.
      */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" disabled={busy}>
        {submitLabel}
      </button>
      {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
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
        <FindPeople found={people.found ?? null} />
        <p id={PEOPLE_FOUND_ID} tabIndex={-1} role="status" className="text-sm font-medium md:col-span-3">
          {people.found?.text}
        </p>
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
