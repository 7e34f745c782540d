/**
 * The users area's schemas (sign-in, accounts, passwords), for route actions
 * and loaders. Routes import schemas through this .server module so that Zod
 * never reaches the page's JavaScript: the browser checks the form with the
 * rules the loader sends (formRules, ~/lib/form-rules.server.ts).
 */
export { changePasswordSchema, loginSchema, resetPasswordSchema } from '~/features/users/auth-schema'
export { confirmIdentitySchema, enableMfaSchema, mfaSignInSchema } from '~/features/users/mfa-schema'
export {
  createUserSchema,
  deactivateUserSchema,
  reactivateUserSchema,
  resetMfaSchema,
  updateUserSchema,
} from '~/features/users/schema'
