import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormErrors, SelectField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { testGoformzConnection, updateGoformzSettings } from '~/features/esign/goformz-settings.server'
import {
  CONNECTION_FAILED_TITLE,
  CONNECTION_STATUS_LABELS,
  CONNECTION_SUCCESS_TITLE,
  CONNECTION_TEST_FAILED_TITLE,
  GOFORMZ_ASSIGNEE_TYPES,
  GOFORMZ_EXPIRY_DAYS_MAX,
  GOFORMZ_EXPIRY_DAYS_MIN,
  GOFORMZ_MISSING_FIELDS_DESCRIPTION,
  GOFORMZ_MISSING_FIELDS_MESSAGE,
  GOFORMZ_MISSING_FIELDS_TITLE,
  SAVE_FAILED_TITLE,
  SETTINGS_SAVED_TITLE,
} from '~/integrations/goformz/options'
import {
  type GoformzSettingsFormInput,
  goformzSettingsFormSchema,
  goformzTestSchema,
} from '~/integrations/goformz/settings-schema.server'
import { getGoformzSettingsView } from '~/integrations/goformz/settings.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import { formRules } from '~/lib/form-rules.server'
import { parseWithZod } from '~/lib/form-input.server'
import { formatDateTime } from '~/lib/time'
import { cn } from '~/lib/misc'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useTimeZone } from '~/platform/auth/user'
import { formFailure } from '~/platform/http/errors.server'
import { createToastHeaders, redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'GoFormz | Settings | Healthcare Portal' }]

const PATH = '/settings/goformz'
const SECRET_FIELDS = ['apiKey', 'apiSecret']

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'integrations:manage')
  const settings = await getGoformzSettingsView()
  return json({ settings, rules: formRules(goformzSettingsFormSchema(settings)) })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'integrations:manage')
  const actor = userActor(request, user)
  const formData = await request.formData()

  if (formData.get('intent') === 'test') {
    const submission = parseWithZod(formData, { schema: goformzTestSchema })
    if (submission.status !== 'success') return json(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 })
    try {
      const result = await testGoformzConnection(submission.value, actor)
      return result.success
        ? redirectWithToast(PATH, { title: CONNECTION_SUCCESS_TITLE, description: result.message })
        : redirectWithToast(PATH, { type: 'destructive', title: CONNECTION_FAILED_TITLE, description: `${result.message}. ${result.error}` })
    } catch (error) {
      return formFailure(error, submission, 'The connection could not be tested', { hideFields: SECRET_FIELDS, title: CONNECTION_TEST_FAILED_TITLE })
    }
  }

  const saved = await getGoformzSettingsView()
  const submission = parseWithZod(formData, { schema: goformzSettingsFormSchema(saved) })
  if (submission.status !== 'success') {
    const missing = submission.error?.['']?.includes(GOFORMZ_MISSING_FIELDS_MESSAGE)
    const headers = missing
      ? await createToastHeaders({ type: 'destructive', title: GOFORMZ_MISSING_FIELDS_TITLE, description: GOFORMZ_MISSING_FIELDS_DESCRIPTION })
      : undefined
    return json(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400, headers })
  }
  const { intent: _intent, ...change } = submission.value
  try {
    await updateGoformzSettings(change, actor)
  } catch (error) {
    return formFailure(error, submission, 'The GoFormz settings could not be saved', { hideFields: SECRET_FIELDS, title: SAVE_FAILED_TITLE })
  }
  return redirectWithToast(PATH, { title: SETTINGS_SAVED_TITLE })
}

const BADGE_COLOURS = {
  connected: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  unknown: 'bg-slate-200 text-slate-800',
} as const

