import { z } from 'zod'
import { ROLES } from '~/platform/auth/permissions'
import { PASSWORD_MIN_LENGTH } from '~/features/users/auth-schema'

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(100, { message: 'Name must be at most 100 characters' })

const role = z.enum(ROLES, { error: 'Choose a role' })

/** Settings → Users → Add user. */
export const createUserSchema = z.object({
  name,
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .email({ message: 'Enter a valid email address' })
    .max(254, { message: 'Email must be at most 254 characters' }),
  role,
  password: z
    .string({ error: 'Initial password is required' })
    .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(200, { message: 'Password must be less than 200 characters' }),
})

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
