import type { FormChecks } from '~/lib/form-rules'
import { isDateString } from '~/lib/time'
import type { StepKey } from '~/features/patients/options'

/**
 * Registration rules that both the server's schemas (schema.ts) and the
 * page's checks compute, with the same messages. No Zod: pages import them.
 */

/** What is wrong with a date of birth, most basic first; `today` is the agency's calendar day. */
export function dateOfBirthProblem(value: string, today: string) {
  if (!value) return 'Date of birth is required'
  if (!isDateString(value)) return 'Enter the date of birth as YYYY-MM-DD'
  if (value < '1900-01-01') return 'Date of birth must be after 1900'
  if (value > today) return 'Date of birth cannot be in the future'
  return null
}

/** A member ID or group number needs the provider it belongs to (every field may be empty: private pay). */
export function insuranceProblems(insurance: { provider?: string; memberId?: string; groupNumber?: string }) {
  return (insurance.memberId || insurance.groupNumber) && !insurance.provider
    ? { provider: 'Insurance provider is required with a member ID or group number' }
    : null
}

/** What the page checks of a step beyond its rules (form-rules' FormChecks), as the step's schema does. */
export function registrationStepChecks(step: StepKey, today: string): FormChecks {
  if (step === 'personal') return { fields: { dateOfBirth: ({ text }) => dateOfBirthProblem(text('dateOfBirth').trim(), today) } }
  if (step === 'insurance') {
    return {
      form: ({ text }) =>
        insuranceProblems({
          provider: text('provider').trim(),
          memberId: text('memberId').trim(),
          groupNumber: text('groupNumber').trim(),
        }),
    }
  }
  return {}
}
