import { type Intent, type Submission, parse } from '@conform-to/react'
// eslint-disable-next-line no-restricted-imports -- the guarded wrapper itself
import { parseWithZod as parseWithZodUnguarded } from '@conform-to/zod/v4'
import type { $ZodType, input, output } from 'zod/v4/core'

/**
 * Every form is parsed here (server and browser), so no form can be made to
 * cost more than a bounded amount of work, and text PostgreSQL cannot store
 * is refused next to its field instead of failing the save.
 */

/** More fields than any form of the portal has, by far. */
export const MAX_FORM_FIELDS = 1000
/** List rows ('contacts[3].name'): a form never needs more. */
export const MAX_LIST_INDEX = 100

export const UNSTORABLE_TEXT_MESSAGE = 'Remove the invisible control characters from this field'

/** NUL, which PostgreSQL text cannot hold, and UTF-16 halves that encode no character. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isUnstorableText(value: string) {
  return UNSTORABLE.test(value)
}

/** Text PostgreSQL can store: NUL and lone surrogates removed (for search terms). */
export function storableText(value: string) {
  return value.replace(new RegExp(UNSTORABLE.source, 'g'), '')
}

/**
 * Refuses a form with too many fields or a list index past MAX_LIST_INDEX:
 * a sparse `contacts[100000].name` would otherwise make the parser build and
 * validate a hundred thousand rows. Thrown as a 400 Response, which Remix
 * sends as it is (the portal's own forms never come near either limit).
 */
export function assertFormWithinLimits(payload: FormData | URLSearchParams) {
  let count = 0
  for (const [name] of payload.entries()) {
    count += 1
    if (count > MAX_FORM_FIELDS) throw tooLarge(`A form may not have more than ${MAX_FORM_FIELDS} fields`)
    for (const match of name.matchAll(/\[(\d+)\]/g)) {
      if (match[1]!.length > 3 || Number(match[1]) > MAX_LIST_INDEX) {
        throw tooLarge(`A form list may not have more than ${MAX_LIST_INDEX + 1} rows`)
      }
    }
  }
}

function tooLarge(message: string) {
  return new Response(message, { status: 400, statusText: 'Bad Request' })
}

/** Names of the fields whose text PostgreSQL could not store. */
export function unstorableFields(payload: FormData | URLSearchParams) {
  const names = new Set<string>()
  for (const [name, value] of payload.entries()) {
    if (typeof value === 'string' && isUnstorableText(value)) names.add(name)
  }
  return [...names]
}

/**
 * Conform's parseWithZod behind the guards above: the one way forms are
 * parsed (ESLint refuses the unguarded import elsewhere).
 */
export function parseWithZod<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  options: { schema: Schema | ((intent: Intent | null) => Schema); disableAutoCoercion?: boolean },
): Submission<input<Schema>, string[], output<Schema>> {
  assertFormWithinLimits(payload)
  const unstorable = unstorableFields(payload)
  if (unstorable.length > 0) {
    return parse(payload, {
      resolve: () => ({ error: Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_TEXT_MESSAGE]])) }),
    }) as Submission<input<Schema>, string[], output<Schema>>
  }
  return parseWithZodUnguarded(payload, options)
}
