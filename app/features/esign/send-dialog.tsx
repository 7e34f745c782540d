import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { Link } from '~/components/link'
import { Field, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import {
  DEFAULT_ESIGN_MESSAGE,
  DEFAULT_EXPIRATION_DAYS,
  EXPIRATION_DAY_OPTIONS,
  NOT_CONNECTED_HINT,
  NO_TEMPLATES_MESSAGE,
  PORTAL_PROVIDER,
  PORTAL_PROVIDER_HINT,
  PROVIDER_LABELS,
  type EsignProvider,
  type SendDialogProvider,
  defaultDocumentTitle,
} from '~/features/esign/options'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { cn } from '~/lib/misc'
import { useHydrated } from '~/lib/use-hydrated'

export type SendDialogData = {
  providers: Array<{ id: SendDialogProvider; label: string; connected: boolean }>
  provider: SendDialogProvider | null
  templates: Array<{ id: string; name: string; hasESignature: boolean }>
  templatesError: string | null
  template: { id: string; name: string; hasESignature: boolean } | null
  goformzAssignment: { type: string; id: string } | null
  /** The library's PDFs, once the Portal is chosen. */
  portalDocuments: Array<{ id: string; name: string }>
}

const EXPIRATION_OPTIONS = EXPIRATION_DAY_OPTIONS.map((days) => ({ value: String(days), label: `${days} days` }))

const cardClassName =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600'

function Badge({ children, tone }: { children: React.ReactNode; tone: 'green' | 'grey' | 'blue' }) {
  const colours = { green: 'bg-green-100 text-green-900', grey: 'bg-slate-200 text-slate-800', blue: 'bg-blue-100 text-blue-900' }
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', colours[tone])}>{children}</span>
}

/** Keeps the page the dialog returns to across the steps' GET forms. */
/** The page's own query (the list's search behind the dialog, or where to return): a GET form keeps only its fields. */
function PageQueryFields({ fields }: { fields: ReadonlyArray<readonly [string, string]> }) {
  return fields.map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />)
}

/**
 * The 'Send E-Signature Request' dialog's body: the recipient, then three
 * steps, each shown once the one before is chosen. Steps 1 and 2 are GET
 * forms, so the choice is in the URL and the server loads what comes next
 * (with JavaScript the choice submits itself; without it, Continue does).
 * Choosing another provider submits only the provider, which clears the
 * template and the details.
 */
