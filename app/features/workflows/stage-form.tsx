import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormActions, FormErrors, SelectField, TextareaField } from '~/components/forms'
import {
  NO_TEMPLATE,
  STAGE_DELAY_MAX,
  STAGE_ORDER_MAX,
  type WorkflowType,
  formatDelay,
  triggerLabel,
  triggersOf,
} from '~/features/workflows/options'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'

export type StageDefaults = {
  name?: string | null
  description?: string | null
  order?: number | null
  delayHours?: number | null
  isActive?: boolean
  emailTemplateId?: string | null
  trigger?: string | null
}

export type TemplateChoice = { id: string; name: string; isActive: boolean }

/** New and edit share this form. Works without JavaScript; an unchecked box is submitted as absent (false). */
export function StageForm({
  id = 'workflow-stage-form',
  type,
  stage,
  defaultOrder,
  templates,
  rules,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  id?: string
  type: WorkflowType
  stage?: StageDefaults
  /** For a new stage: after the existing ones. */
  defaultOrder: number
  templates: readonly TemplateChoice[]
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  submitLabel: string
}) {
  const navigation = useNavigation()
  const triggers = triggersOf(type)
  const [form, fields] = useForm({
    id,
    constraint: constraintsOf(rules),
    defaultValue: {
      type,
      name: stage?.name ?? '',
      description: stage?.description ?? '',
      order: String(stage?.order ?? defaultOrder),
      delayHours: String(stage?.delayHours ?? 0),
      isActive: (stage?.isActive ?? true) ? 'on' : undefined,
      emailTemplateId: stage?.emailTemplateId ?? NO_TEMPLATE,
      trigger: stage?.trigger ?? triggers[0],
    },
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules(rules),
  })
  const delay = Number(fields.delayHours.value ?? stage?.delayHours ?? 0)
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input {...getInputProps(fields.type, { type: 'hidden' })} />
      <Field
        labelProps={{ children: 'Stage name' }}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
        errors={fields.name.errors}
      />
      <TextareaField
        labelProps={{ children: 'Description (optional)' }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
        errors={fields.description.errors}
      />
      <SelectField
        labelProps={{ children: 'Trigger' }}
        selectProps={getSelectProps(fields.trigger)}
        options={triggers.map((trigger) => ({ value: trigger, label: triggerLabel(trigger) }))}
        errors={fields.trigger.errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Order' }}
          inputProps={{ ...getInputProps(fields.order, { type: 'number' }), min: 1, max: STAGE_ORDER_MAX, step: 1 }}
          errors={fields.order.errors}
        />
        <Field
          labelProps={{ children: 'Delay (hours)' }}
          inputProps={{
            ...getInputProps(fields.delayHours, { type: 'number', ariaDescribedBy: `${fields.delayHours.id}-help` }),
            min: 0,
            max: STAGE_DELAY_MAX,
            step: 1,
          }}
          help={`After the trigger. ${Number.isInteger(delay) && delay >= 0 ? `Shown as: ${formatDelay(delay)}.` : ''} 0 runs it at once.`}
          errors={fields.delayHours.errors}
        />
      </div>
      <SelectField
        labelProps={{ children: 'E-mail template' }}
        selectProps={getSelectProps(fields.emailTemplateId)}
        options={[
          { value: NO_TEMPLATE, label: 'None' },
          ...templates.map((template) => ({ value: template.id, label: template.isActive ? template.name : `${template.name} (inactive)` })),
        ]}
        errors={fields.emailTemplateId.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Active' }}
        inputProps={getInputProps(fields.isActive, { type: 'checkbox' })}
        errors={fields.isActive.errors}
      />
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busy={navigation.state === 'submitting'} />
    </Form>
  )
}