export default function GoformzSettings() {
  const { settings, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const timeZone = useTimeZone()
  const [form, fields] = useForm<GoformzSettingsFormInput>({
    id: 'goformz-settings',
    constraint: constraintsOf(rules),
    defaultValue: {
      accountName: settings.accountName,
      baseUrl: settings.baseUrl,
      oauthUrl: settings.oauthUrl,
      defaultExpiryDays: String(settings.defaultExpiryDays),
      assigneeType: settings.assigneeType ?? 'User',
      assigneeId: settings.assigneeId,
      isActive: settings.isActive ? 'on' : undefined,
      enableEmailNotifications: settings.enableEmailNotifications ? 'on' : undefined,
      enableESignatureReminders: settings.enableESignatureReminders ? 'on' : undefined,
    },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules<GoformzSettingsFormInput>(rules),
  })
  const busy = navigation.state === 'submitting'
  // A key and a secret to try: typed here or saved before.
  const canTest = Boolean((fields.apiKey.value || settings.hasApiKey) && (fields.apiSecret.value || settings.hasApiSecret))
  const savedPlaceholder = 'Saved — leave blank to keep it'
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section aria-labelledby="goformz-heading" className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2">
        <h2 id="goformz-heading" className="text-lg font-semibold">
          GoFormz
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Send lead documents for e-signature as GoFormz forms. The API key and secret are stored encrypted and never
          shown again.
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-6" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 font-semibold">API Configuration</legend>
            <Field labelProps={{ children: 'Account Name' }} inputProps={getInputProps(fields.accountName, { type: 'text' })} errors={fields.accountName.errors} />
            <Field
              labelProps={{ children: 'API Key' }}
              inputProps={{ ...getInputProps(fields.apiKey, { type: 'password' }), autoComplete: 'off', placeholder: settings.hasApiKey ? savedPlaceholder : '' }}
              help={settings.hasApiKey ? 'A key is saved. Enter a new one only to replace it.' : 'The client id of your GoFormz API credentials.'}
              errors={fields.apiKey.errors}
            />
            <Field
              labelProps={{ children: 'API Secret' }}
              inputProps={{ ...getInputProps(fields.apiSecret, { type: 'password' }), autoComplete: 'off', placeholder: settings.hasApiSecret ? savedPlaceholder : '' }}
              help={settings.hasApiSecret ? 'A secret is saved. Enter a new one only to replace it.' : 'The client secret of the same credentials.'}
              errors={fields.apiSecret.errors}
            />
            <Field labelProps={{ children: 'Base URL' }} inputProps={getInputProps(fields.baseUrl, { type: 'url' })} errors={fields.baseUrl.errors} />
            <Field labelProps={{ children: 'OAuth Token URL' }} inputProps={getInputProps(fields.oauthUrl, { type: 'url' })} errors={fields.oauthUrl.errors} />
            <CheckboxField labelProps={{ children: 'Active' }} inputProps={getInputProps(fields.isActive, { type: 'checkbox' })} errors={fields.isActive.errors} />
          </fieldset>
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 font-semibold">Form Settings</legend>
            <Field
              labelProps={{ children: 'Default Expiry (Days)' }}
              inputProps={{ ...getInputProps(fields.defaultExpiryDays, { type: 'number' }), min: GOFORMZ_EXPIRY_DAYS_MIN, max: GOFORMZ_EXPIRY_DAYS_MAX, step: 1 }}
              help={`From ${GOFORMZ_EXPIRY_DAYS_MIN} to ${GOFORMZ_EXPIRY_DAYS_MAX} days.`}
              errors={fields.defaultExpiryDays.errors}
            />
            <CheckboxField
              labelProps={{ children: 'Email Notifications' }}
              inputProps={getInputProps(fields.enableEmailNotifications, { type: 'checkbox' })}
              errors={fields.enableEmailNotifications.errors}
            />
            <CheckboxField
              labelProps={{ children: 'E-Signature Reminders' }}
              inputProps={getInputProps(fields.enableESignatureReminders, { type: 'checkbox' })}
              errors={fields.enableESignatureReminders.errors}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <SelectField labelProps={{ children: 'Assign Forms To' }} selectProps={getSelectProps(fields.assigneeType)} options={GOFORMZ_ASSIGNEE_TYPES} errors={fields.assigneeType.errors} />
              <Field
                className="sm:col-span-2"
                labelProps={{ children: 'GoFormz User or Group ID' }}
                inputProps={getInputProps(fields.assigneeId, { type: 'text' })}
                help="GoFormz does not e-mail people outside your account: forms are assigned to this user or group, who completes them with the signer."
                errors={fields.assigneeId.errors}
              />
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="test" variant="secondary" formNoValidate disabled={busy || !canTest}>
              Test Connection
            </Button>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              Save Settings
            </Button>
          </div>
        </Form>
      </section>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="goformz-status-heading" className="rounded-lg border border-slate-200 bg-white p-5">
          <h3 id="goformz-status-heading" className="font-semibold">
            Connection Status
          </h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', BADGE_COLOURS[settings.connectionStatus])}>
                {CONNECTION_STATUS_LABELS[settings.connectionStatus]}
              </span>
            </dd>
            <dt className="text-slate-600">Last connected</dt>
            <dd>{settings.lastConnected ? formatDateTime(settings.lastConnected, timeZone) : 'Never'}</dd>
            <dt className="text-slate-600">Credentials</dt>
            <dd>{settings.hasApiKey && settings.hasApiSecret ? 'Saved' : 'Not saved'}</dd>
          </dl>
          {settings.errorMessage ? (
            <p className="mt-3 text-sm text-red-800">
              <span className="font-medium">Last error:</span> {settings.errorMessage}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="goformz-setup-heading" className="rounded-lg border border-slate-200 bg-white p-5 text-sm">
          <h3 id="goformz-setup-heading" className="font-semibold">
            Setup Instructions
          </h3>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
            <li>In GoFormz, open Settings → API Credentials and create a client for the public API.</li>
            <li>Paste its client id as the API Key and its client secret as the API Secret, with your account name.</li>
            <li>Keep the default Base URL and OAuth Token URL unless GoFormz gave you others.</li>
            <li>Enter the GoFormz user or group that completes the forms you send, then Save Settings.</li>
            <li>Choose Test Connection: the status shows Connected once GoFormz accepts the credentials.</li>
          </ol>
        </section>
      </div>
    </div>
  )
}
