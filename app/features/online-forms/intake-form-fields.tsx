import { ErrorList } from '~/components/error-list'
import { CheckboxField, Field, SelectField } from '~/components/forms'
import { cn } from '~/lib/misc'
import type { FormField } from './form-fields'
import {
  SIGNATURE_CONSENT_INPUT,
  SIGNATURE_CONSENT_TEXT,
  answerInputName,
  hasSignatureField,
  inputAttributesFor,
  isAnswerRequired,
  isMultipleChoice,
} from './intake-rules'

type Errors = Record<string, string[] | null | undefined>
type Values = Record<string, unknown>

function textOf(value: unknown) {
  return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : ''
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
  return typeof value === 'string' ? [value] : []
}

function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="text-red-700" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null
}

/** A group of radios or checkboxes: a fieldset named by its legend, errors below it. */
function ChoiceGroup({ field, index, errors, values }: { field: FormField; index: number; errors?: string[] | null; values: Values }) {
  const name = answerInputName(index)
  const errorId = errors?.length ? `${name}-error` : undefined
  const required = isAnswerRequired(field)
  const multiple = field.type === 'checkbox'
  const chosen = listOf(values[name])
  return (
    <fieldset id={name} tabIndex={-1} aria-describedby={errorId} aria-invalid={errorId ? true : undefined} aria-required={required && !multiple ? true : undefined} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {field.label}
        <RequiredMark required={required} />
      </legend>
      {(field.options ?? []).map((option, optionIndex) => {
        const id = `${name}-${optionIndex}`
        return (
          <div key={option} className="flex min-h-10 items-center gap-3 coarse:min-h-11">
            <input
              id={id}
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option}
              defaultChecked={chosen.includes(option)}
              className="h-5 w-5 shrink-0 border-slate-400 coarse:h-6 coarse:w-6"
            />
            <label htmlFor={id} className="text-sm text-slate-800">
              {option}
            </label>
          </div>
        )
      })}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  )
}

function AnswerField({ field, index, errors, values }: { field: FormField; index: number; errors?: string[] | null; values: Values }) {
  const name = answerInputName(index)
  const required = isAnswerRequired(field)
  const label = (
    <>
      {field.label}
      <RequiredMark required={required} />
    </>
  )
  if (field.type === 'radio' || isMultipleChoice(field)) return <ChoiceGroup field={field} index={index} errors={errors} values={values} />
  if (field.type === 'checkbox') {
    return (
      <CheckboxField
        labelProps={{ children: label }}
        inputProps={{ id: name, name, value: 'on', defaultChecked: textOf(values[name]) !== '', 'aria-required': required || undefined }}
        errors={errors}
      />
    )
  }
  if (field.type === 'dropdown') {
    return (
      <SelectField
        labelProps={{ children: label }}
        selectProps={{ id: name, name, defaultValue: textOf(values[name]), 'aria-required': required || undefined }}
        options={[{ value: '', label: 'Choose…' }, ...(field.options ?? []).map((option) => ({ value: option, label: option }))]}
        errors={errors}
      />
    )
  }
  const attributes = inputAttributesFor(field)
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{ id: name, name, defaultValue: textOf(values[name]), 'aria-required': required || undefined, ...attributes }}
      help={field.type === 'signature' ? 'Type your full name as your signature.' : field.type === 'date' ? 'For example 2024-03-31.' : undefined}
      errors={errors}
    />
  )
}

/**
 * The hosted form's fields by type, with the answers and errors of the last
 * submit (the page works as plain HTML: the server checks and answers).
 */
export function IntakeFormFields({ fields, errors = {}, values = {} }: { fields: readonly FormField[]; errors?: Errors; values?: Values }) {
  return (
    <div className="flex flex-col gap-5">
      {fields.map((field, index) => (
        <AnswerField key={field.name} field={field} index={index} errors={errors[answerInputName(index)]} values={values} />
      ))}
      {hasSignatureField(fields) ? (
        <CheckboxField
          className={cn('rounded-md border border-slate-200 bg-slate-50 p-3')}
          labelProps={{ children: SIGNATURE_CONSENT_TEXT }}
          inputProps={{ id: SIGNATURE_CONSENT_INPUT, name: SIGNATURE_CONSENT_INPUT, value: 'yes', defaultChecked: textOf(values[SIGNATURE_CONSENT_INPUT]) !== '', 'aria-required': true }}
          errors={errors[SIGNATURE_CONSENT_INPUT]}
        />
      ) : null}
    </div>
  )
}

/** The errors of the last submit, in the form's order, each a link to its field. */
export function IntakeErrorSummary({ fields, errors }: { fields: readonly FormField[]; errors: Errors }) {
  const entries = [
    ...fields.map((field, index) => ({ id: answerInputName(index), label: field.label, messages: errors[answerInputName(index)] })),
    { id: SIGNATURE_CONSENT_INPUT, label: 'Electronic signature consent', messages: errors[SIGNATURE_CONSENT_INPUT] },
  ].filter((entry) => entry.messages?.length)
  if (entries.length === 0) return null
  return (
    <div role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
      <p className="font-semibold text-red-800">Please correct {entries.length === 1 ? 'this answer' : `these ${entries.length} answers`}:</p>
      <ul className="mt-1 list-disc pl-5">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className="text-red-800 underline">
              {entry.label}: {entry.messages![0]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
