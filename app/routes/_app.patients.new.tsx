import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RegistrationStepForm } from '~/features/patients/patient-registration'
import { RouteDialog } from '~/components/route-dialog'
import { getLead, viewLead } from '~/features/leads/leads.server'
import { isUuid } from '~/lib/ids'
import { createPatient, findPatientForLead } from '~/features/patients/patients.server'
import { REGISTRATION_STEPS, REGISTRATION_STEP_HEADING_ID, registrationStepPath } from '~/features/patients/options'
import { personalInfoSchema } from '~/features/patients/forms.server'
import { dateIn } from '~/lib/time'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { profileAfterSave, registrationLocations } from '~/features/patients/registration.server'
import { formFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'
import type { Actor } from '~/platform/actor'

export const meta: MetaFunction = () => [{ title: 'New Patient Registration | Healthcare Portal' }]

const firstStep = REGISTRATION_STEPS[0]

/**
 * The lead to convert: the lead's page opens this dialog as /leads/:leadId/convert (over the
 * lead's page); /patients/new?leadId= is the same over the list. The form starts with the lead's
 * name, contact and address, so the loader records the view.
 */
async function leadToConvert(request: Request, params: LoaderFunctionArgs['params'], viewer?: Actor) {
  const leadId = params.leadId ?? new URL(request.url).searchParams.get('leadId')
  if (!leadId) return null
  const lead = !isUuid(leadId) ? null : viewer ? await viewLead(leadId, viewer) : await getLead(leadId)
  if (!lead) throw new Response('Lead not found', { status: 404 })
  return lead
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await leadToConvert(request, params, userActor(request, user))
  if (lead) {
    const existing = await findPatientForLead(lead.id)
    if (existing) {
      // Replacing this dialog's entry in the history: Back from the registration does not come here to be sent on again.
      return redirectWithToast(
        `/patients/${existing.id}`,
        { title: 'Already converted', description: 'This lead already has a patient registration.' },
        { headers: { 'X-Remix-Replace': 'true' } },
      )
    }
  }
  const { closeTo } = registrationLocations(request)
  return json({
    lead: lead ? { id: lead.id, name: `${lead.firstName} ${lead.lastName}` } : null,
    closeTo: lead ? `/leads/${lead.id}` : closeTo,
    rules: formRules(`personal-info|${getEnv().AGENCY_TIME_ZONE}`, () => personalInfoSchema(getEnv().AGENCY_TIME_ZONE)),
    today: dateIn(new Date(), getEnv().AGENCY_TIME_ZONE),
    defaultValue: lead
      ? {
          firstName: lead.firstName,
          lastName: lead.lastName,
          email: lead.email,
          phone: lead.phone,
          address: lead.address ?? '',
          city: lead.city ?? '',
          state: lead.state ?? '',
          zipCode: lead.zipCode ?? '',
        }
      : {},
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await leadToConvert(request, params)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: personalInfoSchema(getEnv().AGENCY_TIME_ZONE) })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let patient
  try {
    patient = await createPatient(submission.value, userActor(request, user), { leadId: lead?.id })
  } catch (error) {
    return formFailure(error, submission, 'Failed to register patient')
  }
  const { closeAfterSave, stepAfterSave } = registrationLocations(request)
  // A converted lead's registration goes on over the new patient's profile, where Save and Close leads.
  const next =
    formData.get('intent') === 'close'
      ? lead
        ? profileAfterSave(patient.id)
        : closeAfterSave(patient.id)
      : lead
        ? `${registrationStepPath(patient.id, REGISTRATION_STEPS[1]!.slug, 'profile')}#${REGISTRATION_STEP_HEADING_ID}`
        : stepAfterSave(patient.id, REGISTRATION_STEPS[1]!)
  return redirectWithToast(next, { title: 'Patient registered successfully' })
}

export default function NewPatientRegistration() {
  const { lead, closeTo, defaultValue, rules, today } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title="New Patient Registration" closeTo={closeTo} size="lg">
      {lead ? (
        <p className="mb-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
          Converting lead {lead.name}: saving this step links the registration to the lead and marks the lead converted.
        </p>
      ) : null}
      <RegistrationStepForm
        step={firstStep}
        rules={rules}
        defaultValue={defaultValue}
        lastResult={lastResult}
        cancelTo={closeTo}
        today={today}
        completedSteps={[]}
        canChangeStep={false}
      />
    </RouteDialog>
  )
}
