import { getGhlConfig } from '~/integrations/settings.server'
import { setLeadSyncState } from '~/features/leads/leads.server'
import { prisma } from '~/platform/db.server'
import { GhlError, updateGhlContact, upsertGhlContact } from '~/integrations/gohighlevel/client.server'
import { PermanentJobError, backoffMs, enqueueJob } from '~/platform/jobs.server'

/**
 * Mirrors leads to GoHighLevel. The lead is always saved first: an outage
 * or timeout queues a retry (a durable job) and never loses the lead.
 */
export const GHL_SYNC_JOB = 'ghl.syncLead'
/** Contains 'temporarily disabled' so the UI shows no failure toast. */
export const GHL_NOT_CONFIGURED_MESSAGE = 'GoHighLevel sync is temporarily disabled: GoHighLevel is not configured'

export type GhlSyncResult = { success: boolean; error: string | null }

async function pushLead(leadId: string): Promise<GhlSyncResult> {
  const lead = await prisma.lead.findUnique({ where: { id: leadId } })
  if (!lead) throw new PermanentJobError('The lead no longer exists')
  const config = await getGhlConfig()
  if (!config) {
    await setLeadSyncState(leadId, { ghlSyncStatus: 'not_configured', ghlSyncError: GHL_NOT_CONFIGURED_MESSAGE })
    return { success: false, error: GHL_NOT_CONFIGURED_MESSAGE }
  }
  const contact = {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    address1: lead.address,
    city: lead.city,
    state: lead.state,
    postalCode: lead.zipCode,
    source: lead.source,
  }
  const { contactId } = lead.ghlContactId
    ? await updateGhlContact(config, lead.ghlContactId, contact)
    : await upsertGhlContact(config, contact)
  await setLeadSyncState(leadId, { ghlSyncStatus: 'synced', ghlContactId: contactId, ghlSyncedAt: new Date() })
  return { success: true, error: null }
}

/** Whether leads can be sent to GoHighLevel now: set up, complete and switched on. */
export async function isGhlSyncAvailable() {
  return (await getGhlConfig()) !== null
}

/**
 * Where a lead's change came from. A change GoHighLevel told us about (its
 * webhooks) is not sent back: that would echo it, and GoHighLevel would then
 * report our update as a new change.
 */
export type LeadChangeOrigin = 'portal' | 'gohighlevel'

/** Syncs now; on a retryable failure queues a background retry. A change from GoHighLevel is neither sent nor queued. */
export async function syncLeadNow(leadId: string, { origin = 'portal' }: { origin?: LeadChangeOrigin } = {}): Promise<GhlSyncResult> {
  if (origin === 'gohighlevel') return { success: true, error: null }
  try {
    return await pushLead(leadId)
  } catch (error) {
    if (!(error instanceof GhlError)) throw error
    await setLeadSyncState(leadId, { ghlSyncStatus: error.retryable ? 'pending' : 'failed', ghlSyncError: error.message })
    if (error.retryable) await queueLeadSync(leadId)
    return { success: false, error: error.message }
  }
}

/**
 * One queued retry per lead is enough: it sends the lead as it is then. The
 * dedupe key refuses a second while one is pending or running.
 */
export async function queueLeadSync(leadId: string) {
  await enqueueJob(GHL_SYNC_JOB, { leadId }, { runAt: new Date(Date.now() + backoffMs(1)), dedupeKey: `${GHL_SYNC_JOB}:${leadId}` })
}

/** The background retry: a retryable failure throws so the queue backs off. */
export async function runLeadSyncJob(payload: unknown) {
  const leadId = (payload as { leadId?: unknown } | null)?.leadId
  if (typeof leadId !== 'string') throw new PermanentJobError('Job payload has no leadId')
  try {
    await pushLead(leadId)
  } catch (error) {
    if (!(error instanceof GhlError)) throw error
    await setLeadSyncState(leadId, { ghlSyncStatus: error.retryable ? 'pending' : 'failed', ghlSyncError: error.message })
    throw error.retryable ? error : new PermanentJobError(error.message)
  }
}
