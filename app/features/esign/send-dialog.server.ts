import { prisma } from '~/platform/db.server'
import { ESIGN_PROVIDERS, PROVIDER_LABELS, isEsignProvider } from '~/features/esign/options'
import { ProviderFailedError, getProviderStatus, listProviderTemplates } from '~/features/esign/providers.server'

/**
 * What the 'Send E-Signature Request' dialog shows at each step, from the
 * step's URL: the providers and whether each can be used; once one is
 * chosen (and usable) its templates; once a template is chosen, that
 * template. A provider or template not (or no longer) on offer counts as
 * not chosen, so a stale link starts over at the right step.
 */
export async function loadSendDialog(choice: { provider?: string | null; templateId?: string | null }) {
  const status = await getProviderStatus()
  const providers = ESIGN_PROVIDERS.map((id) => ({ id, label: PROVIDER_LABELS[id], connected: status[id].connected }))
  const provider = isEsignProvider(choice.provider) && status[choice.provider].connected ? choice.provider : null
  let templates: Array<{ id: string; name: string; hasESignature: boolean }> = []
  let templatesError: string | null = null
  if (provider) {
    try {
      templates = await listProviderTemplates(provider)
    } catch (error) {
      if (!(error instanceof ProviderFailedError)) throw error
      templatesError = error.message
    }
  }
  const template = provider ? (templates.find((candidate) => candidate.id === choice.templateId) ?? null) : null
  return {
    providers,
    provider,
    templates,
    templatesError,
    template,
    /** Who completes a GoFormz form: GoFormz does not e-mail people outside the account. */
    goformzAssignment: status.goformz.assignment,
  }
}

/** A lead's e-signature requests, newest first, for its page. */
export async function listLeadEsignRequests(leadId: string) {
  return prisma.esignRequest.findMany({
    where: { leadId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
    select: { id: true, title: true, provider: true, status: true, createdAt: true, sentAt: true, lastError: true, signedDocumentId: true },
  })
}