export function SendEsignDialogBody({
  recipient,
  data,
  rules,
  portal,
  lastResult,
  closeTo,
  pageQuery,
}: {
  recipient: { name: string; email: string; phone: string }
  data: SendDialogData
  rules: FormRules
  /** The Portal's form rules and the full preparation page (placing fields by hand). */
  portal: { rules: FormRules; prepareHref: string }
  lastResult?: SubmissionResult<string[]> | null
  closeTo: string
  pageQuery: ReadonlyArray<readonly [string, string]>
}) {
  const hydrated = useHydrated()
  const submit = useSubmit()
  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    if (event.currentTarget.form) submit(event.currentTarget.form, { replace: true, preventScrollReset: true })
  }
  const { provider, template } = data
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="esign-recipient" className="rounded-md bg-slate-50 p-3">
        <h3 id="esign-recipient" className="mb-2 text-sm font-semibold">
          Recipient
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Name</dt>
          <dd>{recipient.name}</dd>
          <dt className="text-slate-600">Email</dt>
          <dd className="break-all">{recipient.email}</dd>
          <dt className="text-slate-600">Phone</dt>
          <dd>{recipient.phone}</dd>
        </dl>
      </section>

      <Form method="get" replace preventScrollReset>
        <PageQueryFields fields={pageQuery} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold">Step 1: Select E-Signature Provider</legend>
          {data.providers.map((option) => {
            const hintId = `esign-provider-${option.id}-hint`
            return (
              <label key={option.id} className={cardClassName}>
                <input
                  type="radio"
                  name="provider"
                  value={option.id}
                  defaultChecked={provider === option.id}
                  disabled={!option.connected}
                  aria-describedby={option.connected ? undefined : hintId}
                  onChange={hydrated ? choose : undefined}
                  className="mt-1 h-4 w-4"
                />
                <span className="flex flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{option.label}</span>
                    <Badge tone={option.connected ? 'green' : 'grey'}>{option.connected ? 'Connected' : 'Not Connected'}</Badge>
                  </span>
                  {option.id === PORTAL_PROVIDER ? (
                    <span className="text-xs text-slate-600">{PORTAL_PROVIDER_HINT}</span>
                  ) : option.connected ? null : (
                    <span id={hintId} className="text-xs text-slate-600">
                      {NOT_CONNECTED_HINT}
                    </span>
                  )}
                </span>
              </label>
            )
          })}
        </fieldset>
        {hydrated ? null : (
          <Button type="submit" variant="secondary" size="sm" className="mt-2">
            Continue to templates
          </Button>
        )}
      </Form>

      {provider === PORTAL_PROVIDER ? (
        <PortalStep
          documents={data.portalDocuments}
          recipientName={recipient.name}
          rules={portal.rules}
          prepareHref={portal.prepareHref}
          lastResult={lastResult}
          closeTo={closeTo}
        />
      ) : null}

      {provider && provider !== PORTAL_PROVIDER ? (
        <Form method="get" replace preventScrollReset key={provider}>
          <PageQueryFields fields={pageQuery} />
          <input type="hidden" name="provider" value={provider} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold">Step 2: Select Document Template</legend>
            {data.templatesError ? (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                The templates could not be loaded: {data.templatesError}
              </p>
            ) : data.templates.length === 0 ? (
              <div className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm">
                <p className="font-medium">{NO_TEMPLATES_MESSAGE}</p>
                <p className="mt-1 text-slate-600">Create a template in {PROVIDER_LABELS[provider]} first.</p>
              </div>
            ) : (
              <div className="flex max-h-64 flex-col gap-2 overflow-y-auto">
                {data.templates.map((option) => (
                  <label key={option.id} className={cardClassName}>
                    <input
                      type="radio"
                      name="templateId"
                      value={option.id}
                      defaultChecked={template?.id === option.id}
                      onChange={hydrated ? choose : undefined}
                      className="mt-1 h-4 w-4"
                    />
                    <span className="flex flex-1 flex-wrap items-center justify-between gap-2">
                      <span>{option.name || option.id}</span>
                      {option.hasESignature ? <Badge tone="blue">E-Sign</Badge> : null}
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          {hydrated || data.templates.length === 0 ? null : (
            <Button type="submit" variant="secondary" size="sm" className="mt-2">
              Continue to details
            </Button>
          )}
        </Form>
      ) : null}

      {provider === PORTAL_PROVIDER ? null : provider && template ? (
        <DetailsStep
          key={`${provider}:${template.id}`}
          provider={provider}
          template={template}
          recipientName={recipient.name}
          goformzAssignment={data.goformzAssignment}
          rules={rules}
          lastResult={lastResult}
          closeTo={closeTo}
        />
      ) : (
        <div className="flex justify-end gap-3">
          <Link to={closeTo} preventScrollReset className={buttonClassName('secondary')}>
            Cancel
          </Link>
        </div>
      )}
    </div>
  )
}

type DetailsValues = { provider: string; templateId: string; templateName: string; title: string; expirationDays: string; message: string }

function DetailsStep({
  provider,
  template,
  recipientName,
  goformzAssignment,
  rules,
  lastResult,
  closeTo,
}: {
  provider: EsignProvider
  template: { id: string; name: string }
  recipientName: string
  goformzAssignment: { type: string; id: string } | null
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  closeTo: string
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
  const [form, fields] = useForm<DetailsValues>({
    id: 'esign-send-form',
    constraint: constraintsOf(rules),
    defaultValue: {
      provider,
      templateId: template.id,
      templateName: template.name,
      title: defaultDocumentTitle(provider, recipientName),
      expirationDays: String(DEFAULT_EXPIRATION_DAYS),
      message: DEFAULT_ESIGN_MESSAGE,
    },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules<DetailsValues>(rules),
  })
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">Step 3: Configure Document</legend>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="provider" value={provider} />
        <input type="hidden" name="templateId" value={template.id} />
        <input type="hidden" name="templateName" value={template.name} />
        <Field labelProps={{ children: 'Document Title' }} inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
        <SelectField
          labelProps={{ children: 'Expiration (Days)' }}
          selectProps={getSelectProps(fields.expirationDays)}
          options={EXPIRATION_OPTIONS}
          errors={fields.expirationDays.errors}
        />
        <TextareaField
          labelProps={{ children: 'Custom Message (Optional)' }}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 3 }}
          errors={fields.message.errors}
        />
        {provider === 'goformz' ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            GoFormz does not e-mail people outside your GoFormz account.{' '}
            {goformzAssignment
              ? `The form is assigned to the GoFormz ${goformzAssignment.type.toLowerCase()} '${goformzAssignment.id}', who completes it with ${recipientName}.`
              : `The form is created unassigned in GoFormz: someone on your GoFormz account completes it with ${recipientName}. Choose who in Settings → GoFormz.`}
          </p>
        ) : (
          <p className="text-sm text-slate-600">BoldSign e-mails {recipientName} a link to sign.</p>
        )}
      </fieldset>
      <div className="flex justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={buttonClassName('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </Form>
  )
}

