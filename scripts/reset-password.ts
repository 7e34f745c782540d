/**
 * npm run user:reset-password -- <email> [--password-stdin]
 *
 * Sets a new password for a user from the server's shell, e.g. when the only
 * administrator's password is lost. Without --password-stdin a random
 * password is drawn and printed once; with it, the password is read from
 * standard input and checked against the password policy. Every session of
 * the account ends; the audit log records the reset.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { resetPasswordFromShell } from '~/features/users/password-reset.server'
import { DataDirectoryInUseError } from '~/platform/data-dir.server'
import { NotFoundError, RuleViolationError } from '~/platform/errors'
import { describeTarget, runScript } from '../prisma/migrate'

export const USAGE = 'Usage: npm run user:reset-password -- <email> [--password-stdin]'

export type ResetPasswordArgs = { email: string; passwordStdin: boolean }

export function parseResetPasswordArgs(argv: string[]): ResetPasswordArgs {
  const options = argv.filter((arg) => arg.startsWith('--'))
  const positional = argv.filter((arg) => !arg.startsWith('--'))
  const unknown = options.find((option) => option !== '--password-stdin')
  if (unknown) throw new Error(`Unknown option ${unknown}.\n${USAGE}`)
  if (positional.length !== 1 || !positional[0]!.includes('@')) throw new Error(`Give one e-mail address.\n${USAGE}`)
  return { email: positional[0]!, passwordStdin: options.includes('--password-stdin') }
}

/** All of standard input, less the one line break `echo` or a here-string adds: a password is never trimmed. */
async function readStdin() {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '')
}

async function main(args: ResetPasswordArgs) {
  const supplied = args.passwordStdin ? await readStdin() : undefined
  let reset
  try {
    reset = await resetPasswordFromShell(args.email, supplied)
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`There is no user with the e-mail address ${args.email} in the ${describeTarget()}.`)
    if (error instanceof RuleViolationError) throw new Error(`The password was refused: ${error.message}.`)
    if (error instanceof DataDirectoryInUseError) {
      throw new Error(
        `The portal is running (pid ${error.pid}) and holds the embedded database in ${error.directory}. ` +
          'Stop it, run this command again, then start the portal.',
      )
    }
    throw error
  }
  const lines = [`Reset the password of ${reset.email} in the ${describeTarget()}.`]
  if (reset.generated) lines.push('', `  New password (shown once): ${reset.password}`, '')
  lines.push('Every session of this account has ended.')
  if (!reset.isActive) lines.push('This account is deactivated: another administrator must reactivate it before it can sign in.')
  if (reset.mfaEnabled) lines.push('This account uses an authenticator app: signing in still asks for its code or a recovery code.')
  console.log(lines.join('\n'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runScript(async () => {
    await main(parseResetPasswordArgs(process.argv.slice(2)))
  })
}
