import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ComingSoon, PageFrame } from '~/components/page-header'
import { CheckboxField, Field, FormErrors, SelectField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { testJotformConnection, updateJotformSettings } from '~/features/online-forms/jotform-settings.server'
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
  const jotform = userHasPermission(user, 'integrations:manage') ? await getJotformSettingsView() : null
  return json({ jotform, rules: jotform ? formRules(jotformSettingsSchema) : null })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'integrations:manage')
  const actor = userActor(request, user)
  const submission = parseWithZod(await request.formData(), { schema: jotformSettingsSchema })
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
  const { jotform } = useLoaderData<typeof loader>()
  return (
    <PageFrame title="General" level={2}>
      <div className="flex flex-col gap-6">
        {jotform ? <JotformSection /> : null}
        <ComingSoon>More settings are coming soon.</ComingSoon>
      </div>
    </PageFrame>
  )
}

function JotformSection() {
  const { jotform, rules } = useLoaderData<typeof loader>()
  const settings = jotform!
  const lastResult = useActionData<typeof action>()
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
