import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { ErrorList } from '~/components/error-list'
import { Field, FormActions, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { ApplicationProgress } from '~/features/caregivers/caregiver-parts'
import { SPECIALIZATIONS, YEARS_EXPERIENCE_OPTIONS } from '~/features/caregivers/options'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { WEEKDAYS } from '~/lib/time'
import {
  CAREGIVER_FILE_CHECKS,
  CAREGIVER_FILE_PICKERS,
  acceptAttribute,
  computeApplicationProgress,
  fileTypeList,
  progressSourceFromForm,
  progressSourceFromSubmitted,
  type ProgressSource,
} from '~/features/caregivers/rules'
import { titleCase } from '~/lib/misc'

/** Field names and values as the form holds them (the schema's input side). */
type FormShape = {
  fullName: string
  email: string
  phone: string
  licenseNumber: string
  licenseExpiresOn: string
  certificationExpiresOn: string
  yearsExperience: string
  hourlyRate: string
  certifications: string
  specializations: string[]
  availableDays: string[]
  address: string
  city: string
  state: string
  zipCode: string
  licenseFile: File[]
  resumeFile: File[]
  certificationFiles: File[]
  referenceFiles: File[]
}

/** The form's starting values: strings as the inputs hold them, lists for checkboxes. */
export type CaregiverFormDefaults = {
  fullName?: string
  email?: string | null
  phone?: string
  licenseNumber?: string
  licenseExpiresOn?: string | null
  certificationExpiresOn?: string | null
  yearsExperience?: string
  hourlyRate?: number
  certifications?: string[]
  specializations?: string[]
  availableDays?: string[]
  address?: string | null
  city?: string | null
  state?: string | null
  zipCode?: string | null
}

const sectionClass = 'grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-4 md:grid-cols-2'
const legendClass = 'px-1 text-sm font-semibold text-slate-900'
const checkboxClass = 'h-4 w-4 rounded border-slate-400 text-blue-700'

/** The form's starting values, as the inputs hold them (certifications one per line: a name may contain a comma). */
export function toFormDefaults(caregiver: CaregiverFormDefaults | undefined) {
  return {
    yearsExperience: '',
    hourlyRate: '0',
    ...Object.fromEntries(Object.entries(caregiver ?? {}).map(([key, value]) => [key, value ?? ''])),
    ...(caregiver
      ? {
          hourlyRate: String(caregiver.hourlyRate ?? 0),
          certifications: (caregiver.certifications ?? []).join('\n'),
        }
      : {}),
  }
}

/** New and edit share this form: the spec's fields and messages, the four file pickers and a live progress figure. */
export function CaregiverForm({
  id = 'caregiver-form',
  caregiver,
  savedFileKinds = [],
  rules,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  id?: string
  caregiver?: CaregiverFormDefaults
  /** Kinds of the files the application already holds (edit). */
  savedFileKinds?: string[]
  /** formRules(caregiverFormSchema), from the loader. */
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  submitLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<FormShape>({
    id,
    constraint: constraintsOf(rules),
    defaultValue: toFormDefaults(caregiver),
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules<FormShape>(rules, { fields: CAREGIVER_FILE_CHECKS }),
  })
  const initialSource: ProgressSource = {
    ...caregiver,
    hourlyRate: caregiver?.hourlyRate ?? 0,
    fileKinds: savedFileKinds,
  }
  // A refused post comes back with what was typed: without JavaScript this
  // render is a new page, and the figure must count those values, not the
  // ones the form started from.
  const submitted = lastResult?.initialValue
  const [progress, setProgress] = useState(
    () => computeApplicationProgress(submitted ? progressSourceFromSubmitted(submitted, savedFileKinds) : initialSource).percent,
  )
  const busy = navigation.state === 'submitting'

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-4"
      {...getFormProps(form)}
      onChange={(event) => setProgress(computeApplicationProgress(progressSourceFromForm(new FormData(event.currentTarget), savedFileKinds)).percent)}
    >
      <ApplicationProgress percent={progress} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Personal Information</legend>
        <Field className="md:col-span-2" labelProps={{ children: 'Full Name' }} inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name' }} errors={fields.fullName.errors} />
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
        <legend className={legendClass}>Professional Information</legend>
        <Field labelProps={{ children: 'License Number' }} inputProps={getInputProps(fields.licenseNumber, { type: 'text' })} errors={fields.licenseNumber.errors} />
        <Field labelProps={{ children: 'License Expiry Date' }} inputProps={getInputProps(fields.licenseExpiresOn, { type: 'date' })} errors={fields.licenseExpiresOn.errors} />
        <SelectField
          labelProps={{ children: 'Years of Experience' }}
          selectProps={getSelectProps(fields.yearsExperience)}
          options={[{ value: '', label: 'Select experience' }, ...YEARS_EXPERIENCE_OPTIONS]}
          errors={fields.yearsExperience.errors}
        />
        <Field
          labelProps={{ children: 'Hourly Rate ($)' }}
          inputProps={{ ...getInputProps(fields.hourlyRate, { type: 'number' }), step: '0.01', min: 0, inputMode: 'decimal' }}
          errors={fields.hourlyRate.errors}
        />
        <TextareaField
          labelProps={{ children: 'Certifications' }}
          textareaProps={{ ...getTextareaProps(fields.certifications), rows: 3, placeholder: 'One per line, e.g. CPR\nFirst Aid' }}
          errors={fields.certifications.errors}
        />
        <Field
          labelProps={{ children: 'Certification Expiry Date' }}
          inputProps={getInputProps(fields.certificationExpiresOn, { type: 'date' })}
          help="The earliest expiry among the certifications."
          errors={fields.certificationExpiresOn.errors}
        />
      </fieldset>
      <CheckboxGroup
        legend="Specializations"
        field={fields.specializations}
        options={SPECIALIZATIONS.map((value) => ({ value, label: value }))}
      />
      <CheckboxGroup
        legend="Availability"
        field={fields.availableDays}
        options={WEEKDAYS.map((value) => ({ value, label: titleCase(value) }))}
        columns="sm:grid-cols-4"
      />
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Documents</legend>
        <p className="text-xs text-slate-600 md:col-span-2">Up to 10 MB each. {savedFileKinds.length ? 'New files are added to the ones already on file.' : null}</p>
        {CAREGIVER_FILE_PICKERS.map((picker) => (
          <FilePicker key={picker.field} formId={form.id} picker={picker} field={fields[picker.field as 'licenseFile' | 'resumeFile' | 'certificationFiles' | 'referenceFiles']} />
        ))}
      </fieldset>
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busy={busy} busyLabel="Submitting..." />
    </Form>
  )
}

function CheckboxGroup({
  legend,
  field,
  options,
  columns = 'sm:grid-cols-2',
}: {
  legend: string
  field: FieldMetadata<string[]>
  options: Array<{ value: string; label: string }>
  columns?: string
}) {
  const errorId = field.errors?.length ? field.errorId : undefined
  return (
    <fieldset className="rounded-md border border-slate-200 p-4" aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend className={legendClass}>{legend}</legend>
      <div className={`grid grid-cols-1 gap-2 ${columns}`}>
        {getCollectionProps(field, { type: 'checkbox', options: options.map((option) => option.value) }).map((props) => {
          const { key, ...inputProps } = props
          return (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
              <input {...inputProps} className={checkboxClass} />
              {options.find((option) => option.value === props.value)?.label}
            </label>
          )
        })}
      </div>
      <ErrorList id={errorId} errors={field.errors} />
    </fieldset>
  )
}

function FilePicker({
  formId,
  picker,
  field,
}: {
  formId: string
  picker: (typeof CAREGIVER_FILE_PICKERS)[number]
  field: FieldMetadata<unknown>
}) {
  const inputId = `${formId}-${picker.field}`
  const hintId = `${inputId}-hint`
  const errorId = field.errors?.length ? `${inputId}-error` : undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {picker.label}
      </label>
      <input
        id={inputId}
        name={picker.field}
        type="file"
        accept={acceptAttribute(picker.extensions)}
        multiple={picker.maxFiles > 1}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-slate-800"
      />
      <p id={hintId} className="text-xs text-slate-600">
        {fileTypeList(picker.extensions)}
        {picker.maxFiles > 1 ? `, up to ${picker.maxFiles} files` : ''}
      </p>
      <ErrorList id={errorId} errors={field.errors} />
    </div>
  )
}
