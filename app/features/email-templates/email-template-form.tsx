import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useRef, useState } from 'react'
import { CheckboxField, Field, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { useHydrated } from '~/lib/use-hydrated'
import { EmailPreview, type EmailPreviewData } from './email-preview'
import { FORM_TYPE_OPTIONS, TRIGGER_SOURCE_OPTIONS, TRIGGER_STATUS_OPTIONS } from './options'
import { EMAIL_PLACEHOLDERS, PLACEHOLDER_HINTS } from './placeholders'

export type EmailTemplateDefaults = {
  name?: string
  subject?: string
  htmlContent?: string
  formType?: string
  isActive?: boolean
  triggerConditions?: { status?: string; source?: string }
}

const PREVIEW_DELAY_MS = 400

/**
 * Add and edit share this form. Without JavaScript, Preview posts the form
 * (intent=preview) and the page comes back with the server's rendering and
 * what was typed; with it, the preview follows typing through
 * /api/email-templates/preview, and the placeholder hints insert at the cursor.
 */
export function EmailTemplateForm({
  id = 'email-template-form',
  template,
  rules,
  lastResult,
  preview,
  cancelTo,
  submitLabel,
}: {
  id?: string
  template?: EmailTemplateDefaults
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  preview: EmailPreviewData
  cancelTo: string
  submitLabel: string
}) {
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    id,
    constraint: constraintsOf(rules),
    defaultValue: {
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      htmlContent: template?.htmlContent ?? '',
      formType: template?.formType ?? 'intake',
      isActive: template?.isActive ?? true ? 'on' : undefined,
      triggerStatus: template?.triggerConditions?.status ?? '',
      triggerSource: template?.triggerConditions?.source ?? '',
    },
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules(rules),
  })
  const [livePreview, setLivePreview] = useState(preview)
  useEffect(() => setLivePreview(preview), [preview])
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const request = useRef<AbortController>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const lastField = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null)

  function schedulePreview(formElement: HTMLFormElement) {
    clearTimeout(timer.current)
    timer.current = setTimeout(async () => {
      const data = new FormData(formElement)
      request.current?.abort()
      const controller = new AbortController()
      request.current = controller
      try {
        const response = await fetch('/api/email-templates/preview', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ subject: data.get('subject') ?? '', htmlContent: data.get('htmlContent') ?? '' }),
          signal: controller.signal,
        })
        if (response.ok) setLivePreview((await response.json()) as EmailPreviewData)
      } catch {
        // Superseded or offline: the Preview button still works.
      }
    }, PREVIEW_DELAY_MS)
  }

  function insertPlaceholder(name: string) {
    const target = lastField.current ?? (document.getElementById(fields.htmlContent.id) as HTMLTextAreaElement | null)
    if (!target) return
    const token = `{{${name}}}`
    const start = target.selectionStart ?? target.value.length
    const end = target.selectionEnd ?? start
    target.focus()
    target.setRangeText(token, start, end, 'end')
    // React and Conform listen for input events, not value changes.
    target.dispatchEvent(new Event('input', { bubbles: true }))
  }

  const rememberField = (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    lastField.current = event.currentTarget
  }
  const busy = navigation.state === 'submitting'
  const savedSource = template?.triggerConditions?.source
  const sourceOptions =
    savedSource && !TRIGGER_SOURCE_OPTIONS.some((option) => option.value === savedSource)
      ? [...TRIGGER_SOURCE_OPTIONS, { value: savedSource, label: savedSource }]
      : TRIGGER_SOURCE_OPTIONS

  return (
    <div className="flex flex-col gap-6">
      <Form
        method="post"
        className="flex flex-col gap-4"
        {...getFormProps(form)}
        onInput={(event) => schedulePreview(event.currentTarget)}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.name.errors}
        />
        <Field
          labelProps={{ children: 'Subject' }}
          inputProps={{
            ...getInputProps(fields.subject, { type: 'text' }),
            autoComplete: 'off',
            onFocus: rememberField,
          }}
          errors={fields.subject.errors}
        />
        <SelectField
          className="max-w-xs"
          labelProps={{ children: 'Form Type' }}
          selectProps={getSelectProps(fields.formType)}
          options={FORM_TYPE_OPTIONS}
          errors={fields.formType.errors}
        />
        <TextareaField
          labelProps={{ children: 'HTML Content' }}
          textareaProps={{
            ...getTextareaProps(fields.htmlContent, { ariaDescribedBy: 'email-template-placeholders' }),
            rows: 12,
            spellCheck: false,
            className: 'min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm',
            onFocus: rememberField,
          }}
          errors={fields.htmlContent.errors}
        />
        <div id="email-template-placeholders" className="text-sm text-slate-700">
          <p className="font-medium">
            Placeholders (in the subject or the content;{' '}
            {hydrated ? 'choose one to insert it at the cursor' : 'type them as shown'}):
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {EMAIL_PLACEHOLDERS.map((name) => (
              <li key={name}>
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => insertPlaceholder(name)}
                    title={PLACEHOLDER_HINTS[name]}
                    aria-label={`Insert {{${name}}}: ${PLACEHOLDER_HINTS[name]}`}
                    className="inline-flex min-h-8 items-center rounded bg-slate-100 px-2 font-mono text-xs text-slate-800 hover:bg-slate-200 coarse:min-h-11"
                  >
                    {`{{${name}}}`}
                  </button>
                ) : (
                  <code
                    title={PLACEHOLDER_HINTS[name]}
                    className="rounded bg-slate-100 px-2 py-1 font-mono text-xs"
                  >{`{{${name}}}`}</code>
                )}
              </li>
            ))}
          </ul>
        </div>
        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">Trigger conditions: which leads it suits</legend>
          <div className="flex flex-wrap gap-4">
            <SelectField
              labelProps={{ children: 'Lead status' }}
              selectProps={getSelectProps(fields.triggerStatus)}
              options={TRIGGER_STATUS_OPTIONS}
              errors={fields.triggerStatus.errors}
            />
            <SelectField
              labelProps={{ children: 'Lead source' }}
              selectProps={getSelectProps(fields.triggerSource)}
              options={sourceOptions}
              errors={fields.triggerSource.errors}
            />
          </div>
          <p className="text-xs text-slate-600">
            The most specific active template of a type is sent; with neither set it suits any lead.
          </p>
        </fieldset>
        <CheckboxField
          labelProps={{ children: 'Active' }}
          inputProps={getInputProps(fields.isActive, { type: 'checkbox' })}
          errors={fields.isActive.errors}
        />
        {/* Save first: Enter in a field submits with the first button, and that should save. */}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
          <Button type="submit" variant="secondary" name="intent" value="preview" formNoValidate disabled={busy}>
            Preview
          </Button>
          <Link to={cancelTo} preventScrollReset className={buttonClassName('secondary')}>
            Cancel
          </Link>
        </div>
      </Form>
      <section aria-label="Preview">
        <EmailPreview preview={livePreview} title="Preview with sample values (Jane Doe)" />
      </section>
    </div>
  )
}
