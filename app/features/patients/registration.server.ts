import { parseWithZod } from '~/lib/form-input'
import { json, redirect } from '@remix-run/node'
import { type PatientRecord, saveRegistrationStep } from '~/features/patients/patients.server'
import { fromDateColumn } from '~/lib/date-column'
import {
  REGISTRATION_STATUS_HEADING_ID,
  REGISTRATION_STEPS,
  REGISTRATION_STEP_HEADING_ID,
  type RegistrationStep,
  nextStep,
  stepLeftBlank,
  stepOfIntent,
  stepSchemas,
} from '~/features/patients/schema'
import { registrationStepPath } from '~/features/patients/options'
import { userActor } from '~/platform/auth/actor.server'
import { getEnv } from '~/platform/env.server'
import { dialogExitPath, pageBehindDialog } from '~/platform/http/request.server'
import { formFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

/**
 * Where the registration dialog came from and goes back to. Over the list,
 * the list's query (search, filters, page) rides along in the URL so closing
 * returns to the same list; over the profile, to the profile. `redirectTo`
 * overrides either. The next step opens over the same page.
 */
export function registrationLocations(request: Request, patientId?: string) {
  const url = new URL(request.url)
  const params = new URLSearchParams(url.search)
  params.delete('leadId')
  const search = params.toString() ? `?${params}` : ''
  const over = patientId && pageBehindDialog(request, '/patients', `/patients/${patientId}`) !== '/patients' ? 'profile' : 'list'
  const closeTo = dialogExitPath(params, over === 'profile' ? `/patients/${patientId}` : '/patients')
  const stepPath = (id: string, step: RegistrationStep) => `${registrationStepPath(id, step.slug, over)}${search}`
  return {
    search,
    closeTo,
    stepPath,
    /** After a save: the step opened next, at its heading. */
    stepAfterSave: (id: string, step: RegistrationStep) => `${stepPath(id, step)}#${REGISTRATION_STEP_HEADING_ID}`,
    /** After a save that closes the dialog: the profile lands on its status; a list as it was. */
    closeAfterSave: (id: string) => (closeTo === `/patients/${id}` ? profileAfterSave(id) : closeTo),
  }
}

/** The profile at its registration status, where a submission or an approval leaves the user. */
export function profileAfterSave(patientId: string) {
  return `/patients/${patientId}#${REGISTRATION_STATUS_HEADING_ID}`
}

/** A step may be opened once saved, or when it is the next one to fill in: steps are not skipped. */
export function canOpenStep(patient: { completedSteps: readonly string[] }, step: RegistrationStep) {
  return patient.completedSteps.includes(step.key) || nextStep(patient.completedSteps)?.key === step.key
}

/** The stored values of a step, as the step's form fields. */
export function stepDefaults(patient: PatientRecord, step: RegistrationStep): Record<string, unknown> {
  switch (step.key) {
    case 'personal':
      return {
        firstName: patient.firstName,
        lastName: patient.lastName,
        dateOfBirth: fromDateColumn(patient.dateOfBirth),
        gender: patient.gender,
        phone: patient.phone,
        email: patient.email ?? '',
        address: patient.address ?? '',
        city: patient.city ?? '',
        state: patient.state ?? '',
        zipCode: patient.zipCode ?? '',
      }
    case 'medical':
      return (patient.medicalHistory as Record<string, unknown> | null) ?? {}
    case 'insurance':
      return (patient.insuranceInfo as Record<string, unknown> | null) ?? {}
    case 'contacts': {
      const contacts = Array.isArray(patient.emergencyContacts) ? patient.emergencyContacts : []
      // An empty row to start with, so the first contact needs no extra click.
      return { contacts: contacts.length > 0 ? contacts : [{}] }
    }
    case 'preferences':
      return (patient.carePreferences as Record<string, unknown> | null) ?? {}
  }
}

/** Back, Save and Close, Next, or one of the progress's steps (`step:<slug>`). */
type StepIntent = 'back' | 'close' | 'next' | { goTo: RegistrationStep }

function stepIntent(formData: FormData): StepIntent {
  const intent = formData.get('intent')
  const target = stepOfIntent(intent)
  if (target) return { goTo: target }
  return intent === 'back' || intent === 'close' ? intent : 'next'
}

/**
 * Saves a submitted step of an existing registration, then goes where the
 * button said: the previous step, the next one, or back out of the dialog.
 * Invalid input comes back with its messages and nothing saved.
 */
export async function handleStepSubmission({
  request,
  patient,
  step,
  userId,
}: {
  request: Request
  patient: PatientRecord
  step: RegistrationStep
  userId: string
}) {
  const formData = await request.formData()
  const { closeAfterSave, stepAfterSave } = registrationLocations(request, patient.id)
  const index = REGISTRATION_STEPS.indexOf(step)
  const intent = stepIntent(formData)
  const previous = index > 0 ? REGISTRATION_STEPS[index - 1] : undefined
  // Where Back or a step of the progress leads (a step not yet open to the user leads to the next one to fill in).
  const leavingTo = (completedSteps: readonly string[]) => {
    const target = intent === 'back' ? previous : typeof intent === 'object' ? intent.goTo : undefined
    if (!target) return undefined
    return canOpenStep({ completedSteps }, target) ? target : (nextStep(completedSteps) ?? target)
  }
  // Leaving a step never saved and left empty only goes: saving it would mark
  // an untouched step done, and validating it would block the way.
  const unsavedLeaving = leavingTo(patient.completedSteps)
  if (unsavedLeaving && !patient.completedSteps.includes(step.key) && stepLeftBlank(formData)) {
    return redirect(stepAfterSave(patient.id, unsavedLeaving))
  }
  const submission = parseWithZod(formData, { schema: stepSchemas(getEnv().AGENCY_TIME_ZONE)[step.key] })
  // Adding or removing a contact row (without JavaScript) is a round trip, not a save.
  if (submission.status === undefined) return json(submission.reply())
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let saved
  try {
    saved = await saveRegistrationStep(patient.id, step.key, submission.value as never, userActor(request, { id: userId }))
  } catch (error) {
    return formFailure(error, submission, 'Failed to update patient')
  }
  const leaving = leavingTo(saved.completedSteps)
  if (leaving) return redirect(stepAfterSave(saved.id, leaving))
  if (intent === 'next' && index < REGISTRATION_STEPS.length - 1) {
    return redirect(stepAfterSave(saved.id, REGISTRATION_STEPS[index + 1]!))
  }
  if (intent === 'next') {
    // The last step: the registration goes to review on the profile.
    const remaining = nextStep(saved.completedSteps)
    return redirectWithToast(
      remaining ? stepAfterSave(saved.id, remaining) : profileAfterSave(saved.id),
      {
        title: 'Patient updated successfully',
        description: remaining
          ? `Complete the ${remaining.label} step to finish the registration.`
          : saved.registrationStatus === 'pending-review'
            ? 'The registration is ready for review.'
            : undefined,
      },
    )
  }
  return redirectWithToast(closeAfterSave(saved.id), { title: 'Patient updated successfully' })
}
