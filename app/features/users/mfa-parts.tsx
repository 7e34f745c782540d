import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { Field, FormErrors } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import type { ConfirmIdentityInput } from '~/features/users/mfa-schema'
import { type FormRules, constraintsOf, validateWithRules } from '~/lib/form-rules'

/** Recovery codes, shown once right after they are made. */
export function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="recovery-codes-heading" className="mb-1 text-lg font-semibold">
        Save your recovery codes
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. This is the only time they are shown:
        print them or keep them in your password manager.
      </p>
      <ol aria-label="Recovery codes" className="mb-6 grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-3 py-1">
            {code}
          </li>
        ))}
      </ol>
      <Link to={continueTo} className={buttonClassName()}>
        I have saved my recovery codes
      </Link>
    </section>
  )
}

/**
 * A current code from the app, or the password, before a change to MFA.
 * Posts to the page's own action.
 */
export function ConfirmIdentityForm({
  id,
  email,
  rules,
  lastResult,
  submitLabel,
  destructive = false,
}: {
  id: string
  email: string
  /** formRules(confirmIdentitySchema), from the loader. */
  rules: FormRules
  lastResult: SubmissionResult<string[]> | undefined
  submitLabel: string
  destructive?: boolean
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<ConfirmIdentityInput>({
    id,
    constraint: constraintsOf(rules),
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: validateWithRules<ConfirmIdentityInput>(rules),
  })
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {/* Lets password managers tie the password to this account. */}
      <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
      <Field
        labelProps={{ children: 'Code from your authenticator app' }}
        inputProps={{
          ...getInputProps(fields.code, { type: 'text' }),
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
        }}
        errors={fields.code.errors}
      />
      <Field
        labelProps={{ children: 'Or your password' }}
        inputProps={{
          ...getInputProps(fields.password, { type: 'password' }),
          autoComplete: 'current-password',
        }}
        errors={fields.password.errors}
      />
      <div>
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={navigation.state === 'submitting'}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}
