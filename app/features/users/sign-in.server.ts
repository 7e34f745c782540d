import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { SessionUser } from '~/platform/auth/session.server'
import { verifyUserLogin } from './users.server'

export class InvalidCredentialsError extends Error {}

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
