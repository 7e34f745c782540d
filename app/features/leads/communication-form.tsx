import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Field, FormActions, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { COMMUNICATION_DIRECTIONS, COMMUNICATION_STATUSES, COMMUNICATION_TYPES } from '~/features/leads/communication-options'
import type { communicationSchema } from '~/features/leads/communication-schema'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'

type Defaults = Partial<Record<keyof typeof communicationSchema.shape, string | null>>

export function CommunicationForm({
  communication,
  rules,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  communication?: Defaults
  /** formRules(communicationSchema), from the loader. */
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  submitLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<Defaults>({
    id: 'communication-form',
    constraint: constraintsOf(rules),
    defaultValue: { type: 'note', direction: 'internal', status: 'completed', ...communication },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules<Defaults>(rules),
  })
  const busy = navigation.state === 'submitting'
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField labelProps={{ children: 'Type' }} selectProps={getSelectProps(fields.type)} options={COMMUNICATION_TYPES} errors={fields.type.errors} />
        <SelectField labelProps={{ children: 'Direction' }} selectProps={getSelectProps(fields.direction)} options={COMMUNICATION_DIRECTIONS} errors={fields.direction.errors} />
        <SelectField labelProps={{ children: 'Status' }} selectProps={getSelectProps(fields.status)} options={COMMUNICATION_STATUSES} errors={fields.status.errors} />
      </div>
      <Field labelProps={{ children: 'Subject' }} inputProps={getInputProps(fields.subject, { type: 'text' })} errors={fields.subject.errors} />
      <TextareaField labelProps={{ children: 'Content' }} textareaProps={{ ...getTextareaProps(fields.content), rows: 4 }} errors={fields.content.errors} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field labelProps={{ children: 'Scheduled Date' }} inputProps={getInputProps(fields.scheduledDate, { type: 'datetime-local' })} errors={fields.scheduledDate.errors} />
        <Field labelProps={{ children: 'Completed Date' }} inputProps={getInputProps(fields.completedDate, { type: 'datetime-local' })} errors={fields.completedDate.errors} />
      </div>
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busy={busy} />
    </Form>
  )
}
