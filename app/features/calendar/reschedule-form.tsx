import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { FormActions, FormErrors } from '~/components/forms'
import { ConfirmAvailabilityField, SeriesScopeField } from '~/features/calendar/series-fields'
import { WhenFields } from '~/features/calendar/when-fields'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'

type Defaults = Partial<Record<'date' | 'time' | 'fold' | 'durationMinutes' | 'scope' | 'confirmAvailability', string | null>>

/** A new date, time and length for an appointment; nothing else changes. */
export function RescheduleForm({
  defaults,
  rules,
  lastResult,
  cancelTo,
  zoneLabel,
  inSeries = false,
}: {
  /** The appointment is a visit of a series: ask whether later visits move too. */
  inSeries?: boolean
  defaults: Defaults
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
  zoneLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<Defaults>({
    id: 'reschedule-form',
    constraint: constraintsOf(rules),
    defaultValue: defaults,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules<Defaults>(rules),
  })
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <WhenFields fields={fields} currentDuration={Number(defaults.durationMinutes) || undefined} zoneLabel={zoneLabel} />
      <ConfirmAvailabilityField field={fields.confirmAvailability} />
      {inSeries ? <SeriesScopeField field={fields.scope} verb="Reschedule:" /> : null}
      <FormActions cancelTo={cancelTo} submitLabel="Reschedule" busy={navigation.state === 'submitting'} />
    </Form>
  )
}
