import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ComingSoon, PageFrame } from '~/components/page-header'
import { CheckboxField, Field, FormErrors, SelectField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { testJotformConnection, updateJotformSettings } from '~/features/online-forms/jotform-settings.server'
import { listOutbox, parseOutboxQuery, sendTestEmail, updateEmailSettings } from '~/features/email/settings.server'
import { EMAIL_CHANNEL_OPTIONS, EMAIL_SETTINGS_SAVED, SMTP_TLS_MODES, TEST_EMAIL_FAILED, TEST_EMAIL_QUEUED } from '~/integrations/smtp/options'
import { type EmailSettingsForm, emailSettingsSchema } from '~/integrations/smtp/settings-schema.server'
import { getEmailSettingsView } from '~/integrations/smtp/settings.server'
import { getGhlConfig } from '~/integrations/settings.server'
import {
  JOTFORM_KEY_REMOVED,
  JOTFORM_REGIONS,
  JOTFORM_SETTINGS_SAVED,
} from '~/integrations/jotform/options'
import { type JotformSettingsForm, jotformSettingsSchema } from '~/integrations/jotform/settings-schema.server'
import { getJotformSettingsView } from '~/integrations/jotform/settings.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import { formRules } from '~/lib/form-rules.server'
import { parseWithZod } from '~/lib/form-input.server'
import { cn } from '~/lib/misc'
import { formatDateTime } from '~/lib/time'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userHasPermission } from '~/platform/auth/permissions'
import { useTimeZone } from '~/platform/auth/user'
import { formFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'General | Settings | Healthcare Portal' }]

const PATH = '/settings/general'
const SECRET_FIELDS = ['apiKey']
const REGION_OPTIONS = JOTFORM_REGIONS.map(({ value, label }) => ({ value, label }))

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  // Integrations are the admins' (integrations:manage); everyone else sees the tab without them.
  const admin = userHasPermission(user, 'integrations:manage')
  const jotform = admin ? await getJotformSettingsView() : null
  return json({ jotform, rules: jotform ? formRules(jotformSettingsSchema) : null, email: admin ? await emailSection(request, user) : null })
}

const OUTBOX_PAGE_SIZE = 20

