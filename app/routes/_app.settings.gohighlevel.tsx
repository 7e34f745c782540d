import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FormErrors } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { recordAudit } from '~/platform/audit.server'
import { type GhlSettingsView, getGhlConfig, getGhlSettingsView, saveGhlSettings } from '~/integrations/settings.server'
import { NEW_ADDRESS_TOKEN_MESSAGE, PROVIDER_URL_MESSAGE, isLoopbackUrl, sameProviderUrl } from '~/integrations/settings-options'
import { type GhlSettingsForm, ghlSettingsSchema } from '~/integrations/settings-schema.server'
import { loopbackProvidersAllowed } from '~/integrations/settings.server'
import { getEnv } from '~/platform/env.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { formatDateTime } from '~/lib/time'
import { GhlError, listGhlCalendars } from '~/integrations/gohighlevel/client.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { useTimeZone } from '~/platform/auth/user'
import { CopyField } from '~/components/copy-field'

export const meta: MetaFunction = () => [{ title: 'GoHighLevel | Settings | Healthcare Portal' }]

export const GHL_SETTINGS_LOAD_ERROR = 'The saved GoHighLevel settings could not be read'

/** The three addresses GoHighLevel (and the form providers) deliver to, as shown in the test view. */
function webhookEndpoints(origin: string) {
  return [
    { label: 'Form submissions', url: `${origin}/api/webhook/ghl/form` },
    { label: 'Lead updates', url: `${origin}/api/webhook/ghl/lead-updates` },
    { label: 'Universal forms (per form webhook id)', url: `${origin}/api/webhook/forms/{webhookId}` },
  ]
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'integrations:manage')
  const webhooks = webhookEndpoints(new URL(request.url).origin)
  const rules = formRules(ghlSettingsSchema)
  try {
    return json({ settings: await getGhlSettingsView(), loadError: null, webhooks, rules })
  } catch (error) {
    // The test view says so instead of the page failing (e.g. a token saved under another ENCRYPTION_KEY).
    // The error's own text stays in the server log: it could quote what was being decrypted.
    console.error(error)
    return json({ settings: null, loadError: GHL_SETTINGS_LOAD_ERROR, webhooks, rules })
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'integrations:manage')
  const current = await getGhlSettingsView()
  const submission = await parseWithZod(await request.formData(), {
    schema: ghlSettingsSchema.superRefine((value, ctx) => {
      if (!value.token && !current.hasToken) {
        ctx.addIssue({ code: 'custom', path: ['token'], message: 'Private integration token is required' })
      }
      const baseUrl = value.baseUrl ?? getEnv().GHL_API_BASE_URL
      // The saved token only ever goes where it went before.
      if (!value.token && current.hasToken && !sameProviderUrl(baseUrl, current.baseUrl)) {
        ctx.addIssue({ code: 'custom', path: ['token'], message: NEW_ADDRESS_TOKEN_MESSAGE })
      }
      if (value.baseUrl && isLoopbackUrl(value.baseUrl) && !loopbackProvidersAllowed()) {
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: PROVIDER_URL_MESSAGE })
      }
    }),
  })
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['token'] }), { status: 400 })
  }
  const { intent, ...input } = submission.value
  await saveGhlSettings(input)
  await recordAudit({ actor: userActor(request, user), action: 'update', entityType: 'IntegrationSetting', entityId: 'gohighlevel', details: { tokenChanged: Boolean(input.token) } })
  if (intent === 'save') return redirectWithToast('/settings/gohighlevel', { title: 'Settings Saved' })

  const config = await getGhlConfig()
  const lastTestedAt = new Date().toISOString()
  try {
    if (!config) throw new GhlError('GoHighLevel is switched off or incomplete', false)
    const calendars = await listGhlCalendars(config)
    await saveGhlSettings(input, { connectionStatus: 'connected', lastTestedAt, lastError: null })
    return redirectWithToast('/settings/gohighlevel', {
      title: 'Connection Successful!',
      description: `GoHighLevel answered with ${calendars.length} calendar${calendars.length === 1 ? '' : 's'}.`,
    })
  } catch (error) {
    if (!(error instanceof GhlError)) throw error
    await saveGhlSettings(input, { connectionStatus: 'failed', lastTestedAt, lastError: error.message })
    return redirectWithToast('/settings/gohighlevel', { type: 'destructive', title: 'Connection Failed', description: error.message })
  }
}

const SYNC_STATE_LABELS: Record<GhlSettingsView['syncState'], string> = {
  on: 'On: new and changed leads are sent',
  off: 'Off: switched off here',
  incomplete: 'Not set up: the Location ID or the token is missing',
  not_set_up: 'Not set up',
}

export default function GoHighLevelSettings() {
  const { settings, loadError, webhooks, rules } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      {settings ? <GhlSettingsPanels settings={settings} rules={rules} /> : null}
      <GhlTestView settings={settings} loadError={loadError} webhooks={webhooks} />
    </div>
  )
}

function WebhookEndpoint({ label, url }: { label: string; url: string }) {
  return (
    <li>
      <CopyField label={label} value={url} buttonLabel={`Copy ${label} URL`} />
    </li>
  )
}

