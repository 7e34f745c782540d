import nodemailer from 'nodemailer'
import type { SmtpConfig } from '~/integrations/smtp/settings.server'

/**
 * Sends one message through an SMTP server. A refusal is permanent when the
 * server answered 5xx to the message itself (a bad address, a rejected
 * message) and temporary otherwise: 4xx, no connection, a dropped
 * connection, or credentials that an administrator may yet correct.
 */
export class SmtpError extends Error {
  override name = 'SmtpError'

  constructor(
    message: string,
    /** Worth trying again later. */
    readonly retryable: boolean,
    readonly responseCode?: number,
  ) {
    super(message)
  }
}

export type SmtpMessage = {
  /** Without angle brackets: the stable id of the message, so a resend is recognisable. */
  messageId: string
  to: string
  toName?: string | null
  subject: string
  html: string
  text: string
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>
}

const TIMEOUT_MS = 20_000

export function smtpTransport(config: SmtpConfig) {
  return nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.tlsMode === 'tls',
    requireTLS: config.tlsMode === 'starttls',
    ignoreTLS: config.tlsMode === 'none',
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  })
}

function smtpErrorFrom(error: unknown): SmtpError {
  const detail = error as { responseCode?: number; code?: string; response?: string; message?: string }
  const code = detail.responseCode
  // The server's words say why; no credentials are ever part of them.
  const said = (detail.response ?? detail.message ?? 'no answer').slice(0, 300)
  if (detail.code === 'EAUTH') return new SmtpError(`The SMTP server refused the user name or password: ${said}`, true, code)
  if (code && code >= 500) return new SmtpError(`The SMTP server refused the message: ${said}`, false, code)
  if (code && code >= 400) return new SmtpError(`The SMTP server deferred the message: ${said}`, true, code)
  if (detail.code === 'EENVELOPE') return new SmtpError(`The SMTP server refused the recipient: ${said}`, false, code)
  return new SmtpError(`The SMTP server could not be reached: ${said}`, true, code)
}

export async function sendSmtpMail(config: SmtpConfig, message: SmtpMessage) {
  const transport = smtpTransport(config)
  try {
    const info = await transport.sendMail({
      from: config.fromName ? { name: config.fromName, address: config.fromAddress } : config.fromAddress,
      to: message.toName ? { name: message.toName, address: message.to } : message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      messageId: `<${message.messageId}>`,
      attachments: message.attachments,
    })
    return { messageId: message.messageId, response: info.response }
  } catch (error) {
    throw smtpErrorFrom(error)
  } finally {
    transport.close()
  }
}
