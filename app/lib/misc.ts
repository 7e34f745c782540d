/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>) {
  return classes.filter(Boolean).join(' ')
}

export function getErrorMessage(error: unknown) {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message
  }
  return 'Unknown error'
}

/** 'in_progress' -> 'In Progress' (the spec's badge and type labels). */
export function titleCase(value: string) {
  return value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * A whole number as US English writes it: 1234567 → '1,234,567'. Without
 * Intl, whose first use on a page loads the browser's number data.
 */
export function formatCount(value: number) {
  const digits = String(Math.trunc(Math.abs(value)))
  return `${value <= -1 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
}

/** 512 → '512 B', 1536 → '1.5 KB', 12_800 → '13 KB', 3_500_000 → '3.3 MB'. */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}

/** 10000 → '10 seconds'; 300 → '300 ms' (for "did not answer within …"). */
export function describeDuration(ms: number) {
  const seconds = Math.round(ms / 1000)
  return ms >= 1000 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${ms} ms`
}