/** The spec's minimal test view: what was read, and where GoHighLevel delivers. */
function GhlTestView({
  settings,
  loadError,
  webhooks,
}: {
  settings: Pick<GhlSettingsView, 'source' | 'accountName' | 'locationId' | 'isActive' | 'connectionStatus'> | null
  loadError: string | null
  webhooks: Array<{ label: string; url: string }>
}) {
  const configured = settings !== null && settings.source !== 'none'
  return (
    <section aria-labelledby="ghl-test-view-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h3 id="ghl-test-view-heading" className="font-semibold">
        Test view
      </h3>
      {loadError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Error: {loadError}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-600">Settings count</dt>
        <dd>{configured ? 1 : 0}</dd>
        <dt className="text-slate-600">Loaded</dt>
        <dd>{settings ? 'Yes' : 'No'}</dd>
        <dt className="text-slate-600">Account name</dt>
        <dd>{configured && settings.accountName ? settings.accountName : 'None'}</dd>
        <dt className="text-slate-600">Location ID</dt>
        <dd>{configured && settings.locationId ? settings.locationId : 'None'}</dd>
        <dt className="text-slate-600">Active</dt>
        <dd>{configured ? (settings.isActive ? 'Yes' : 'No') : 'No'}</dd>
        <dt className="text-slate-600">Connection status</dt>
        <dd>{configured ? settings.connectionStatus : 'unknown'}</dd>
      </dl>
      <h4 className="mt-4 text-sm font-semibold">Webhook endpoints</h4>
      <p className="text-sm text-slate-600">Enter these in GoHighLevel; deliveries must be signed by GoHighLevel.</p>
      <ul className="mt-2 flex flex-col gap-3">
        {webhooks.map((webhook) => (
          <WebhookEndpoint key={webhook.label} label={webhook.label} url={webhook.url} />
        ))}
      </ul>
    </section>
  )
}

function GhlSettingsPanels({ settings, rules }: { settings: GhlSettingsView; rules: ReturnType<typeof useLoaderData<typeof loader>>['rules'] }) {
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const timeZone = useTimeZone()
  const [form, fields] = useForm<GhlSettingsForm>({
    id: 'ghl-settings',
    constraint: constraintsOf(rules),
    defaultValue: { ...settings, isActive: settings.isActive ? 'on' : undefined },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules<GhlSettingsForm>(rules),
  })
  const busy = navigation.state === 'submitting'
  return (
    <section aria-labelledby="ghl-heading" className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2">
        <h2 id="ghl-heading" className="text-lg font-semibold">
          GoHighLevel
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          New and changed leads are mirrored to this GoHighLevel location as contacts. The token is stored encrypted and
          is never shown again.
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field labelProps={{ children: 'Account Name' }} inputProps={getInputProps(fields.accountName, { type: 'text' })} errors={fields.accountName.errors} />
          <Field labelProps={{ children: 'Location ID' }} inputProps={getInputProps(fields.locationId, { type: 'text' })} errors={fields.locationId.errors} />
          <Field
            labelProps={{ children: 'Private Integration Token' }}
            inputProps={{ ...getInputProps(fields.token, { type: 'password' }), autoComplete: 'off', placeholder: settings.hasToken ? 'Saved — leave blank to keep it' : '' }}
            help={settings.hasToken ? 'A token is saved. Enter a new one only to replace it.' : 'From GoHighLevel: Settings → Private Integrations.'}
            errors={fields.token.errors}
          />
          <Field labelProps={{ children: 'API Base URL' }} inputProps={getInputProps(fields.baseUrl, { type: 'url' })} errors={fields.baseUrl.errors} />
          <div className="flex items-center gap-2">
            <input {...getInputProps(fields.isActive, { type: 'checkbox' })} className="h-4 w-4" />
            <label htmlFor={fields.isActive.id} className="text-sm">
              Sync leads to GoHighLevel
            </label>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" disabled={busy}>
              Save Settings
            </Button>
            <Button type="submit" name="intent" value="test" variant="secondary" disabled={busy}>
              Save and Test Connection
            </Button>
          </div>
        </Form>
      </div>
      <aside aria-labelledby="ghl-status-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h3 id="ghl-status-heading" className="font-semibold">
          Connection
        </h3>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
          <dt className="text-slate-600">Lead sync</dt>
          <dd>{SYNC_STATE_LABELS[settings.syncState]}</dd>
          {settings.source === 'none' ? null : (
            <>
              <dt className="text-slate-600">Configured in</dt>
              <dd>{settings.source === 'settings' ? 'Settings' : 'Environment'}</dd>
            </>
          )}
          {settings.syncState === 'on' ? (
            <>
              <dt className="text-slate-600">Connection</dt>
              <dd>
                <span
                  className={
                    settings.connectionStatus === 'connected'
                      ? 'font-medium text-green-800'
                      : settings.connectionStatus === 'failed'
                        ? 'font-medium text-red-800'
                        : 'text-slate-700'
                  }
                >
                  {settings.connectionStatus === 'connected' ? 'Connected' : settings.connectionStatus === 'failed' ? 'Not Connected' : 'Not tested yet'}
                </span>
              </dd>
              <dt className="text-slate-600">Last tested</dt>
              <dd>{settings.lastTestedAt ? formatDateTime(settings.lastTestedAt, timeZone) : 'Never'}</dd>
            </>
          ) : null}
        </dl>
        {settings.syncState === 'on' && settings.lastError ? <p className="mt-3 text-sm text-red-800">{settings.lastError}</p> : null}
      </aside>
    </section>
  )
}
