import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
import {
  ESIGN_PROVIDERS,
  PORTAL_PROVIDER,
  PORTAL_PROVIDER_LABEL,
  PROVIDER_LABELS,
  type SendDialogProvider,
  isEsignProvider,
} from '~/features/esign/options'
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
  const providers: Array<{ id: SendDialogProvider; label: string; connected: boolean }> = [
    ...ESIGN_PROVIDERS.map((id) => ({ id, label: PROVIDER_LABELS[id], connected: status[id].connected })),
    { id: PORTAL_PROVIDER, label: PORTAL_PROVIDER_LABEL, connected: status.portal.connected },
  ]
  if (choice.provider === PORTAL_PROVIDER) {
    // The portal signs a library PDF: its 'templates' are the library's PDFs.
    const documents = await prisma.document.findMany({
      where: { mimeType: 'application/pdf' },
      select: { id: true, name: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    })
    return {
      providers,
      provider: PORTAL_PROVIDER as SendDialogProvider | null,
      templates: [] as Array<{ id: string; name: string; hasESignature: boolean }>,
      templatesError: null as string | null,
      template: null as { id: string; name: string; hasESignature: boolean } | null,
      portalDocuments: documents,
      goformzAssignment: status.goformz.assignment,
    }
  }
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
    portalDocuments: [] as Array<{ id: string; name: string }>,
    /** Who completes a GoFormz form: GoFormz does not e-mail people outside the account. */
    goformzAssignment: status.goformz.assignment,
  }
}

/** A lead's signature requests as its page lists them: the newest 50. */
export const LEAD_ESIGN_REQUESTS = {
  orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  take: 50,
  select: { id: true, title: true, provider: true, status: true, createdAt: true, sentAt: true, lastError: true, signedDocumentId: true },
} satisfies Prisma.Lead$esignRequestsArgs

