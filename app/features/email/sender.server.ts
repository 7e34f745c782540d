import type { Prisma } from '~/generated/prisma/client'
import { getSmtpConfig } from '~/integrations/smtp/settings.server'
import { prisma } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'

export const DEFAULT_PROVIDER_NAME = 'Your care team'

/**
 * The agency as recipients know it, for the {{providerName}} and
 * {{contactUrl}} placeholders of every e-mail: the mail's sender name and
 * address, else a neutral name and the portal's address.
 */
export async function agencySenderValues(origin: string, db: Prisma.TransactionClient = prisma) {
  const smtp = await getSmtpConfig(db)
  return {
    providerName: smtp?.fromName || DEFAULT_PROVIDER_NAME,
    contactUrl: smtp?.fromAddress ? `mailto:${smtp.fromAddress}` : origin,
  }
}

/** The portal's address for links in e-mails a job sends, where there is no request to take it from. */
export function publicOrigin() {
  const env = getEnv()
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
}
