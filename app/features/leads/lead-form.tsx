import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Field, FormActions, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { LEAD_SOURCES, LEAD_STATUSES } from '~/features/leads/options'
import type { leadSchema } from '~/features/leads/schema'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { titleCase } from '~/lib/misc'

type LeadDefaults = Partial<Record<keyof typeof leadSchema.shape, string | null>>

const sectionClass = 'grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-4 md:grid-cols-2'
const legendClass = 'px-1 text-sm font-semibold text-slate-900'

/** Add and edit share this form (four sections, the spec's fields and rules). */
export function LeadForm({
  id = 'lead-form',
  lead,
  rules,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  id?: string
  lead?: LeadDefaults
  /** formRules(leadSchema), from the loader. */
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  submitLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<LeadDefaults>({
    id,
    constraint: constraintsOf(rules),
    defaultValue: { status: 'new', ...lead },
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules<LeadDefaults>(rules),
  })
  const busy = navigation.state === 'submitting'
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Personal Information</legend>
        <Field labelProps={{ children: 'First Name' }} inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstName.errors} />
        <Field labelProps={{ children: 'Last Name' }} inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastName.errors} />
        <Field labelProps={{ children: 'Email' }} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
        <Field labelProps={{ children: 'Phone' }} inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }} errors={fields.phone.errors} />
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Address Information</legend>
        <Field className="md:col-span-2" labelProps={{ children: 'Address' }} inputProps={{ ...getInputProps(fields.address, { type: 'text' }), autoComplete: 'street-address' }} errors={fields.address.errors} />
        <Field labelProps={{ children: 'City' }} inputProps={{ ...getInputProps(fields.city, { type: 'text' }), autoComplete: 'address-level2' }} errors={fields.city.errors} />
        <div className="grid grid-cols-2 gap-4">
          <Field labelProps={{ children: 'State' }} inputProps={{ ...getInputProps(fields.state, { type: 'text' }), maxLength: 2, autoComplete: 'address-level1' }} errors={fields.state.errors} />
          <Field labelProps={{ children: 'ZIP Code' }} inputProps={{ ...getInputProps(fields.zipCode, { type: 'text' }), inputMode: 'numeric', autoComplete: 'postal-code' }} errors={fields.zipCode.errors} />
        </div>
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Lead Details</legend>
        <SelectField
          labelProps={{ children: 'Status' }}
          selectProps={getSelectProps(fields.status)}
          options={LEAD_STATUSES.map((status) => ({ value: status, label: titleCase(status) }))}
          errors={fields.status.errors}
        />
        <SelectField
          labelProps={{ children: 'Source' }}
          selectProps={getSelectProps(fields.source)}
          options={[{ value: '', label: 'Not specified' }, ...LEAD_SOURCES]}
          errors={fields.source.errors}
        />
        <Field className="md:col-span-2" labelProps={{ children: 'Assigned To' }} inputProps={getInputProps(fields.assignedTo, { type: 'text' })} errors={fields.assignedTo.errors} />
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Additional Notes</legend>
        <TextareaField className="md:col-span-2" labelProps={{ children: 'Notes' }} textareaProps={{ ...getTextareaProps(fields.notes), rows: 4 }} errors={fields.notes.errors} />
      </fieldset>
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busy={busy} />
    </Form>
  )
}
