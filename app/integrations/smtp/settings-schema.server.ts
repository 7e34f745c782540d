import { z } from 'zod'
import { EMAIL_CHANNEL_VALUES, SMTP_TLS_MODE_VALUES } from '~/integrations/smtp/options'

const blank = (value: unknown) => (value === '' || value === null ? undefined : value)
const optionalText = (max: number, message: string) => z.preprocess(blank, z.string().trim().max(max, { message }).optional())

/**
 * Settings → General's 'E-mail delivery' form: Save ('email-save') or Send
 * test e-mail ('email-test'). The password is write-only: blank keeps the
 * saved one. The SMTP fields may stay empty when SMTP_URL supplies them or
 * GoHighLevel carries the mail.
 */
export const emailSettingsSchema = z
  .object({
    intent: z.enum(['email-save', 'email-test']).default('email-save'),
    channel: z.enum(EMAIL_CHANNEL_VALUES, { error: 'Choose how e-mail is sent' }),
    host: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(253, { message: 'A host name is at most 253 characters' })
        .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, { message: 'Enter a host name such as smtp.example.com' })
        .optional(),
    ),
    port: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'Enter a port number' })
        .int({ message: 'Enter a whole port number' })
        .min(1, { message: 'A port is between 1 and 65535' })
        .max(65535, { message: 'A port is between 1 and 65535' })
        .optional(),
    ),
    tlsMode: z.enum(SMTP_TLS_MODE_VALUES, { error: 'Choose how the connection is secured' }).default('starttls'),
    user: optionalText(200, 'A user name is at most 200 characters'),
    password: optionalText(500, 'A password is at most 500 characters'),
    fromAddress: z.preprocess(blank, z.string().trim().email({ message: 'Enter the sender e-mail address' }).max(254).optional()),
    fromName: optionalText(100, 'A sender name is at most 100 characters'),
    testTo: z.preprocess(blank, z.string().trim().email({ message: 'Enter the e-mail address to send the test to' }).max(254).optional()),
  })
  .superRefine((value, context) => {
    if (value.intent === 'email-test' && !value.testTo) {
      context.addIssue({ code: 'custom', path: ['testTo'], message: 'Enter the e-mail address to send the test to' })
    }
    if (value.host && !value.fromAddress) {
      context.addIssue({ code: 'custom', path: ['fromAddress'], message: 'Enter the sender e-mail address' })
    }
  })

export type EmailSettingsForm = z.input<typeof emailSettingsSchema>
export type EmailSettingsValue = z.output<typeof emailSettingsSchema>
