import { describe, expect, test } from 'vitest'
import { chooseEmailChannel } from '~/features/email/channel'
import { emailSettingsSchema } from '~/integrations/smtp/settings-schema.server'
import { parseMailFrom, smtpConfigFromUrl } from '~/integrations/smtp/settings.server'

const valid = {
  intent: 'email-save',
  channel: 'smtp',
  host: 'smtp.example.com',
  port: '587',
  tlsMode: 'starttls',
  user: 'mailer',
  password: 'secret',
  fromAddress: 'care@example.com',
  fromName: 'Sunrise Home Care',
}

describe('the E-mail delivery settings form', () => {
  test('accepts a complete SMTP server and turns the port into a number', () => {
    const result = emailSettingsSchema.safeParse(valid)
    expect(result.success).toBe(true)
    expect(result.data).toMatchObject({ port: 587, tlsMode: 'starttls', password: 'secret' })
  })

  test('blank fields are absent: a blank password keeps the saved one; GoHighLevel needs no server', () => {
    const result = emailSettingsSchema.safeParse({ intent: 'email-save', channel: 'gohighlevel', host: '', port: '', user: '', password: '', fromAddress: '' })
    expect(result.success).toBe(true)
    expect(result.data).toMatchObject({ channel: 'gohighlevel', tlsMode: 'starttls' })
    expect(result.data?.password).toBeUndefined()
    expect(result.data?.host).toBeUndefined()
  })

  test.each([
    [{ port: '0' }, 'port', 'A port is between 1 and 65535'],
    [{ port: '65536' }, 'port', 'A port is between 1 and 65535'],
    [{ host: 'smtp example.com' }, 'host', 'Enter a host name such as smtp.example.com'],
    [{ fromAddress: '' }, 'fromAddress', 'Enter the sender e-mail address'],
    [{ fromAddress: 'not-an-address' }, 'fromAddress', 'Enter the sender e-mail address'],
    [{ tlsMode: 'ssl3' }, 'tlsMode', 'Choose how the connection is secured'],
    [{ channel: 'carrier-pigeon' }, 'channel', 'Choose how e-mail is sent'],
    [{ intent: 'email-test' }, 'testTo', 'Enter the e-mail address to send the test to'],
    [{ intent: 'email-test', testTo: 'nobody' }, 'testTo', 'Enter the e-mail address to send the test to'],
  ])('refuses %j on %s', (change, field, message) => {
    const result = emailSettingsSchema.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    expect(result.error!.issues.find((issue) => issue.path[0] === field)?.message).toBe(message)
  })
})

describe('which channel new e-mail takes', () => {
  test('the saved choice wins', () => {
    expect(chooseEmailChannel({ saved: 'gohighlevel', smtpConfigured: true, ghlConfigured: true })).toBe('gohighlevel')
    expect(chooseEmailChannel({ saved: 'smtp', smtpConfigured: false, ghlConfigured: true })).toBe('smtp')
  })

  test('without a choice: SMTP when configured, else GoHighLevel when connected, else SMTP (held in the outbox)', () => {
    expect(chooseEmailChannel({ saved: null, smtpConfigured: true, ghlConfigured: true })).toBe('smtp')
    expect(chooseEmailChannel({ saved: null, smtpConfigured: false, ghlConfigured: true })).toBe('gohighlevel')
    expect(chooseEmailChannel({ saved: null, smtpConfigured: false, ghlConfigured: false })).toBe('smtp')
  })
})

describe('SMTP_URL and MAIL_FROM', () => {
  test('smtp:// is STARTTLS on 587 by default, smtps:// implicit TLS on 465, ?tls=none plain', () => {
    expect(smtpConfigFromUrl('smtp://mailer:p%40ss@mail.example.com', 'Care <care@example.com>')).toEqual({
      host: 'mail.example.com',
      port: 587,
      tlsMode: 'starttls',
      user: 'mailer',
      password: 'p@ss',
      fromAddress: 'care@example.com',
      fromName: 'Care',
      source: 'environment',
    })
    expect(smtpConfigFromUrl('smtps://a:b@mail.example.com', 'care@example.com')).toMatchObject({ port: 465, tlsMode: 'tls', fromName: null })
    expect(smtpConfigFromUrl('smtp://127.0.0.1:2525?tls=none', 'care@example.com')).toMatchObject({ port: 2525, tlsMode: 'none', user: null })
  })

  test('without MAIL_FROM the user name is the sender when it is an address; otherwise there is no server', () => {
    expect(smtpConfigFromUrl('smtp://care%40example.com:x@mail.example.com:587', undefined)).toMatchObject({ fromAddress: 'care@example.com' })
    expect(smtpConfigFromUrl('smtp://mailer:x@mail.example.com', undefined)).toBeNull()
    expect(smtpConfigFromUrl('http://mail.example.com', 'care@example.com')).toBeNull()
  })

  test('MAIL_FROM may name the sender', () => {
    expect(parseMailFrom('"Sunrise Care" <care@example.com>')).toEqual({ address: 'care@example.com', name: 'Sunrise Care' })
    expect(parseMailFrom('care@example.com')).toEqual({ address: 'care@example.com', name: null })
  })
})
