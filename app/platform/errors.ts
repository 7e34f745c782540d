/**
 * How a feature says a change or lookup failed: it throws one of these. The
 * route turns them into an answer with the helpers of
 * app/platform/http/errors.server.ts (a 404, a message next to the form or in
 * a toast, a JSON error); anything else a feature throws is unexpected: it is
 * logged and answered 500, and the transaction it happened in saved nothing.
 */

/** The record is not there: it never was, or someone deleted it meanwhile. */
export class NotFoundError extends Error {
  override name = 'NotFoundError'

  /** `what` is the record's kind as people call it ('Lead', 'Document type'). */
  constructor(readonly what: string) {
    super(`${what} not found`)
  }
}

/**
 * The change cannot be made as things stand: the record is no longer in the
 * state it needs (someone else got there first), or a service it depends on
 * is not configured or refused it. The message says which, for people.
 */
export class ConflictError extends Error {
  override name = 'ConflictError'
}

/**
 * The change breaks a rule of the business (not a form's schema, which is
 * checked before the feature is called). `field` names the form field the
 * message belongs next to, when there is one.
 */
export class RuleViolationError extends Error {
  override name = 'RuleViolationError'

  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

/**
 * Too many guesses in a row (a password, a code): the person is told when
 * to try again, next to `field`; HTTP answers are 429 with Retry-After.
 */
export class TooManyAttemptsError extends RuleViolationError {
  override name = 'TooManyAttemptsError'

  constructor(
    message: string,
    readonly retryAfterMs: number,
    field?: string,
  ) {
    super(message, field)
  }
}
