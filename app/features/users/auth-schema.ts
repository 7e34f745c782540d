import { z } from 'zod'

export const PASSWORD_MIN_LENGTH = 12

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, { message: 'Enter a valid email address' })
    .email({ message: 'Enter a valid email address' }),
  password: z.string({ error: 'Password is required' }).max(1000, { message: 'Invalid email or password' }),
  redirectTo: z.string().optional(),
})

const newPassword = z
  .string({ error: 'New password is required' })
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(200, { message: 'Password must be less than 200 characters' })

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }),
    newPassword,
    confirmPassword: z.string({ error: 'Confirm the new password' }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })

export const resetPasswordSchema = z
  .object({ intent: z.literal('reset-password'), newPassword, confirmPassword: z.string({ error: 'Confirm the new password' }) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
