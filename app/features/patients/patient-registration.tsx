import {
  type FieldMetadata,
  type SubmissionResult,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  parse,
  useForm,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Link } from '~/components/link'
import { CheckboxGroupField, Field, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import {
  CARE_TIMES,
  CARE_TYPES,
  CAREGIVER_GENDER_PREFERENCES,
  GENDERS,
  MAX_EMERGENCY_CONTACTS,
  POLICY_HOLDER_RELATIONSHIPS,
  REGISTRATION_STEPS,
  REGISTRATION_STEP_HEADING_ID,
  type RegistrationStep,
  WEEKDAY_OPTIONS,
  goToStepIntent,
  nextStep,
  registrationProgress,
  stepLeftBlank,
  stepOfIntent,
} from '~/features/patients/options'
import { registrationStepChecks } from '~/features/patients/rules'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { cn } from '~/lib/misc'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * The five steps with the share done (20% per saved step) and the current
 * one marked. Inside a registration's form, the other saved steps (and the
 * next one to fill in) are buttons that save the open step and go there, as
 * Back and Next do: a step's typed changes are never left behind.
 */
function RegistrationProgress({
  current,
  completedSteps,
  canChangeStep,
  busy,
}: {
  current: RegistrationStep
  completedSteps: readonly string[]
  canChangeStep: boolean
  busy: boolean
}) {
  const progress = registrationProgress(completedSteps)
  const following = nextStep(completedSteps)
  return (
    <nav aria-label="Registration steps" className="mb-1">
      <div className="mb-2 flex items-center justify-between text-sm">
        <span className="font-medium">Registration progress</span>
        <span className="text-slate-700">{progress}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-blue-700" style={{ width: `${progress}%` }} />
      </div>
      <ol className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {REGISTRATION_STEPS.map((step, index) => {
          const done = completedSteps.includes(step.key)
          const isCurrent = step.key === current.key
          const content = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  isCurrent ? 'border-blue-700 bg-blue-700 text-white' : done ? 'border-green-700 bg-green-700 text-white' : 'border-slate-400 text-slate-700',
                )}
              >
                {done && !isCurrent ? '✓' : index + 1}
              </span>
              <span className={cn(isCurrent && 'font-semibold')}>
                {step.label}
                <span className="sr-only">{isCurrent ? ' (open)' : done ? ' (saved)' : ' (not saved yet)'}</span>
              </span>
            </>
          )
          const canOpen = canChangeStep && !isCurrent && (done || following?.key === step.key)
          return (
            <li key={step.key}>
              {canOpen ? (
                <button
                  type="submit"
                  name="intent"
                  value={goToStepIntent(step)}
                  disabled={busy}
                  className="flex items-center gap-2 rounded-md p-1 text-left hover:bg-slate-100 disabled:opacity-60 coarse:min-h-11"
                >
                  {content}
                </button>
              ) : (
                <span aria-current={isCurrent ? 'step' : undefined} className="flex items-center gap-2 p-1 text-slate-600 coarse:min-h-11">
                  {content}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/** Back, or another step of the progress. */
function isLeaving(intent: FormDataEntryValue | null) {
  return intent === 'back' || stepOfIntent(intent) !== undefined
}

export type StepDefaults = Record<string, unknown>

const sectionClass = 'grid grid-cols-1 gap-4 md:grid-cols-2'

function listValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
  return typeof value === 'string' && value ? [value] : []
}

/**
 * One step of the registration as a form that posts to the step's route.
 * The buttons: Cancel (nothing saved), Back, Save and Close, Next (or Submit
 * for Review on the last step), and the progress's other steps; all but
 * Cancel save the step first.
 */
export function RegistrationStepForm({
  step,
  rules,
  defaultValue,
  lastResult,
  cancelTo,
  today,
  completedSteps,
  canChangeStep,
}: {
  step: RegistrationStep
  /** formRules of the step's schema, from the loader. */
  rules: FormRules
  defaultValue: StepDefaults
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  /** Today in the agency's zone (YYYY-MM-DD), from the loader: the server's and the browser's clocks agree on it. */
  today: string
  completedSteps: readonly string[]
  /** Whether the progress's steps are buttons: not before the registration exists. */
  canChangeStep: boolean
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `patient-${step.key}`,
    constraint: constraintsOf(rules),
    // Conform types defaults by the form's shape; each step has its own.
    defaultValue: defaultValue as Record<string, string>,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    // Leaving a step left blank (Back, another step) is not a save: the server only goes, so nothing is asked for.
    onValidate: (context) =>
      isLeaving(context.formData.get('intent')) && stepLeftBlank(context.formData)
        ? parse(context.formData, { resolve: () => ({ value: {} }) })
        : validateWithRules(rules, registrationStepChecks(step.key, today))(context),
  })
  const hydrated = useHydrated()
  const busy = navigation.state === 'submitting'
  const index = REGISTRATION_STEPS.indexOf(step)
  // Under the dialog's title: an h2 on the page without JavaScript, an h3 in the dialog.
  const StepHeading = hydrated ? 'h3' : 'h2'
  const isLast = index === REGISTRATION_STEPS.length - 1
  const field = (name: string) => fields[name] as FieldMetadata<string>
  const text = (name: string, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}, className?: string) => (
    <Field
      className={className}
      labelProps={{ children: label }}
      inputProps={{ ...getInputProps(field(name), { type: 'text' }), ...extra }}
      errors={field(name).errors}
    />
  )
  const area = (name: string, label: string, className = 'md:col-span-2') => (
    <TextareaField className={className} labelProps={{ children: label }} textareaProps={{ ...getTextareaProps(field(name)), rows: 3 }} errors={field(name).errors} />
  )

  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      {/* Enter in a field means Next: the first submit button is the form's default. */}
      <button type="submit" name="intent" value="next" className="sr-only" tabIndex={-1} aria-hidden="true">
        Next
      </button>
      <RegistrationProgress current={step} completedSteps={completedSteps} canChangeStep={canChangeStep} busy={busy} />
      {/*
        Each save lands here (the URL's fragment names it): it says which step
        is open, and Tab goes on to the step's first field. Room is kept above
        it when scrolled to, so the progress stays in view.
      */}
      <StepHeading id={REGISTRATION_STEP_HEADING_ID} tabIndex={-1} className="scroll-mt-[40vh] text-base font-semibold">
        Step {index + 1} of {REGISTRATION_STEPS.length}: {step.label}
      </StepHeading>
      <FormErrors id={form.errorId} errors={form.errors} />
      {step.key === 'personal' ? (
        <div className={sectionClass}>
          {text('firstName', 'First Name', { autoComplete: 'off' })}
          {text('lastName', 'Last Name', { autoComplete: 'off' })}
          <Field
            labelProps={{ children: 'Date of Birth' }}
            inputProps={{ ...getInputProps(field('dateOfBirth'), { type: 'date' }), max: today }}
            errors={field('dateOfBirth').errors}
          />
          <SelectField
            labelProps={{ children: 'Gender' }}
            selectProps={getSelectProps(field('gender'))}
            options={[{ value: '', label: 'Select gender' }, ...GENDERS]}
            errors={field('gender').errors}
          />
          {text('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'off' })}
          {text('address', 'Address', {}, 'md:col-span-2')}
          {text('city', 'City')}
          <div className="grid grid-cols-2 gap-4">
            {text('state', 'State', { maxLength: 2 })}
            {text('zipCode', 'ZIP Code', { inputMode: 'numeric' })}
          </div>
        </div>
      ) : step.key === 'medical' ? (
        <div className={sectionClass}>
          {area('conditions', 'Conditions and diagnoses')}
          {area('allergies', 'Allergies')}
          {area('medications', 'Current medications')}
          {text('physicianName', 'Primary physician')}
          {text('physicianPhone', 'Physician phone', { type: 'tel' })}
          {area('notes', 'Medical notes')}
        </div>
      ) : step.key === 'insurance' ? (
        <div className={sectionClass}>
          {text('provider', 'Insurance provider', {}, 'md:col-span-2')}
          {text('memberId', 'Member ID')}
          {text('groupNumber', 'Group number')}
          {text('policyHolder', 'Policy holder')}
          <SelectField
            labelProps={{ children: 'Relationship to patient' }}
            selectProps={getSelectProps(field('relationship'))}
            options={[{ value: '', label: 'Not specified' }, ...POLICY_HOLDER_RELATIONSHIPS]}
            errors={field('relationship').errors}
          />
          <p className="text-sm text-slate-600 md:col-span-2">Leave these empty for private pay.</p>
        </div>
      ) : step.key === 'contacts' ? (
        <EmergencyContactRows form={form} contacts={fields.contacts as FieldMetadata<ContactFields[]>} />
      ) : (
        <div className={sectionClass}>
          <SelectField
            labelProps={{ children: 'Care Type' }}
            selectProps={getSelectProps(field('careType'))}
            options={[{ value: '', label: 'Select care type' }, ...CARE_TYPES]}
            errors={field('careType').errors}
          />
          <SelectField
            labelProps={{ children: 'Caregiver gender preference' }}
            selectProps={getSelectProps(field('caregiverGender'))}
            options={CAREGIVER_GENDER_PREFERENCES}
            errors={field('caregiverGender').errors}
          />
          <CheckboxGroupField
            className="md:col-span-2"
            legend="Preferred days"
            name={field('preferredDays').name}
            options={WEEKDAY_OPTIONS}
            checked={listValue(field('preferredDays').initialValue)}
            errors={field('preferredDays').errors}
            errorId={field('preferredDays').errorId}
          />
          <CheckboxGroupField
            className="md:col-span-2"
            legend="Preferred times"
            name={field('preferredTimes').name}
            options={CARE_TIMES}
            checked={listValue(field('preferredTimes').initialValue)}
            errors={field('preferredTimes').errors}
            errorId={field('preferredTimes').errorId}
          />
          {text('language', 'Preferred language')}
          {area('notes', 'Care notes')}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Link to={cancelTo} preventScrollReset className={buttonClassName('ghost')}>
          Cancel
        </Link>
        {index > 0 ? (
          <Button type="submit" name="intent" value="back" variant="secondary" disabled={busy}>
            Back
          </Button>
        ) : null}
        <Button type="submit" name="intent" value="close" variant="secondary" disabled={busy}>
          Save and Close
        </Button>
        <Button type="submit" name="intent" value="next" disabled={busy}>
          {busy ? 'Saving...' : isLast ? 'Submit for Review' : 'Next'}
        </Button>
      </div>
    </Form>
  )
}

type ContactFields = { name: string; relationship: string; phone: string; email: string }

function EmergencyContactRows({
  form,
  contacts,
}: {
  form: ReturnType<typeof useForm<Record<string, unknown>>>[0]
  contacts: FieldMetadata<ContactFields[]>
}) {
  const rows = contacts.getFieldList()
  const box = useRef<HTMLDivElement>(null)
  // The row to focus once a row is added (the new one) or removed (the one now in its place).
  const focusRow = useRef<number | null>(null)
  // A row added or removed moves the focus on purpose: to that row's first
  // field (else to Add), rather than leaving it on the page's body with the
  // button that had it gone.
  useEffect(() => {
    const index = focusRow.current
    focusRow.current = null
    if (index === null || !box.current) return
    const shown = box.current.querySelectorAll(':scope > ol > li')
    const row = shown[Math.min(index, shown.length - 1)]
    ;(row?.querySelector<HTMLElement>('input') ?? box.current.querySelector<HTMLElement>('[data-add-contact]'))?.focus()
  }, [rows.length])
  return (
    <div ref={box} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">At least one emergency contact is needed to complete the registration.</p>
      {rows.length === 0 ? <p className="rounded-md bg-slate-50 p-3 text-sm">No emergency contacts added yet.</p> : null}
      <ol className="flex flex-col gap-4">
        {rows.map((row, index) => {
          const contact = row.getFieldset()
          return (
            <li key={row.key}>
              <fieldset className="grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-4 md:grid-cols-2">
                <legend className="px-1 text-sm font-semibold">Emergency contact {index + 1}</legend>
                <Field labelProps={{ children: 'Name' }} inputProps={getInputProps(contact.name, { type: 'text' })} errors={contact.name.errors} />
                <Field labelProps={{ children: 'Relationship' }} inputProps={getInputProps(contact.relationship, { type: 'text' })} errors={contact.relationship.errors} />
                <Field labelProps={{ children: 'Phone' }} inputProps={getInputProps(contact.phone, { type: 'tel' })} errors={contact.phone.errors} />
                <Field labelProps={{ children: 'Email' }} inputProps={getInputProps(contact.email, { type: 'email' })} errors={contact.email.errors} />
                <div className="md:col-span-2">
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    {...form.remove.getButtonProps({ name: contacts.name, index })}
                    onClick={() => (focusRow.current = index)}
                  >
                    Remove contact {index + 1}
                  </Button>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      <FormErrors id={contacts.errorId} errors={contacts.errors} />
      {rows.length < MAX_EMERGENCY_CONTACTS ? (
        <div>
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            data-add-contact=""
            {...form.insert.getButtonProps({ name: contacts.name, defaultValue: {} })}
            onClick={() => (focusRow.current = rows.length)}
          >
            Add emergency contact
          </Button>
        </div>
      ) : null}
    </div>
  )
}
