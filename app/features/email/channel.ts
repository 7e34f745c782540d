import type { EmailChannel } from './outbox.server'

/**
 * The channel new messages take: the one chosen in Settings → General;
 * without a choice, SMTP when a server is configured (Settings or SMTP_URL),
 * else GoHighLevel when it is connected, else SMTP (the message waits in the
 * outbox until a server is configured).
 */
export function chooseEmailChannel(state: { saved: EmailChannel | null; smtpConfigured: boolean; ghlConfigured: boolean }): EmailChannel {
  if (state.saved) return state.saved
  if (state.smtpConfigured) return 'smtp'
  if (state.ghlConfigured) return 'gohighlevel'
  return 'smtp'
}
