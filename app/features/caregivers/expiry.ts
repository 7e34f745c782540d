/**
 * When a caregiver's license or certification counts as expiring, and how
 * their dates and rate read: what the directory and the profile show, kept
 * apart from the application's file rules so the directory does not load them.
 */
import { formatCount } from '~/lib/misc'
import { formatCalendarDate } from '~/lib/time'

export const EXPIRES_SOON_DAYS = 30

export type ExpiryState = 'expired' | 'expires-soon' | null

function dayNumber(dateString: string) {
  return Math.round(Date.parse(`${dateString}T00:00:00Z`) / 86_400_000)
}

/**
 * 'expired' once the expiry day has passed (a license is valid through its
 * expiry date), 'expires-soon' from 30 days before it, else null. Both days
 * are calendar days in the agency's time zone.
 */
export function expiryState(expiresOn: string | null | undefined, today: string): ExpiryState {
  if (!expiresOn) return null
  const daysLeft = dayNumber(expiresOn) - dayNumber(today)
  if (daysLeft < 0) return 'expired'
  if (daysLeft <= EXPIRES_SOON_DAYS) return 'expires-soon'
  return null
}

export const EXPIRY_LABELS: Record<Exclude<ExpiryState, null>, string> = {
  expired: 'Expired',
  'expires-soon': 'Expires soon',
}

/** A date-only value (YYYY-MM-DD) as 'Mar 10, 2024'; it names a day, so no zone shifts it. */
export function formatDay(dateString: string) {
  return formatCalendarDate(dateString)
}

/**
 * A rate in dollars (whole cents) as US English writes it: 25.5 → '$25.50',
 * 1234 → '$1,234.00'. Without Intl, whose first use on a page loads the
 * browser's number data.
 */
export function formatRate(dollars: number) {
  const cents = Math.round(Math.abs(dollars) * 100)
  return `${dollars < 0 && cents > 0 ? '-' : ''}$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`
}
