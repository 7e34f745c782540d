import type { Prisma } from '~/generated/prisma/client'
import { queueEmail } from '~/features/email/outbox.server'
import { agencySenderValues } from '~/features/email/sender.server'
import { findTemplateForSending } from '~/features/email-templates/email-templates.server'
import { renderEmailTemplate } from '~/features/email-templates/render.server'
import { STARTER_TEMPLATES } from '~/features/email-templates/starters'
import type { EventSubscriber } from '~/platform/events.server'
import { prisma } from '~/platform/db.server'

/**
 * The e-mail carrying a form link: queued in the transaction that creates the
 * submission (dedupeKey 'form-submission:<id>'), and its real outcome copied
 * back onto the submission (emailStatus, emailSent) when delivery ends.
 */
export type LeadForEmail = { id: string; firstName: string; lastName: string; email: string; status: string; source: string | null; ghlContactId: string | null }

export function formSubmissionEmailKey(submissionId: string) {
  return `form-submission:${submissionId}`
}

/** The active intake template that suits the lead best (findTemplateForSending); else the starter. */
export async function intakeTemplateFor(lead: LeadForEmail, db: Prisma.TransactionClient = prisma) {
  const best = await findTemplateForSending('intake', lead, db)
  if (best) return best
  const starter = STARTER_TEMPLATES.intake
  return { id: null, subject: starter.subject, htmlContent: starter.htmlContent }
}

export type FormLinkTemplate = { id: string | null; subject: string; htmlContent: string }

/**
 * Queues the link's e-mail inside the submission's transaction, with the
 * given template (a workflow stage's) or the intake template that suits the
 * lead; null when the lead has no address.
 */
export async function queueFormLinkEmail(
  input: { submissionId: string; lead: LeadForEmail; link: string; origin: string; template?: FormLinkTemplate },
  tx: Prisma.TransactionClient,
) {
  if (!input.lead.email) return null
  const template = input.template ?? (await intakeTemplateFor(input.lead, tx))
  const rendered = renderEmailTemplate(template, {
    firstName: input.lead.firstName,
    lastName: input.lead.lastName,
    intakeFormUrl: input.link,
    ...(await agencySenderValues(input.origin, tx)),
  })
  return queueEmail(
    {
      dedupeKey: formSubmissionEmailKey(input.submissionId),
      toEmail: input.lead.email,
      toName: `${input.lead.firstName} ${input.lead.lastName}`.trim(),
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      entityType: 'FormSubmission',
      entityId: input.submissionId,
      ghlContactId: input.lead.ghlContactId,
      templateId: template.id,
    },
    tx,
  )
}

/** Copies the outcome of a form link's e-mail onto its submission. */
export const intakeEmailFollower: EventSubscriber = {
  name: 'online-forms.link-email-outcome',
  events: ['outbound_email.sent', 'outbound_email.failed'],
  async handle(event) {
    const payload = (event.payload ?? {}) as { entityType?: string; entityId?: string }
    if (payload.entityType !== 'FormSubmission' || !payload.entityId) return
    const sent = event.type === 'outbound_email.sent'
    await prisma.formSubmission.updateMany({
      where: { id: payload.entityId },
      data: { emailStatus: sent ? 'sent' : 'failed', emailSent: sent },
    })
  },
}
