import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A local inbox for the tests and MOCKS=true: an SMTP server on loopback that
 * parses and keeps every message it accepts. Modes make it misbehave: refuse
 * the message for good (550), defer it (451), or drop the connection.
 */
export type FakeSmtpMode = 'ok' | 'refuse' | 'temporary' | 'disconnect'

export type FakeSmtpMessage = {
  from: string
  to: string[]
  messageId: string | null
  subject: string
  html: string | null
  text: string | null
  attachments: Array<{ filename: string | undefined; contentType: string; size: number }>
  parsed: ParsedMail
}

export type FakeSmtp = {
  host: string
  port: number
  user: string
  password: string
  /** smtp://user:pass@127.0.0.1:port?tls=none */
  url: string
  messages: FakeSmtpMessage[]
  setMode: (mode: FakeSmtpMode) => void
  close: () => Promise<void>
}

export async function startFakeSmtp(options: { port?: number } = {}): Promise<FakeSmtp> {
  const user = 'fake-smtp-user'
  const password = 'fake-smtp-password'
  const messages: FakeSmtpMessage[] = []
  let mode: FakeSmtpMode = 'ok'

  const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code })

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user })
      callback(refusal(535, 'Authentication failed'))
    },
    onRcptTo(address, session, callback) {
      if (mode === 'disconnect') {
        ;(session as unknown as { _socket?: { destroy: () => void } })._socket?.destroy()
        return callback(refusal(421, 'Closing'))
      }
      if (mode === 'refuse') return callback(refusal(550, `5.1.1 <${address.address}>: Recipient address rejected`))
      if (mode === 'temporary') return callback(refusal(451, '4.3.0 Try again later'))
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            messageId: parsed.messageId ?? null,
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            text: parsed.text ?? null,
            attachments: parsed.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, size: file.size })),
            parsed,
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  // A dropped connection is what the mode is for; the server must not crash over it.
  server.on('error', () => {})

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    url: `smtp://${user}:${password}@127.0.0.1:${port}?tls=none`,
    messages,
    setMode: (next) => (mode = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