type PortalValues = { provider: string; documentId: string; placement: string; title: string; expirationDays: string; message: string }

const PORTAL_PLACEMENTS = [
  { value: 'signature_page', label: 'Append a signature page', hint: 'A page with a signature, date and printed name block is added at the end.' },
  { value: 'pdf_fields', label: "Use the PDF's own fields", hint: 'For a fillable PDF: the signer fills and signs its own form fields.' },
] as const

/** The Portal chosen: a library PDF, where the signature goes, and the details; the lead signs by link. */
function PortalStep({
  documents,
  recipientName,
  rules,
  prepareHref,
  lastResult,
  closeTo,
}: {
  documents: Array<{ id: string; name: string }>
  recipientName: string
  rules: FormRules
  prepareHref: string
  lastResult?: SubmissionResult<string[]> | null
  closeTo: string
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
  const [form, fields] = useForm<PortalValues>({
    id: 'esign-portal-form',
    constraint: constraintsOf(rules),
    defaultValue: {
      provider: PORTAL_PROVIDER,
      documentId: '',
      placement: 'signature_page',
      title: `Healthcare Document - ${recipientName}`,
      expirationDays: String(DEFAULT_EXPIRATION_DAYS),
      message: DEFAULT_ESIGN_MESSAGE,
    },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules<PortalValues>(rules),
  })
  const placementErrorId = `${fields.placement.id}-error`
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="provider" value={PORTAL_PROVIDER} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">Step 2: Choose the Document</legend>
        {documents.length === 0 ? (
          <div className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm">
            <p className="font-medium">No PDFs in the library</p>
            <p className="mt-1 text-slate-600">
              Upload one in{' '}
              <Link to="/documents" className="text-blue-700 underline">
                Documents
              </Link>{' '}
              or on the{' '}
              <Link to={prepareHref} className="text-blue-700 underline">
                portal signing page
              </Link>
              .
            </p>
            {/* No field to show it beside: sending without a PDF says why here. */}
            <div className="mt-3 text-left">
              <FormErrors id={fields.documentId.errorId} errors={fields.documentId.errors} />
            </div>
          </div>
        ) : (
          <SelectField
            labelProps={{ children: 'PDF from the library' }}
            selectProps={getSelectProps(fields.documentId)}
            options={[{ value: '', label: 'Choose a PDF' }, ...documents.map((document) => ({ value: document.id, label: document.name }))]}
            errors={fields.documentId.errors}
          />
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2" aria-describedby={fields.placement.errors ? placementErrorId : undefined}>
        <legend className="mb-2 text-sm font-semibold">Step 3: Where the Signature Goes</legend>
        {PORTAL_PLACEMENTS.map((option) => (
          <label key={option.value} className={cardClassName}>
            <input
              type="radio"
              name={fields.placement.name}
              value={option.value}
              defaultChecked={fields.placement.initialValue === option.value}
              aria-invalid={fields.placement.errors ? true : undefined}
              className="mt-1 h-4 w-4"
            />
            <span className="flex flex-1 flex-col gap-1">
              <span className="font-medium">{option.label}</span>
              <span className="text-xs text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
        {fields.placement.errors ? (
          <p id={placementErrorId} className="text-sm text-red-700">
            {fields.placement.errors[0]}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          To place signature and other fields on the pages yourself, or to add more signers,{' '}
          <Link to={prepareHref} className="text-blue-700 underline">
            prepare the request on the portal signing page
          </Link>
          .
        </p>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">Step 4: Configure Document</legend>
        <Field labelProps={{ children: 'Document Title' }} inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
        <SelectField
          labelProps={{ children: 'Expiration (Days)' }}
          selectProps={getSelectProps(fields.expirationDays)}
          options={EXPIRATION_OPTIONS}
          errors={fields.expirationDays.errors}
        />
        <TextareaField
          labelProps={{ children: 'Custom Message (Optional)' }}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 3 }}
          errors={fields.message.errors}
        />
        <p className="text-sm text-slate-600">The portal e-mails {recipientName} a link to sign. You can also copy the link from the request's page.</p>
      </fieldset>
      <div className="flex justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={buttonClassName('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy || documents.length === 0}>
          {busy ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </Form>
  )
}
