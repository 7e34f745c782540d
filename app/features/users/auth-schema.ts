import { z } from 'zod'
import { PASSWORDS_DIFFER_MESSAGE, type PasswordContext } from '~/features/users/password-policy'
import { newPasswordField } from '~/features/users/password-schema'

export { PASSWORD_MIN_LENGTH } from '~/features/users/password-policy'

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, { message: 'Enter a valid email address' })
    .email({ message: 'Enter a valid email address' }),
  password: z.string({ error: 'Password is required' }).max(1000, { message: 'Invalid email or password' }),
  redirectTo: z.string().optional(),
})
export type LoginForm = z.input<typeof loginSchema>

/**
 * My account → Change password. `account` is the signed-in user (their email
 * address and name), and on the server the check against common passwords.
 */
export function changePasswordSchema(account: Omit<PasswordContext, 'forOther'>) {
  return z
    .object({
      currentPassword: z.string({ error: 'Current password is required' }),
      newPassword: newPasswordField('New password is required', account),
      confirmPassword: z.string({ error: 'Confirm the new password' }),
    })
    .refine((value) => value.newPassword === value.confirmPassword, {
      message: PASSWORDS_DIFFER_MESSAGE,
      path: ['confirmPassword'],
    })
}

/**
 * A user's page → Reset password, where an admin sets someone else's:
 * `account` is that user.
 */
export function resetPasswordSchema(account: Omit<PasswordContext, 'forOther'>) {
  return z
    .object({
      intent: z.literal('reset-password'),
      newPassword: newPasswordField('New password is required', { ...account, forOther: true }),
      confirmPassword: z.string({ error: 'Confirm the new password' }),
    })
    .refine((value) => value.newPassword === value.confirmPassword, {
      message: PASSWORDS_DIFFER_MESSAGE,
      path: ['confirmPassword'],
    })
}
