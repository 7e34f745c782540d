/**
 * The GoHighLevel calendars the agency's account holds, as the calendar page
 * shows them. Isomorphic: the card and the server share these texts.
 */
export type GoHighLevelCalendar = { id: string; name: string }

/** Why the list is not there: the client's failure kinds, or 'error' for a fault of ours (logged). */
export type GoHighLevelCalendarsUnavailableReason = 'not_configured' | 'refused' | 'unavailable' | 'timeout' | 'error'

export type GoHighLevelCalendarSummary =
  | {
      state: 'connected'
      calendars: GoHighLevelCalendar[]
      /** Up to MAX_CALENDAR_NAMES names, in GoHighLevel's order. */
      names: string[]
      /** How many calendars the names leave out. */
      more: number
    }
  | { state: 'unavailable'; reason: GoHighLevelCalendarsUnavailableReason; message: string }

export const MAX_CALENDAR_NAMES = 3

export const GHL_CALENDARS_UNAVAILABLE_TEXT =
  'GoHighLevel calendar integration is currently unavailable. Contact support to update your API credentials.'

/** What a calendar without a name is called. */
export const UNNAMED_CALENDAR = 'Untitled calendar'

export function connectedCalendarsText(count: number) {
  return `Connected to ${count} GoHighLevel calendar(s)`
}

export function moreCalendarsText(more: number) {
  return `+${more} more`
}

export function summarizeCalendars(calendars: GoHighLevelCalendar[]): GoHighLevelCalendarSummary {
  const names = calendars.slice(0, MAX_CALENDAR_NAMES).map((calendar) => calendar.name.trim() || UNNAMED_CALENDAR)
  return { state: 'connected', calendars, names, more: Math.max(0, calendars.length - MAX_CALENDAR_NAMES) }
}
