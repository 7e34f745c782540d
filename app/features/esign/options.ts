/**
 * E-signature providers, statuses, expiration options, default texts and
 * messages, without Zod: pages import these; schema.ts checks against them.
 */

export const ESIGN_PROVIDERS = ['goformz', 'boldsign'] as const
export type EsignProvider = (typeof ESIGN_PROVIDERS)[number]

export const PROVIDER_LABELS: Record<EsignProvider, string> = { goformz: 'GoFormz', boldsign: 'BoldSign' }

/** The portal's own signing (/sign/{token}): no templates and no account, so not one of the provider APIs above. */
export const PORTAL_PROVIDER = 'portal'
export const PORTAL_PROVIDER_LABEL = 'Portal'
/** What the sending dialog and the test page say of the portal's own signing. */
export const PORTAL_PROVIDER_HINT = 'Built in: the signer gets a link to sign in the portal. No account needed.'

/** The choices in the sending dialog: the provider APIs and the portal's own signing. */
export type SendDialogProvider = EsignProvider | typeof PORTAL_PROVIDER

export function isEsignProvider(value: unknown): value is EsignProvider {
  return typeof value === 'string' && (ESIGN_PROVIDERS as readonly string[]).includes(value)
}

/**
 * A request's life: stored as 'sending' before the provider is called, then
 * what the provider says. 'sending' is the portal's own (asked, not yet
 * confirmed by the provider); the others are the product's.
 */
export const ESIGN_STATUSES = ['sending', 'sent', 'viewed', 'signed', 'completed', 'declined', 'expired', 'cancelled', 'failed'] as const
export type EsignStatus = (typeof ESIGN_STATUSES)[number]

export const ESIGN_STATUS_LABELS: Record<EsignStatus, string> = {
  sending: 'Sending',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  failed: 'Failed',
}

/** Still waiting for the signer: reminders, expiry and reconciliation concern these. */
export const PENDING_ESIGN_STATUSES: readonly EsignStatus[] = ['sending', 'sent', 'viewed', 'signed']
/** Settled for good. */
export const FINAL_ESIGN_STATUSES: readonly EsignStatus[] = ['completed', 'declined', 'expired', 'cancelled']

export const EXPIRATION_DAY_OPTIONS = [7, 14, 30, 60, 90] as const
export const DEFAULT_EXPIRATION_DAYS = 30

export const DEFAULT_ESIGN_MESSAGE = 'Please review and sign this healthcare document.'

/** 'Healthcare Form - Maria Garcia' (GoFormz), 'Healthcare Document - Maria Garcia' (BoldSign). */
export function defaultDocumentTitle(provider: EsignProvider, name: string) {
  return provider === 'goformz' ? `Healthcare Form - ${name}` : `Healthcare Document - ${name}`
}

export const ESIGN_TITLE_MAX = 200
export const ESIGN_MESSAGE_MAX = 2000

export const MISSING_INFORMATION_TITLE = 'Missing Information'
export const SEND_MISSING_INFORMATION_MESSAGE = 'Please select a provider and template'
export const TEST_MISSING_INFORMATION_MESSAGE = 'Please select provider, template, and enter test details'
export const SEND_FAILED_TITLE = 'E-signature Request Failed'
export const SEND_FAILED_DEFAULT_MESSAGE = 'Failed to send e-signature request'
export const TEST_FAILED_TITLE = 'Test Failed'
export const TEST_FAILED_DEFAULT_MESSAGE = 'Failed to send test e-signature'
export const TEST_SUCCESS_TITLE = 'Test Successful!'
export const UNKNOWN_PROVIDER_MESSAGE = 'Unknown provider'
export const NOT_CONNECTED_HINT = 'Configure this provider in Settings to enable e-signatures'
export const NO_TEMPLATES_MESSAGE = 'No Templates Found'

/** '{provider} e-signature request sent successfully.' */
export function testSuccessMessage(provider: EsignProvider) {
  return `${PROVIDER_LABELS[provider]} e-signature request sent successfully.`
}

/** The id of a request's entry in a list (a lead's page): where focus goes after sending. */
export function esignRequestAnchor(requestId: string) {
  return `esign-request-${requestId}`
}

export const ESIGN_REQUESTS_HEADING_ID = 'esign-requests-heading'

type SentRequest = { provider: string; title: string; recipientName: string }

/** A stored request's provider as people read it: 'GoFormz', 'BoldSign', 'Portal'. */
export function providerLabel(provider: string) {
  if (provider === PORTAL_PROVIDER) return PORTAL_PROVIDER_LABEL
  return isEsignProvider(provider) ? PROVIDER_LABELS[provider] : provider
}

export const SENT_TITLE = 'E-Signature Request Sent'
export const QUEUED_TITLE = 'E-Signature Request Queued'

/** The toast after the provider took the request. */
export function sentToast(request: SentRequest) {
  return { title: SENT_TITLE, description: `'${request.title}' was sent to ${request.recipientName} through ${providerLabel(request.provider)}.` }
}

/** The toast when the provider did not answer: the request is kept and sent by the job queue. */
export function queuedToast(request: SentRequest) {
  return {
    title: QUEUED_TITLE,
    description: `${providerLabel(request.provider)} did not answer. '${request.title}' is saved and will be sent as soon as it does.`,
  }
}
