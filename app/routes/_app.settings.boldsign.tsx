import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FormErrors, SelectField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { recordAudit } from '~/platform/audit.server'
import { getBoldsignSettingsView, saveBoldsignSettings } from '~/integrations/settings.server'
import { BOLDSIGN_REGIONS, NEW_REGION_KEY_MESSAGE, sameProviderUrl } from '~/integrations/settings-options'
import { type BoldsignSettingsForm, boldsignSettingsSchema } from '~/integrations/settings-schema.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'BoldSign | Settings | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'integrations:manage')
  const webhookUrl = `${new URL(request.url).origin}/api/webhook/boldsign`
  return json({ settings: await getBoldsignSettingsView(), webhookUrl, rules: formRules(boldsignSettingsSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'integrations:manage')
  const current = await getBoldsignSettingsView()
  const submission = parseWithZod(await request.formData(), {
    schema: boldsignSettingsSchema.superRefine((value, ctx) => {
      if (!value.apiKey && !current.hasApiKey) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'API key is required' })
      // The saved key only ever goes to the region it went to before.
      if (!value.apiKey && current.hasApiKey && !sameProviderUrl(value.baseUrl, current.baseUrl)) {
        ctx.addIssue({ code: 'custom', path: ['apiKey'], message: NEW_REGION_KEY_MESSAGE })
      }
    }),
  })
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['apiKey', 'webhookSecret'] }), { status: 400 })
  }
  await saveBoldsignSettings(submission.value)
  await recordAudit({
    actor: userActor(request, user),
    action: 'update',
    entityType: 'IntegrationSetting',
    entityId: 'boldsign',
    details: { apiKeyChanged: Boolean(submission.value.apiKey), webhookSecretChanged: Boolean(submission.value.webhookSecret) },
  })
  return redirectWithToast('/settings/boldsign', { title: 'Settings Saved' })
}

export default function BoldsignSettings() {
  const { settings, webhookUrl, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<BoldsignSettingsForm>({
    id: 'boldsign-settings',
    constraint: constraintsOf(rules),
    defaultValue: { baseUrl: settings.baseUrl, isActive: settings.isActive ? 'on' : undefined },
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules<BoldsignSettingsForm>(rules),
  })
  return (
    <section aria-labelledby="boldsign-heading" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="boldsign-heading" className="text-lg font-semibold">
        BoldSign
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Used to publish library PDFs as BoldSign templates. The API key is stored encrypted and never shown again.{' '}
        {settings.source === 'environment' ? 'A key is currently set in the server environment.' : null}
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          labelProps={{ children: 'API Key' }}
          inputProps={{ ...getInputProps(fields.apiKey, { type: 'password' }), autoComplete: 'off', placeholder: settings.hasApiKey ? 'Saved — leave blank to keep it' : '' }}
          help={settings.hasApiKey ? 'A key is saved. Enter a new one only to replace it.' : 'From BoldSign: API → API Key.'}
          errors={fields.apiKey.errors}
        />
        <Field
          labelProps={{ children: 'Webhook Signing Secret' }}
          inputProps={{ ...getInputProps(fields.webhookSecret, { type: 'password' }), autoComplete: 'off', placeholder: settings.hasWebhookSecret ? 'Saved — leave blank to keep it' : '' }}
          help={
            <>
              In BoldSign, add the webhook URL <code className="break-all">{webhookUrl}</code> for the TemplateCreated and
              TemplateCreateFailed events and paste its signing secret here.
            </>
          }
          errors={fields.webhookSecret.errors}
        />
        <SelectField labelProps={{ children: 'Region' }} selectProps={getSelectProps(fields.baseUrl)} options={BOLDSIGN_REGIONS} errors={fields.baseUrl.errors} />
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.isActive, { type: 'checkbox' })} className="h-4 w-4" />
          <label htmlFor={fields.isActive.id} className="text-sm">
            Use BoldSign
          </label>
        </div>
        <div>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            Save Settings
          </Button>
        </div>
      </Form>
    </section>
  )
}
