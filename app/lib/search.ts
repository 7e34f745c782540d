import { storableText } from '~/lib/form-input'

/**
 * Substring search over the `searchText` (lower-case words) and `phoneDigits`
 * columns that Lead, Patient and Caregiver keep for their trigram indexes.
 */
export function digitsOf(value: string) {
  return value.replace(/\D/g, '')
}

/** LIKE wildcards typed by a user are literal characters. */
function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * Every word must appear in the searchable text (case-insensitive), or the
 * digits of the query must appear in the phone number, so '555 123' finds
 * '(555) 123-4567'. Undefined when there is nothing to search for.
 */
export function textSearchWhere(q: string) {
  const term = storableText(q).trim().toLowerCase()
  if (!term) return undefined
  const words = term.split(/\s+/).filter(Boolean)
  const clauses: Array<{ AND: Array<{ searchText: { contains: string } }> } | { phoneDigits: { contains: string } }> = [
    { AND: words.map((word) => ({ searchText: { contains: escapeLike(word) } })) },
  ]
  const digits = digitsOf(term)
  if (digits.length >= 3) clauses.push({ phoneDigits: { contains: digits } })
  return { OR: clauses }
}

/** The values of the search columns for a record. */
export function searchColumns(words: Array<string | null | undefined>, phone: string) {
  return {
    searchText: words.filter(Boolean).join(' ').toLowerCase(),
    phoneDigits: digitsOf(phone),
  }
}
