import { z } from 'zod'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  type PasswordContext,
  isAcceptableLength,
  passwordInFormProblem,
  passwordProblem,
} from '~/features/users/password-policy'

/**
 * A form's new-password field: the length, and then every rule of
 * passwordProblem, one message at a time. The email address and name in
 * `context` are those of the account when the form does not ask for them;
 * a form that does (Add user) checks them with refinePasswordContext.
 */
export function newPasswordField(requiredMessage: string, context: PasswordContext = {}) {
  return z
    .string({ error: requiredMessage })
    .min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { message: PASSWORD_TOO_LONG_MESSAGE })
    .superRefine((password, ctx) => {
      if (!isAcceptableLength(password)) return
      const problem = passwordProblem(password, context)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
}

/**
 * For a form that asks for the email address and name beside the password
 * (Add user): refuses a password that contains them, next to the password
 * field. Add it with the object's superRefine, with the context the password
 * field had; a problem that field reported already is not reported twice.
 */
export function refinePasswordContext(
  value: { password: string; email: string; name: string },
  ctx: z.RefinementCtx,
  context: PasswordContext = {},
) {
  const problem = passwordInFormProblem(value, context)
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] })
}
