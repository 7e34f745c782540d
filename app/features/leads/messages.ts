import type { ToastInput } from '~/platform/http/toast'

/** The create toast follows the CRM outcome. Only one toast shows at a time, so a failed sync shows the failure. */
export function leadCreatedToast(ghlSync: { success: boolean; error: string | null }): ToastInput {
  if (ghlSync.success) return { title: 'Lead created successfully and synced to GoHighLevel!' }
  if (ghlSync.error && !ghlSync.error.includes('temporarily disabled')) {
    return { type: 'destructive', title: `Lead created but GHL sync failed: ${ghlSync.error}` }
  }
  return { title: 'Lead created successfully and created locally only!' }
}

export const GHL_SYNC_LABELS: Record<string, string> = {
  synced: 'Synced to GoHighLevel',
  pending: 'Waiting to retry the GoHighLevel sync',
  failed: 'GoHighLevel sync failed',
  // Created while GoHighLevel was not set up; it is now, or the page would say so instead.
  not_configured: 'Not synced yet',
}
