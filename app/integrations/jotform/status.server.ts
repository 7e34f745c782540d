/** Jotform as the /pdf-to-form system status card shows it. */
export type JotformStatus = {
  configured: boolean
  /** null when not configured or not checked. */
  reachable: boolean | null
  region: 'standard' | 'eu' | 'hipaa'
  error: string | null
}

export async function getJotformStatus(): Promise<JotformStatus> {
  return { configured: false, reachable: null, region: 'standard', error: null }
}