async function emailSection(request: Request, user: Parameters<typeof userActor>[1]) {
  const url = new URL(request.url)
  const status = url.searchParams.get('outboxStatus') ?? ''
  const outbox = await listOutbox(parseOutboxQuery(new URLSearchParams({ status, page: url.searchParams.get('outboxPage') ?? '1' }), OUTBOX_PAGE_SIZE), userActor(request, user), {
    pastTheEnd: 'last-page',
  })
  return {
    settings: await getEmailSettingsView(),
    ghlConnected: Boolean(await getGhlConfig()),
    outbox: {
      status,
      total: outbox.total,
      page: outbox.page,
      pageSize: outbox.pageSize,
      rows: outbox.rows.map((row) => ({
        id: row.id,
        toEmail: row.toEmail,
        subject: row.subject,
        channel: row.channel,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        queuedAt: row.queuedAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    },
  }
}

const EMAIL_SECRET_FIELDS = ['password']

async function emailAction(formData: FormData, actor: ReturnType<typeof userActor>) {
  const submission = parseWithZod(formData, { schema: emailSettingsSchema })
  if (submission.status !== 'success') return json(submission.reply({ hideFields: EMAIL_SECRET_FIELDS }), { status: 400 })
  try {
    await updateEmailSettings(submission.value, actor)
  } catch (error) {
    return formFailure(error, submission, 'The e-mail settings could not be saved', { hideFields: EMAIL_SECRET_FIELDS })
  }
  if (submission.value.intent !== 'email-test') return redirectWithToast(PATH, { title: EMAIL_SETTINGS_SAVED })
  try {
    const result = await sendTestEmail(submission.value.testTo!, actor)
    return result.sent
      ? redirectWithToast(PATH, { title: TEST_EMAIL_QUEUED, description: `Sent to ${submission.value.testTo}` })
      : redirectWithToast(PATH, { type: 'destructive', title: TEST_EMAIL_FAILED, description: result.error ?? undefined })
  } catch (error) {
    return formFailure(error, submission, TEST_EMAIL_FAILED, { hideFields: EMAIL_SECRET_FIELDS })
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'integrations:manage')
  const actor = userActor(request, user)
  const formData = await request.formData()
  if (String(formData.get('intent') ?? '').startsWith('email-')) return emailAction(formData, actor)
  const submission = parseWithZod(formData, { schema: jotformSettingsSchema })
  if (submission.status !== 'success') return json(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 })
  const { intent, apiKey, region, removeKey } = submission.value
  if (intent === 'jotform-test') {
    try {
      const result = await testJotformConnection({ apiKey, region }, actor)
      return result.success
        ? redirectWithToast(PATH, { title: result.message, description: result.username ? `Signed in as ${result.username}` : undefined })
        : redirectWithToast(PATH, { type: 'destructive', title: result.message, description: result.error })
    } catch (error) {
      return formFailure(error, submission, 'The connection could not be tested', { hideFields: SECRET_FIELDS })
    }
  }
  try {
    await updateJotformSettings({ region, apiKey, removeKey }, actor)
  } catch (error) {
    return formFailure(error, submission, 'The Jotform settings could not be saved', { hideFields: SECRET_FIELDS })
  }
  return redirectWithToast(PATH, { title: removeKey && !apiKey ? JOTFORM_KEY_REMOVED : JOTFORM_SETTINGS_SAVED })
}

const BADGE_COLOURS = {
  connected: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  unknown: 'bg-slate-200 text-slate-800',
} as const
const STATUS_LABELS = { connected: 'Connected', failed: 'Failed', unknown: 'Not tested' } as const

export default function GeneralSettings() {
  const { jotform, email } = useLoaderData<typeof loader>()
  return (
    <PageFrame title="General" level={2}>
      <div className="flex flex-col gap-6">
        {jotform ? <JotformSection /> : null}
        {email ? <EmailDeliverySection /> : null}
        {email ? <OutboxSection /> : null}
        <ComingSoon>More settings are coming soon.</ComingSoon>
      </div>
    </PageFrame>
  )
}

function JotformSection() {
  const { jotform, rules } = useLoaderData<typeof loader>()
  const settings = jotform!
  const actionData = useActionData<typeof action>()
  const lastResult = isEmailReply(actionData) ? undefined : actionData
  const navigation = useNavigation()
  const timeZone = useTimeZone()
  const [form, fields] = useForm<JotformSettingsForm>({
    id: 'jotform-settings',
    constraint: rules ? constraintsOf(rules) : undefined,
    defaultValue: { region: settings.region },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: rules ? validateWithRules<JotformSettingsForm>(rules) : undefined,
  })
  const busy = navigation.state === 'submitting'
  return (
    <section aria-labelledby="jotform-heading" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5">
      <h3 id="jotform-heading" className="text-lg font-semibold">
        Jotform
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        The PDF to Jotform Converter creates online forms on your Jotform account and receives their submissions. Without a
        key, forms are hosted by the portal. The API key is stored encrypted and never shown again.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-600">API key</dt>
        <dd>
          {settings.hasSavedKey
            ? 'A key is saved'
            : settings.source === 'environment'
              ? 'Not saved here; the server environment supplies one'
              : 'Not set'}
        </dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', BADGE_COLOURS[settings.connectionStatus])}>
            {STATUS_LABELS[settings.connectionStatus]}
          </span>
          {settings.lastTestedAt ? <span className="ml-2 text-slate-600">tested {formatDateTime(settings.lastTestedAt, timeZone)}</span> : null}
        </dd>
      </dl>
      {settings.errorMessage ? (
        <p className="mt-2 text-sm text-red-800">
          <span className="font-medium">Last error:</span> {settings.errorMessage}
        </p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          labelProps={{ children: 'API Key' }}
          inputProps={{
            ...getInputProps(fields.apiKey, { type: 'password' }),
            autoComplete: 'off',
            placeholder: settings.hasSavedKey ? 'Saved — leave blank to keep it' : '',
          }}
          help={
            settings.hasSavedKey
              ? 'A key is saved. Enter a new one only to replace it.'
              : 'From Jotform: My Account → API → Create New Key (Full Access).'
          }
          errors={fields.apiKey.errors}
        />
        <SelectField
          labelProps={{ children: 'Region' }}
          selectProps={getSelectProps(fields.region)}
          options={REGION_OPTIONS}
          errors={fields.region.errors}
        />
        <p className="-mt-2 text-xs text-slate-600">HIPAA-enabled accounts must use the HIPAA region; EU accounts the Europe region.</p>
        {settings.hasSavedKey ? (
          <CheckboxField
            labelProps={{ children: 'Remove key' }}
            inputProps={getInputProps(fields.removeKey, { type: 'checkbox' })}
            errors={fields.removeKey.errors}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="jotform-test" variant="secondary" formNoValidate disabled={busy}>
            Test connection
          </Button>
          <Button type="submit" name="intent" value="jotform-save" disabled={busy}>
            Save
          </Button>
        </div>
      </Form>
    </section>
  )
}

/** Both sections post here; a reply belongs to the section whose intent it carries. */
function isEmailReply(data: unknown) {
  const intent = (data as { initialValue?: { intent?: unknown } } | undefined)?.initialValue?.intent
  return typeof intent === 'string' && intent.startsWith('email-')
}

function EmailDeliverySection() {
  const { email } = useLoaderData<typeof loader>()
  const { settings, ghlConnected } = email!
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<EmailSettingsForm>({
    id: 'email-settings',
    defaultValue: {
      channel: settings.channel ?? (settings.smtpSource === 'none' && ghlConnected ? 'gohighlevel' : 'smtp'),
      host: settings.host,
      port: settings.port ? String(settings.port) : '',
      tlsMode: settings.tlsMode,
      user: settings.user,
      fromAddress: settings.fromAddress,
      fromName: settings.fromName,
    },
    lastResult: isEmailReply(actionData) ? actionData : undefined,
    shouldValidate: 'onBlur',
  })
  const busy = navigation.state === 'submitting'
  return (
    <section aria-labelledby="email-delivery-heading" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5">
      <h3 id="email-delivery-heading" className="text-lg font-semibold">
        E-mail delivery
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        How the portal sends e-mail (intake-form links, workflow messages). Messages wait in the outbox while the provider is
        unavailable and are retried. The password is stored encrypted and never shown again.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {settings.smtpSource === 'environment'
          ? 'SMTP server: none saved here; the server environment (SMTP_URL) supplies one.'
          : settings.smtpSource === 'settings'
            ? `SMTP server: ${settings.host}`
            : 'SMTP server: not set up.'}{' '}
        GoHighLevel: {ghlConnected ? 'connected' : 'not connected'}.
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField
          labelProps={{ children: 'Send e-mail through' }}
          selectProps={getSelectProps(fields.channel)}
          options={EMAIL_CHANNEL_OPTIONS.map(({ value, label }) => ({ value, label }))}
          errors={fields.channel.errors}
        />
        <fieldset className="flex flex-col gap-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium">SMTP server</legend>
          <Field labelProps={{ children: 'Host' }} inputProps={{ ...getInputProps(fields.host, { type: 'text' }), autoComplete: 'off', placeholder: 'smtp.example.com' }} errors={fields.host.errors} />
          <Field labelProps={{ children: 'Port' }} inputProps={{ ...getInputProps(fields.port, { type: 'number' }), inputMode: 'numeric', placeholder: '587' }} errors={fields.port.errors} />
          <SelectField
            labelProps={{ children: 'Security' }}
            selectProps={getSelectProps(fields.tlsMode)}
            options={SMTP_TLS_MODES.map(({ value, label }) => ({ value, label }))}
            errors={fields.tlsMode.errors}
          />
          <Field labelProps={{ children: 'User name' }} inputProps={{ ...getInputProps(fields.user, { type: 'text' }), autoComplete: 'off' }} errors={fields.user.errors} />
          <Field
            labelProps={{ children: 'Password' }}
            inputProps={{
              ...getInputProps(fields.password, { type: 'password' }),
              autoComplete: 'new-password',
              placeholder: settings.hasPassword ? 'Saved — leave blank to keep it' : '',
            }}
            help={settings.hasPassword ? 'A password is saved. Leave blank to keep it.' : undefined}
            errors={fields.password.errors}
          />
          <Field labelProps={{ children: 'Sender address' }} inputProps={{ ...getInputProps(fields.fromAddress, { type: 'email' }), placeholder: 'care@example.com' }} errors={fields.fromAddress.errors} />
          <Field labelProps={{ children: 'Sender name' }} inputProps={getInputProps(fields.fromName, { type: 'text' })} errors={fields.fromName.errors} />
        </fieldset>
        <Field
          labelProps={{ children: 'Send a test e-mail to' }}
          inputProps={{ ...getInputProps(fields.testTo, { type: 'email' }), autoComplete: 'email' }}
          help="Send test e-mail saves these settings first, then sends through the chosen channel."
          errors={fields.testTo.errors}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="email-test" variant="secondary" disabled={busy}>
            Send test e-mail
          </Button>
          <Button type="submit" name="intent" value="email-save" disabled={busy}>
            Save e-mail settings
          </Button>
        </div>
      </Form>
    </section>
  )
}

const OUTBOX_STATUS_LABELS: Record<string, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' }

function OutboxSection() {
  const { email } = useLoaderData<typeof loader>()
  const { outbox } = email!
  const timeZone = useTimeZone()
  const lastPage = Math.max(1, Math.ceil(outbox.total / outbox.pageSize))
  const pageLink = (page: number) => `?${new URLSearchParams({ ...(outbox.status ? { outboxStatus: outbox.status } : {}), outboxPage: String(page) })}#outbox-heading`
  return (
    <section aria-labelledby="outbox-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h3 id="outbox-heading" className="text-lg font-semibold">
        Outbox
      </h3>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
        <SelectField
          labelProps={{ children: 'Status' }}
          selectProps={{ name: 'outboxStatus', id: 'outbox-status', defaultValue: outbox.status }}
          options={[{ value: '', label: 'All' }, ...Object.entries(OUTBOX_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {outbox.rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No e-mails {outbox.status ? 'with this status' : 'yet'}.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recent outgoing e-mails</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">Queued</th>
                <th scope="col" className="py-2 pr-3">To</th>
                <th scope="col" className="py-2 pr-3">Subject</th>
                <th scope="col" className="py-2 pr-3">Channel</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2">Reason</th>
              </tr>
            </thead>
            <tbody>
              {outbox.rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.queuedAt, timeZone)}</td>
                  <td className="py-2 pr-3 break-all">{row.toEmail}</td>
                  <td className="py-2 pr-3">{row.subject}</td>
                  <td className="py-2 pr-3">{row.channel === 'gohighlevel' ? 'GoHighLevel' : 'SMTP'}</td>
                  <td className="py-2 pr-3">
                    {OUTBOX_STATUS_LABELS[row.status] ?? row.status}
                    {row.attempts > 1 ? <span className="text-slate-600"> ({row.attempts} attempts)</span> : null}
                  </td>
                  <td className="py-2 text-red-800">{row.lastError ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lastPage > 1 ? (
        <nav aria-label="Outbox pages" className="mt-3 flex gap-3 text-sm">
          {outbox.page > 1 ? <a className="coarse:min-h-11 text-blue-700 underline" href={pageLink(outbox.page - 1)}>Previous</a> : null}
          <span>
            Page {outbox.page} of {lastPage}
          </span>
          {outbox.page < lastPage ? <a className="coarse:min-h-11 text-blue-700 underline" href={pageLink(outbox.page + 1)}>Next</a> : null}
        </nav>
      ) : null}
    </section>
  )
}
