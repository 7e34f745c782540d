import { afterAll, afterEach, beforeAll } from 'vitest'
import { startFakeSmtp, type FakeSmtp } from '~/integrations/smtp/fake.server'
import { resetEnvCache } from '~/platform/env.server'

export const FAKE_MAIL_FROM = 'Sunrise Home Care <care@sunrise.example>'

/** Points the app's SMTP_URL at a local fake inbox for the tests of one file. */
export function useFakeSmtp() {
  const holder = {} as { smtp: FakeSmtp }
  const point = () => {
    Object.assign(process.env, { SMTP_URL: holder.smtp.url, MAIL_FROM: FAKE_MAIL_FROM })
    resetEnvCache()
  }
  beforeAll(async () => {
    holder.smtp = await startFakeSmtp()
    point()
  })
  afterEach(() => {
    holder.smtp.setMode('ok')
    holder.smtp.messages.length = 0
    point()
  })
  afterAll(async () => {
    delete process.env.SMTP_URL
    delete process.env.MAIL_FROM
    resetEnvCache()
    await holder.smtp.close()
  })
  return holder
}
