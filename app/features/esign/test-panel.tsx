import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useLocation, useNavigation, useSubmit } from '@remix-run/react'
import { Link } from '~/components/link'
import { useState } from 'react'
import { PageFrame } from '~/components/page-header'
import { Field, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import {
  MISSING_INFORMATION_TITLE,
  NO_TEMPLATES_MESSAGE,
  PORTAL_PROVIDER,
  PORTAL_PROVIDER_HINT,
  PROVIDER_LABELS,
  TEST_MISSING_INFORMATION_MESSAGE,
  type EsignProvider,
} from '~/features/esign/options'
import type { SendDialogData } from '~/features/esign/send-dialog'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { cn } from '~/lib/misc'
import { useHydrated } from '~/lib/use-hydrated'
import { useCan } from '~/platform/auth/user'

type TestValues = { provider: string; templateId: string; templateName: string; recipientName: string; recipientEmail: string; message: string }

export const ESIGN_TEST_FORM_ID = 'esign-test-form'

/**
 * The E-Signature Test page, on /esign-test and as the Settings tab: the
 * providers' status, then a test request to a recipient typed here. The
 * provider is chosen with a GET form (its templates are read by the server
 * for the URL's provider); the test itself is a plain POST.
 */
export function EsignTestPanel({
  title,
  level,
  data,
  rules,
  lastResult,
}: {
  title: string
  level: 1 | 2
  data: SendDialogData
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
}) {
  const hydrated = useHydrated()
  const submit = useSubmit()
  const { pathname } = useLocation()
  const navigation = useNavigation()
  // Reading the status again (a provider chosen, a test sent) shows as checking.
  const checking = navigation.state === 'loading' && navigation.location.pathname === pathname
  // The portal's own signing has no templates to test: it is listed, and sent from a lead or the portal signing page.
  const connected = data.providers.filter((provider) => provider.connected && provider.id !== PORTAL_PROVIDER)
  const Heading = level === 1 ? 'h2' : 'h3'
  return (
    <PageFrame title={title} subtitle="Send a test signature request through a connected provider" level={level}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="esign-test-status" aria-busy={checking} className="rounded-lg border border-slate-200 bg-white p-5">
          <Heading id="esign-test-status" className="mb-3 text-lg font-semibold">
            Provider Status
          </Heading>
          <ul className="flex flex-col gap-2">
            {data.providers.map((provider) => (
              <li key={provider.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{provider.label}</span>
                {checking ? (
                  <span className="inline-flex items-center gap-2 text-xs text-slate-600">
                    <span aria-hidden className="h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700" />
                    Checking...
                  </span>
                ) : (
                  <span
                    className={cn(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                      provider.connected ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800',
                    )}
                  >
                    {provider.connected ? 'Connected' : 'Not Connected'}
                  </span>
                )}
                {provider.id === PORTAL_PROVIDER ? (
                  <span className="w-full text-xs text-slate-600">
                    {PORTAL_PROVIDER_HINT}{' '}
                    <Link to="/e-signatures/new-portal" className="text-blue-700 underline">
                      Send a document for signature in the Portal
                    </Link>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-4 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
            <p>
              Configure providers in <Link to="/settings" className="underline">Settings</Link> (GoFormz and BoldSign tabs) to
              enable e-signatures. Only connected providers can be tested.
            </p>
          </div>
        </section>

        <section aria-labelledby="esign-test-configuration" className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2">
          <Heading id="esign-test-configuration" className="mb-3 text-lg font-semibold">
            Test Configuration
          </Heading>
          <Form method="get" replace preventScrollReset className="mb-4 flex flex-wrap items-end gap-3">
            <SelectField
              className="min-w-[14rem] flex-1"
              labelProps={{ children: 'Provider' }}
              selectProps={{
                id: 'esign-test-provider',
                name: 'provider',
                defaultValue: data.provider === PORTAL_PROVIDER ? '' : (data.provider ?? ''),
                onChange: hydrated
                  ? (event) => {
                      if (event.currentTarget.form) submit(event.currentTarget.form, { replace: true, preventScrollReset: true })
                    }
                  : undefined,
              }}
              options={[
                { value: '', label: connected.length ? 'Select a provider' : 'No provider connected' },
                ...connected.map((provider) => ({ value: provider.id, label: provider.label })),
              ]}
            />
            {hydrated ? null : (
              <Button type="submit" variant="secondary">
                Load Templates
              </Button>
            )}
          </Form>
          <TestForm key={data.provider ?? ''} data={data} rules={rules} lastResult={lastResult} />
        </section>
      </div>
    </PageFrame>
  )
}

function TestForm({ data, rules, lastResult }: { data: SendDialogData; rules: FormRules; lastResult?: SubmissionResult<string[]> | null }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  // Sending is a change (a stored request): viewers see the page but cannot send.
  const canSend = useCan('records:write')
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
  const provider: EsignProvider | null = data.provider === PORTAL_PROVIDER ? null : data.provider
  const [form, fields] = useForm<TestValues>({
    id: ESIGN_TEST_FORM_ID,
    constraint: constraintsOf(rules),
    defaultValue: { provider: provider ?? '', templateId: '', templateName: '', recipientName: '', recipientEmail: '', message: '' },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: (context) => {
      const submission = validateWithRules<TestValues>(rules)(context)
      // A missing choice or detail says so above the form too, as the server does.
      if (submission.status !== 'error' || !submission.error) return submission
      const errors = submission.error
      const missing = Object.values(errors).some((messages) => Array.isArray(messages) && messages.includes(TEST_MISSING_INFORMATION_MESSAGE))
      if (missing) errors[''] = [`${MISSING_INFORMATION_TITLE}: ${TEST_MISSING_INFORMATION_MESSAGE}`]
      return submission
    },
  })
  // Kept from a refused post too, so the button reflects what the select shows.
  const [templateId, setTemplateId] = useState(() => (typeof fields.templateId.initialValue === 'string' ? fields.templateId.initialValue : ''))
  const template = data.templates.find((candidate) => candidate.id === templateId)
  // With JavaScript the button waits for a template; without it the server says what is missing.
  const incomplete = !provider || (hydrated && !templateId)
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="provider" value={provider ?? ''} />
      <input type="hidden" name="templateName" value={template?.name ?? ''} />
      {provider && data.templatesError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          The templates could not be loaded: {data.templatesError}
        </p>
      ) : provider && data.templates.length === 0 ? (
        <div className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm">
          <p className="font-medium">{NO_TEMPLATES_MESSAGE}</p>
          <p className="mt-1 text-slate-600">Create a template in {PROVIDER_LABELS[provider]} first.</p>
        </div>
      ) : (
        <SelectField
          labelProps={{ children: 'Template' }}
          selectProps={{
            ...getSelectProps(fields.templateId),
            disabled: !provider,
            onChange: (event) => setTemplateId(event.currentTarget.value),
          }}
          options={[
            { value: '', label: provider ? 'Select a template' : 'Select a provider first' },
            ...data.templates.map((option) => ({ value: option.id, label: option.hasESignature ? `${option.name} (E-Sign)` : option.name })),
          ]}
          errors={fields.templateId.errors}
        />
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field
          labelProps={{ children: 'Test Recipient Name' }}
          inputProps={{ ...getInputProps(fields.recipientName, { type: 'text' }), placeholder: 'Test Recipient', autoComplete: 'off' }}
          errors={fields.recipientName.errors}
        />
        <Field
          labelProps={{ children: 'Test Recipient Email' }}
          inputProps={{ ...getInputProps(fields.recipientEmail, { type: 'email' }), placeholder: 'test@example.com', autoComplete: 'off' }}
          errors={fields.recipientEmail.errors}
        />
      </div>
      <TextareaField
        labelProps={{ children: 'Custom Message' }}
        textareaProps={{ ...getTextareaProps(fields.message), rows: 3, placeholder: 'Please review and sign this test document.' }}
        errors={fields.message.errors}
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {canSend ? null : <p className="text-sm text-slate-600">Your role may look at providers but not send test requests.</p>}
        <Button type="submit" disabled={busy || incomplete || !canSend}>
          {busy ? 'Sending...' : 'Test E-Signature'}
        </Button>
      </div>
    </Form>
  )
}
