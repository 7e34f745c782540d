import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { Field, FormErrors, SelectField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { createUserAccount } from '~/features/users/users.server'
import { isCommonPassword } from '~/features/users/common-passwords.server'
import { initialPasswordChecks, passwordHelp } from '~/features/users/password-policy'
import { createUserSchema } from '~/features/users/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { ROLES, ROLE_LABELS } from '~/platform/auth/permissions'
import { formFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Add user | Settings | Healthcare Portal' }]

const roleOptions = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'users:manage')
  return json({ rules: formRules('create-user', createUserSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWithPermission(request, 'users:manage')
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: createUserSchema({ isCommon: isCommonPassword }) })
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  let user
  try {
    user = await createUserAccount(submission.value, userActor(request, actor))
  } catch (error) {
    return formFailure(error, submission, 'Failed to create user', { hideFields: ['password'] })
  }
  return redirectWithToast(`/settings/users/${user.id}`, { title: 'User created' })
}

export default function NewUser() {
  const { rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ name: string; email: string; role: string; password: string }>({
    id: 'create-user',
    constraint: constraintsOf(rules),
    lastResult,
    defaultValue: { role: 'viewer' },
    shouldValidate: 'onBlur',
    onValidate: validateWithRules(rules, initialPasswordChecks),
  })

  return (
    <section aria-labelledby="tab-heading" className="max-w-xl">
      <p className="mb-2 text-sm">
        <Link to="/settings/users" className="text-blue-700 underline hover:text-blue-900">
          Back to users
        </Link>
      </p>
      <h2 id="tab-heading" className="mb-4 text-lg font-semibold">
        Add user
      </h2>
      <Form
        method="post"
        className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
        {...getFormProps(form)}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.name.errors}
        />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
          errors={fields.email.errors}
        />
        <SelectField
          labelProps={{ children: 'Role' }}
          selectProps={getSelectProps(fields.role)}
          options={roleOptions}
          errors={fields.role.errors}
        />
        <Field
          labelProps={{ children: 'Initial password' }}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          help={`${passwordHelp(true)} Share it with the user privately; they can change it from their account page.`}
          errors={fields.password.errors}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            Create user
          </Button>
          <Link to="/settings/users" className="inline-flex h-10 items-center px-2 text-sm text-slate-700 underline">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  )
}
