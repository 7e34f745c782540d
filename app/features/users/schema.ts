import { z } from 'zod'
import { ROLES } from '~/platform/auth/permissions'
import { newPasswordField, refinePasswordContext } from '~/features/users/password-schema'

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(100, { message: 'Name must be at most 100 characters' })

const role = z.enum(ROLES, { error: 'Choose a role' })

/**
 * Settings → Users → Add user. On the server, `isCommon` checks the initial
 * password against the list of common passwords.
 */
export function createUserSchema({ isCommon }: { isCommon?: (password: string) => boolean } = {}) {
  const context = { forOther: true, isCommon }
  return z
    .object({
      name,
      email: z
        .string({ error: 'Email is required' })
        .trim()
        .email({ message: 'Enter a valid email address' })
        .max(254, { message: 'Email must be at most 254 characters' }),
      role,
      password: newPasswordField('Initial password is required', context),
    })
    .superRefine((value, ctx) => refinePasswordContext(value, ctx, context))
}

/** A user's page: the name and role form. */
export const updateUserSchema = z.object({
  intent: z.literal('update'),
  name,
  role,
})

/** A user's page: the Deactivate button (shown to active users). */
export const deactivateUserSchema = z.object({ intent: z.literal('deactivate') })

/** A user's page: the Reactivate button (shown to deactivated users). */
export const reactivateUserSchema = z.object({ intent: z.literal('reactivate') })

/** A user's page: Reset MFA, once the admin has ticked the box. */
export const resetMfaSchema = z.object({
  intent: z.literal('reset-mfa'),
  confirm: z.literal('on', { error: 'Tick the box to confirm' }),
})

/** The hidden `intent` values of the forms on a user's page. */
export const USER_FORM_INTENTS = ['update', 'deactivate', 'reactivate', 'reset-password', 'reset-mfa'] as const
export type UserFormIntent = (typeof USER_FORM_INTENTS)[number]
