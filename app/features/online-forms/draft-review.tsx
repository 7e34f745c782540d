import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { ErrorList } from '~/components/error-list'
import { Field } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { cn } from '~/lib/misc'
import { FALLBACK_FIELDS_NOTE, FIELD_TYPE_BADGE_CLASSES } from './converter'
import { FORM_FIELD_TYPE_LABELS, FORM_FIELD_TYPES, type FormField, type FormFieldType } from './form-fields'

export type DraftActionData = { intent: string; fieldName: string | null; result: SubmissionResult<string[]> }

export type ReviewedForm = {
  id: string
  title: string
  sourceFileName: string | null
  fields: FormField[]
  totalPages: number
  fallbackFields: boolean
  status: string
  provider: string
  externalFormId: string | null
  webhookConfigured: boolean
  formUrl: string
  editUrl: string
}

/** A field's element id (the fragment a correction returns to). */
export function fieldAnchor(name: string) {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

export function FieldTypeBadge({ type }: { type: FormFieldType }) {
  return (
    <span data-testid="field-type" className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', FIELD_TYPE_BADGE_CLASSES[type])}>
      {FORM_FIELD_TYPE_LABELS[type]}
    </span>
  )
}

function Counts({ form }: { form: ReviewedForm }) {
  const counts = [
    ['Total fields', form.fields.length],
    ['Required fields', form.fields.filter((field) => field.required).length],
    ['Signature fields', form.fields.filter((field) => field.type === 'signature').length],
    ['Pages', form.totalPages],
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {counts.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-200 bg-slate-50 p-3 text-center">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-2xl font-bold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function RenameForm({ field, rules, lastResult }: { field: FormField; rules: FormRules; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ label: string }>({
    id: `rename-${fieldAnchor(field.name)}`,
    constraint: constraintsOf(rules),
    onValidate: validateWithRules(rules),
    shouldValidate: 'onBlur',
    defaultValue: { label: field.label },
    lastResult,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="fieldName" value={field.name} />
      <Field
        className="min-w-0 flex-1 basis-48"
        labelProps={{ children: 'Label' }}
        inputProps={getInputProps(fields.label, { type: 'text' })}
        errors={fields.label.errors}
      />
      <Button type="submit" variant="secondary" aria-label={`Rename ${field.label}`}>
        Rename
      </Button>
    </Form>
  )
}

function FieldCorrections({
  field,
  index,
  count,
  rules,
  actionData,
}: {
  field: FormField
  index: number
  count: number
  rules: FormRules
  actionData?: DraftActionData | null
}) {
  const mine = actionData?.fieldName === field.name ? actionData : null
  const typeErrors = mine?.intent === 'change-type' ? mine.result.error?.type : undefined
  const otherErrors = mine && mine.intent !== 'rename' ? [...(mine.result.error?.fieldName ?? []), ...(mine.result.error?.[''] ?? [])] : undefined
  const typeSelectId = `type-${fieldAnchor(field.name)}`
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="fieldName" value={field.name} />
    </>
  )
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
      <RenameForm field={field} rules={rules} lastResult={mine?.intent === 'rename' ? mine.result : undefined} />
      <Form method="post" className="flex flex-wrap items-end gap-2">
        {hidden('change-type')}
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <label htmlFor={typeSelectId} className="text-sm font-medium text-slate-800">
            Type
          </label>
          <select
            id={typeSelectId}
            name="type"
            defaultValue={field.type}
            aria-invalid={typeErrors?.length ? true : undefined}
            aria-describedby={typeErrors?.length ? `${typeSelectId}-error` : undefined}
            className="block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm coarse:min-h-11"
          >
            {FORM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {FORM_FIELD_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          <ErrorList id={`${typeSelectId}-error`} errors={typeErrors} />
        </div>
        <Button type="submit" variant="secondary" aria-label={`Change type of ${field.label}`}>
          Change type
        </Button>
      </Form>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          {hidden('toggle-required')}
          <Button type="submit" variant="secondary" size="sm" aria-label={`${field.required ? 'Make optional' : 'Make required'}: ${field.label}`}>
            {field.required ? 'Make optional' : 'Make required'}
          </Button>
        </Form>
        <Form method="post">
          {hidden('move-up')}
          <Button type="submit" variant="secondary" size="sm" disabled={index === 0} aria-label={`Move ${field.label} up`}>
            Move up
          </Button>
        </Form>
        <Form method="post">
          {hidden('move-down')}
          <Button type="submit" variant="secondary" size="sm" disabled={index === count - 1} aria-label={`Move ${field.label} down`}>
            Move down
          </Button>
        </Form>
        <Form method="post">
          {hidden('remove')}
          <Button type="submit" variant="destructive" size="sm" disabled={count === 1} aria-label={`Remove ${field.label}`}>
            Remove
          </Button>
        </Form>
      </div>
      <ErrorList errors={otherErrors} />
    </div>
  )
}

function FieldList({
  form,
  editable,
  rules,
  openField,
  actionData,
}: {
  form: ReviewedForm
  editable: boolean
  rules: FormRules
  openField: string | null
  actionData?: DraftActionData | null
}) {
  return (
    <ol aria-labelledby="fields" className="flex flex-col gap-2">
      {form.fields.map((field, index) => {
        const summary = (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <FieldTypeBadge type={field.type} />
            <span data-testid="field-label" className="font-medium text-slate-900">
              {field.label}
            </span>
            <code className="break-all text-xs text-slate-600">{field.name}</code>
            {field.required ? (
              <span className="inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">Required</span>
            ) : null}
            {field.options?.length ? <span className="text-xs text-slate-600">({field.options.join(', ')})</span> : null}
          </div>
        )
        return (
          <li key={field.name} id={fieldAnchor(field.name)} tabIndex={-1} className="rounded-md border border-slate-200 p-3 outline-none focus:ring-2 focus:ring-blue-600">
            {editable ? (
              <details open={openField === field.name || actionData?.fieldName === field.name}>
                <summary className="summary-button">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    {summary}
                    <span className="text-sm text-blue-800 underline">Correct</span>
                  </span>
                </summary>
                <FieldCorrections field={field} index={index} count={form.fields.length} rules={rules} actionData={actionData} />
              </details>
            ) : (
              summary
            )}
          </li>
        )
      })}
    </ol>
  )
}

function PublishForm({ jotformConfigured, actionData }: { jotformConfigured: boolean; actionData?: DraftActionData | null }) {
  const navigation = useNavigation()
  const publishing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'publish'
  const mine = actionData?.intent === 'publish' ? actionData.result : null
  const errors = [...(mine?.error?.target ?? []), ...(mine?.error?.[''] ?? [])]
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="publish" />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.length ? 'publish-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Create the form on</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="target" value="jotform" disabled={!jotformConfigured} defaultChecked={jotformConfigured} className="mt-1 h-4 w-4" aria-describedby="target-jotform-note" />
          <span>
            <span className={cn('font-medium', !jotformConfigured && 'text-slate-500')}>Jotform</span>
            <span id="target-jotform-note" className="block text-xs text-slate-600">
              {jotformConfigured
                ? 'A Jotform form, with a webhook that brings submissions back to the portal.'
                : 'Not available: no Jotform API key is configured (an administrator can add one in Settings → General).'}
            </span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="target" value="portal" defaultChecked={!jotformConfigured} className="mt-1 h-4 w-4" aria-describedby="target-portal-note" />
          <span>
            <span className="font-medium">Portal-hosted form</span>
            <span id="target-portal-note" className="block text-xs text-slate-600">
              The portal hosts the form itself; answers are stored directly.
            </span>
          </span>
        </label>
      </fieldset>
      {errors.length ? (
        <div id="publish-error" role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Processing failed</p>
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={publishing}>
          {publishing ? 'Creating form...' : 'Create form'}
        </Button>
      </div>
    </Form>
  )
}

/** Step 2 (a draft: review and correct, then create) or step 3 (created: its links). */
export function DraftReview({
  form,
  canWrite,
  jotformConfigured,
  rules,
  openField,
  actionData,
}: {
  form: ReviewedForm
  canWrite: boolean
  jotformConfigured: boolean
  rules: FormRules
  openField: string | null
  actionData?: DraftActionData | null
}) {
  const draft = form.status === 'draft'
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="step-2" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        <div>
          <h2 id="step-2" tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
            Step 2: Extracted Fields
          </h2>
          <p className="text-sm text-slate-600">
            {form.title}
            {form.sourceFileName ? ` · from ${form.sourceFileName}` : ''}
          </p>
        </div>
        <Counts form={form} />
        {form.fallbackFields ? (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {FALLBACK_FIELDS_NOTE}
          </p>
        ) : null}
        <h3 id="fields" tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          Fields
        </h3>
        {draft && canWrite ? (
          <p className="text-sm text-slate-600">Open a field with Correct to rename it, change its type or required flag, move or remove it.</p>
        ) : null}
        <FieldList form={form} editable={draft && canWrite} rules={rules} openField={openField} actionData={actionData} />
        {draft && canWrite ? <PublishForm jotformConfigured={jotformConfigured} actionData={actionData} /> : null}
        <p>
          <Link to={`/pdf-to-form/${form.id}/preview`} className="text-sm text-blue-800 underline">
            Preview as respondents will see it
          </Link>
        </p>
      </section>
      {!draft ? <CreatedForm form={form} /> : null}
    </div>
  )
}

function CreatedForm({ form }: { form: ReviewedForm }) {
  return (
    <section aria-labelledby="step-3" className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 sm:p-5">
      <h2 id="step-3" tabIndex={-1} className="text-lg font-semibold text-green-950 outline-none">
        Step 3: Form Created
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Form ID</dt>
        <dd className="break-all font-mono">{form.externalFormId ?? form.id}</dd>
        <dt className="text-slate-700">Hosted by</dt>
        <dd>{form.provider === 'jotform' ? 'Jotform' : 'The portal'}</dd>
      </dl>
      <p className="text-sm text-green-950">
        {form.webhookConfigured
          ? 'Webhook configured: submissions come back to the portal automatically.'
          : form.provider === 'portal'
            ? 'No webhook needed: the portal stores this form’s submissions directly.'
            : 'The webhook could not be configured: submissions will not come back to the portal.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={form.formUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName('primary')}>
          Open Form<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={form.editUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName('secondary')}>
          Edit<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link to="/pdf-to-form" className={buttonClassName('secondary')}>
          Convert Another PDF
        </Link>
      </div>
    </section>
  )
}
