import type { EmailFormType } from './placeholders'

export type StarterTemplate = { formType: EmailFormType; name: string; subject: string; htmlContent: string }

/**
 * The Template Gallery: one starter per form type, each the start of a new
 * template, and what the portal sends when no active template of that type
 * exists (an intake-form link still needs a message).
 */
export const STARTER_TEMPLATES: Record<EmailFormType, StarterTemplate> = {
  intake: {
    formType: 'intake',
    name: 'Intake form invitation',
    subject: 'Your intake form from {{providerName}}',
    htmlContent: [
      '<p>Hello {{firstName}},</p>',
      '<p>Thank you for reaching out to {{providerName}}. To help us plan your care, please fill in your intake form:</p>',
      '<p><a href="{{intakeFormUrl}}">Open your intake form</a></p>',
      '<p>It takes about ten minutes. The link is personal to you; please do not forward it.</p>',
      '<p>Questions? <a href="{{contactUrl}}">Contact us</a>.</p>',
      '<p>Warm regards,<br>{{providerName}}</p>',
    ].join('\n'),
  },
  welcome: {
    formType: 'welcome',
    name: 'Welcome',
    subject: 'Welcome to {{providerName}}, {{firstName}}',
    htmlContent: [
      '<p>Hello {{firstName}} {{lastName}},</p>',
      '<p>Welcome to {{providerName}}. We are glad to have you with us.</p>',
      '<p>Your coordinator will be in touch shortly about the next steps. If you need anything in the meantime, <a href="{{contactUrl}}">contact us</a>.</p>',
      '<p>Warm regards,<br>{{providerName}}</p>',
    ].join('\n'),
  },
  appointment: {
    formType: 'appointment',
    name: 'Appointment confirmation',
    subject: 'Your appointment on {{appointmentDate}} at {{appointmentTime}}',
    htmlContent: [
      '<p>Hello {{firstName}},</p>',
      '<p>This confirms your appointment with {{providerName}}:</p>',
      '<ul><li>Date: {{appointmentDate}}</li><li>Time: {{appointmentTime}}</li><li>Location: {{location}}</li></ul>',
      '<p>Please arrive 15 minutes early. If you need to reschedule, <a href="{{contactUrl}}">contact us</a>.</p>',
      '<p>Warm regards,<br>{{providerName}}</p>',
    ].join('\n'),
  },
  followup: {
    formType: 'followup',
    name: 'Follow-up',
    subject: 'Following up, {{firstName}}',
    htmlContent: [
      '<p>Hello {{firstName}},</p>',
      '<p>We wanted to follow up on your recent conversation with {{providerName}}. Is there anything we can help you with?</p>',
      '<p>Reply to this e-mail or <a href="{{contactUrl}}">contact us</a> at any time.</p>',
      '<p>Warm regards,<br>{{providerName}}</p>',
    ].join('\n'),
  },
}
