/**
 * `@db.Date` columns hold a calendar day (a birth date, an expiry date).
 * Prisma hands them over as midnight UTC, so the day is written and read in
 * UTC, never in a local zone.
 */
export function toDateColumn(day: string): Date
export function toDateColumn(day: string | null | undefined): Date | null
export function toDateColumn(day: string | null | undefined) {
  return day ? new Date(`${day}T00:00:00.000Z`) : null
}

export function fromDateColumn(value: Date): string
export function fromDateColumn(value: Date | null): string | null
export function fromDateColumn(value: Date | null) {
  return value ? value.toISOString().slice(0, 10) : null
}
