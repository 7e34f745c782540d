import { GhlError, listCalendars } from '~/integrations/gohighlevel/client.server'
import { getEnv } from '~/platform/env.server'
import { type GoHighLevelCalendarSummary, summarizeCalendars } from '~/features/calendar-sync/ghl-calendars'

/**
 * How long the calendar page waits for GoHighLevel: the card is a side note,
 * and a GoHighLevel that hangs must not hold the schedule for the full
 * GHL_TIMEOUT_MS.
 */
export const CALENDAR_CARD_TIMEOUT_MS = 5000

/** Said when something of ours failed (it is logged); the API answers 500 for it. */
const LOAD_FAILED = 'GoHighLevel calendars could not be loaded'

async function load(timeoutMs: number): Promise<GoHighLevelCalendarSummary> {
  try {
    return summarizeCalendars(await listCalendars({ timeoutMs }))
  } catch (error) {
    if (error instanceof GhlError) return { state: 'unavailable', reason: error.kind, message: error.message }
    // Stored credentials that cannot be decrypted, the settings row unreadable:
    // the page still renders, and the fault is on the log.
    console.error(error)
    return { state: 'unavailable', reason: 'error', message: LOAD_FAILED }
  }
}

/**
 * The calendar page's card: the connected calendars (up to three names and
 * how many more), or why they are not there. Never throws, so the page never
 * fails because GoHighLevel does.
 */
export async function loadGoHighLevelCalendarSummary(): Promise<GoHighLevelCalendarSummary> {
  return load(Math.min(getEnv().GHL_TIMEOUT_MS, CALENDAR_CARD_TIMEOUT_MS))
}

/** For GET /api/ghl/calendars: the same, with GoHighLevel's full time limit. */
export async function listGoHighLevelCalendars(): Promise<GoHighLevelCalendarSummary> {
  return load(getEnv().GHL_TIMEOUT_MS)
}
