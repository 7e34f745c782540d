/** How the connection to the SMTP server is secured. */
export const SMTP_TLS_MODES = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'Implicit TLS (usually port 465)' },
  { value: 'none', label: 'None (local relays only)' },
] as const
export const SMTP_TLS_MODE_VALUES = ['starttls', 'tls', 'none'] as const
export type SmtpTlsMode = (typeof SMTP_TLS_MODE_VALUES)[number]

export const EMAIL_CHANNEL_OPTIONS = [
  { value: 'smtp', label: 'SMTP server' },
  { value: 'gohighlevel', label: 'GoHighLevel (conversations)' },
] as const
export const EMAIL_CHANNEL_VALUES = ['smtp', 'gohighlevel'] as const

export const EMAIL_SETTINGS_SAVED = 'E-mail delivery settings saved'
export const TEST_EMAIL_QUEUED = 'Test e-mail sent'
export const TEST_EMAIL_FAILED = 'The test e-mail could not be sent'
