import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { ErrorList } from '~/components/error-list'
import { Field, FormActions, FormErrors, TextareaField } from '~/components/forms'
import {
  DOCUMENT_TYPE_REQUIRED_MESSAGE,
  DOCUMENT_TYPE_VALIDATION_TITLE,
  DISPLAY_ORDER_MAX,
  isRequiredSummary,
} from '~/features/document-types/options'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'

export type DocumentTypeDefaults = {
  name?: string | null
  description?: string | null
  ghlTag?: string | null
  isActive?: boolean
  displayOrder?: number | null
}

/** Add and edit share this form. Works without JavaScript; the browser submits an unchecked box as absent (false). */
export function DocumentTypeForm({
  id = 'document-type-form',
  documentType,
  rules,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  id?: string
  documentType?: DocumentTypeDefaults
  /** formRules(documentTypeFormSchema), from the loader. */
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  submitLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id,
    constraint: constraintsOf(rules),
    defaultValue: {
      name: documentType?.name ?? '',
      description: documentType?.description ?? '',
      ghlTag: documentType?.ghlTag ?? '',
      displayOrder: String(documentType?.displayOrder ?? 1),
      isActive: (documentType?.isActive ?? true) ? 'on' : undefined,
    },
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules(rules),
  })
  const busy = navigation.state === 'submitting'
  const formErrors = form.errors ?? []
  const otherErrors = formErrors.filter((error) => error !== DOCUMENT_TYPE_REQUIRED_MESSAGE)
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <div id={form.errorId}>
        {isRequiredSummary(formErrors) ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3">
            <p className="text-sm font-semibold text-red-800">{DOCUMENT_TYPE_VALIDATION_TITLE}</p>
            <ErrorList errors={[DOCUMENT_TYPE_REQUIRED_MESSAGE]} />
          </div>
        ) : null}
        <FormErrors errors={otherErrors} />
      </div>
      <Field
        labelProps={{ children: 'Name' }}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
        errors={fields.name.errors}
      />
      <TextareaField
        labelProps={{ children: 'Description (optional)' }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      <Field
        labelProps={{ children: 'GHL Tag' }}
        inputProps={{ ...getInputProps(fields.ghlTag, { type: 'text', ariaDescribedBy: `${fields.ghlTag.id}-help` }), autoComplete: 'off', spellCheck: false }}
        help="The GoHighLevel tag for this type. Saved in lower case, with spaces turned into hyphens: 'Intake Forms' becomes 'intake-forms'."
        errors={fields.ghlTag.errors}
      />
      <Field
        className="max-w-[12rem]"
        labelProps={{ children: 'Display Order' }}
        inputProps={{ ...getInputProps(fields.displayOrder, { type: 'number', ariaDescribedBy: `${fields.displayOrder.id}-help` }), min: 1, max: DISPLAY_ORDER_MAX, step: 1 }}
        help="Lower numbers come first."
        errors={fields.displayOrder.errors}
      />
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.isActive, { type: 'checkbox' })} className="h-4 w-4" />
          <label htmlFor={fields.isActive.id} className="text-sm font-medium text-slate-800">
            Active
          </label>
        </div>
        <ErrorList id={fields.isActive.errorId} errors={fields.isActive.errors} />
      </div>
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busy={busy} />
    </Form>
  )
}
