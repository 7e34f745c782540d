import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { SessionUser } from '~/platform/auth/session.server'
import { RuleViolationError } from '~/platform/errors'
import { verifyUserLogin } from '~/features/users/users.server'

/** The same words whether or not the account exists: nobody learns which addresses have one. */
export class InvalidCredentialsError extends RuleViolationError {
  constructor() {
    super('Invalid email or password')
  }
}

/** remix-auth checks the form; sessions are the platform's (app/platform/auth/session.server.ts). */
export const authenticator = new Authenticator<SessionUser>()

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get('email')
    const password = form.get('password')
    if (typeof email !== 'string' || typeof password !== 'string') {
      throw new InvalidCredentialsError()
    }
    const user = await verifyUserLogin(email, password)
    if (!user) throw new InvalidCredentialsError()
    return user
  }),
  'form',
)
