import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { FormErrors, TextareaField } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import { SeriesScopeField } from '~/features/calendar/series-fields'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'

type Defaults = { cancelReason?: string | null; scope?: string | null }

/** Cancelling keeps the appointment (and frees the caregiver's time); it asks why. */
export function CancelForm({
  rules,
  lastResult,
  cancelTo,
  inSeries = false,
}: {
  /** The appointment is a visit of a series: ask whether later visits are cancelled too. */
  inSeries?: boolean
  rules: FormRules
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<Defaults>({
    id: 'cancel-appointment-form',
    constraint: constraintsOf(rules),
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateWithRules<Defaults>(rules),
  })
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextareaField
        labelProps={{ children: 'Reason for cancelling' }}
        textareaProps={{ ...getTextareaProps(fields.cancelReason), rows: 3 }}
        errors={fields.cancelReason.errors}
      />
      {inSeries ? <SeriesScopeField field={fields.scope} verb="Cancel:" /> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={cancelTo} preventScrollReset className={buttonClassName('secondary')}>
          Keep Appointment
        </Link>
        <Button type="submit" variant="destructive" disabled={navigation.state === 'submitting'}>
          Cancel Appointment
        </Button>
      </div>
    </Form>
  )
}
