import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RegistrationStepForm } from '~/features/patients/patient-registration'
import { RouteDialog } from '~/components/route-dialog'
import { getPatient, recordPatientView } from '~/features/patients/patients.server'
import { REGISTRATION_STEPS, nextStep, stepBySlug } from '~/features/patients/options'
import { stepSchemas } from '~/features/patients/forms.server'
import { formRules } from '~/lib/form-rules.server'
import { dateIn } from '~/lib/time'
import { getEnv } from '~/platform/env.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import {
  canOpenStep,
  handleStepSubmission,
  registrationLocations,
  stepDefaults,
} from '~/features/patients/registration.server'
import { userActor } from '~/platform/auth/actor.server'
import { useFragmentFocus } from '~/lib/use-fragment-focus'

// Titles name the kind of record, never the person: they stay in browser history on shared tablets.
export const meta: MetaFunction = () => [{ title: 'Edit Patient | Healthcare Portal' }]

async function loadStep(params: LoaderFunctionArgs['params']) {
  const patient = await getPatient(params.patientId ?? '')
  if (!patient) throw new Response('Patient not found', { status: 404 })
  const step = stepBySlug(params.step)
  if (!step) throw new Response('No such registration step', { status: 404 })
  return { patient, step }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const { patient, step } = await loadStep(params)
  const { closeTo, stepPath } = registrationLocations(request, patient.id)
  if (!canOpenStep(patient, step)) return redirect(stepPath(patient.id, nextStep(patient.completedSteps) ?? REGISTRATION_STEPS[0]))
  await recordPatientView(patient.id, userActor(request, user))
  return json({
    id: patient.id,
    name: `${patient.firstName} ${patient.lastName}`,
    completedSteps: patient.completedSteps,
    stepSlug: step.slug,
    defaultValue: stepDefaults(patient, step),
    rules: formRules(`registration-step|${step.key}|${getEnv().AGENCY_TIME_ZONE}`, () => stepSchemas(getEnv().AGENCY_TIME_ZONE)[step.key]),
    closeTo,
    today: dateIn(new Date(), getEnv().AGENCY_TIME_ZONE),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const { patient, step } = await loadStep(params)
  if (!canOpenStep(patient, step)) throw new Response('Save the earlier steps first', { status: 409 })
  return handleStepSubmission({ request, patient, step, userId: user.id })
}

export default function EditPatientRegistration() {
  const { id, name, completedSteps, stepSlug, defaultValue, rules, closeTo, today } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const step = stepBySlug(stepSlug)!
  // Each save opens the next step at its heading (#registration-step).
  useFragmentFocus()
  return (
    <RouteDialog title="Edit Patient" closeTo={closeTo} size="lg">
      <p className="-mt-2 mb-4 text-sm text-slate-700">
        {name} · Patient #{id.slice(-8).toUpperCase()}
      </p>
      {/* A new key per step, so the form starts from that step's values. */}
      <RegistrationStepForm
        key={step.key}
        step={step}
        rules={rules}
        defaultValue={defaultValue}
        lastResult={lastResult}
        cancelTo={closeTo}
        today={today}
        completedSteps={completedSteps}
        canChangeStep
      />
    </RouteDialog>
  )
}
