import { storableText } from '~/lib/form-input'

/**
 * Search that runs in the database. Every list searches the same way: the
 * query's words must all appear (case-insensitive, in any order), and LIKE
 * wildcards typed by a user are literal characters.
 */
export function digitsOf(value: string) {
  return value.replace(/\D/g, '')
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** The lower-case words of a query; none when it is blank. */
function searchWords(q: string) {
  return storableText(q).trim().toLowerCase().split(/\s+/).filter(Boolean)
}

type ContainsWord = { contains: string; mode: 'insensitive' }
/** One condition per field: `{ name: … } | { description: … }`. */
type OneFieldContains<Field extends string> = { [Name in Field]: { [Key in Name]: ContainsWord } }[Field]

/**
 * Every word must appear in one of `fields`, e.g. a document's name or its
 * description. Undefined when there is nothing to search for.
 */
export function wordsInFieldsWhere<Field extends string>(q: string, fields: readonly Field[]) {
  const words = searchWords(q)
  if (words.length === 0) return undefined
  return {
    AND: words.map((word) => ({
      OR: fields.map((field) => ({ [field]: { contains: escapeLike(word), mode: 'insensitive' } }) as OneFieldContains<Field>),
    })),
  }
}

/**
 * For records that keep `searchText` (lower-case words) and `phoneDigits`
 * columns with trigram indexes (leads, patients, caregivers): every word
 * must appear in the searchable text, or the digits of the query must appear
 * in the phone number, so '555 123' finds '(555) 123-4567'. Undefined when
 * there is nothing to search for.
 */
export function textSearchWhere(q: string) {
  const words = searchWords(q)
  if (words.length === 0) return undefined
  const clauses: Array<{ AND: Array<{ searchText: { contains: string } }> } | { phoneDigits: { contains: string } }> = [
    { AND: words.map((word) => ({ searchText: { contains: escapeLike(word) } })) },
  ]
  const digits = digitsOf(q)
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
