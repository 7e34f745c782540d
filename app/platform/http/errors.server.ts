import type { SubmissionResult } from '@conform-to/react'
import { json } from '@remix-run/node'
import { ConflictError, NotFoundError, RuleViolationError, TooManyAttemptsError } from '~/platform/errors'
import { apiError } from '~/platform/http/api.server'
import { createToastHeaders, redirectWithToast } from '~/platform/http/toast.server'

/**
 * Turns what a feature threw (app/platform/errors.ts) into the answer a page,
 * a form or the JSON API gives. Routes call the feature inside `try` and
 * hand the error to one of these; none of them hides an unexpected error:
 * it is logged, and the person is told the save failed.
 */

/** The 404 page for a record that is not there. */
export function notFoundResponse(error: NotFoundError) {
  return new Response(error.message, { status: 404 })
}

type FormErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> }

/**
 * The reply to a form whose save threw, and how to send it: a
 * RuleViolationError next to its field (or above the form) with 400; a
 * ConflictError above the form with 409 and an Error toast, since it is news
 * of someone else's change; a NotFoundError is thrown as the 404 page; and
 * anything else is logged and answered with `failure` above the form, the
 * Error toast and 500. For actions that wrap the reply (a page with several
 * forms); the others use formFailure.
 */
export async function formFailureReply(
  error: unknown,
  reply: (errors: FormErrors) => SubmissionResult<string[]>,
  failure: string,
  { title = 'Error' }: { title?: string } = {},
) {
  if (error instanceof NotFoundError) throw notFoundResponse(error)
  if (error instanceof RuleViolationError) {
    const errors = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
    if (error instanceof TooManyAttemptsError) {
      return { result: reply(errors), init: { status: 429, headers: { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) } } }
    }
    return { result: reply(errors), init: { status: 400 } }
  }
  const expected = error instanceof ConflictError
  if (!expected) console.error(error)
  const message = expected ? error.message : failure
  return {
    result: reply({ formErrors: [message] }),
    init: {
      status: expected ? 409 : 500,
      headers: await createToastHeaders({ type: 'destructive', title, description: message }),
    },
  }
}

/**
 * A form action's answer when its save threw (see formFailureReply):
 *
 *   try {
 *     await updateLead(id, submission.value, actor)
 *   } catch (error) {
 *     return formFailure(error, submission, 'Failed to update lead')
 *   }
 */
export async function formFailure(
  error: unknown,
  submission: { reply(options: FormErrors & { hideFields?: string[] }): SubmissionResult<string[]> },
  failure: string,
  { hideFields, title }: { hideFields?: string[]; title?: string } = {},
) {
  const { result, init } = await formFailureReply(error, (errors) => submission.reply({ ...errors, hideFields }), failure, { title })
  return json(result, init)
}

/**
 * For actions behind a button rather than a form (delete, approve, change
 * a status): back to `to` with a toast saying why the change failed. A
 * RuleViolationError or ConflictError toasts its own message, a NotFoundError
 * is the 404 page, anything else is logged and toasts `failure`.
 */
export async function redirectWithFailure(error: unknown, to: string, failure: string, { title = 'Error' }: { title?: string } = {}) {
  if (error instanceof NotFoundError) throw notFoundResponse(error)
  const expected = error instanceof RuleViolationError || error instanceof ConflictError
  if (!expected) console.error(error)
  return redirectWithToast(to, { type: 'destructive', title, description: expected ? error.message : failure })
}

/**
 * The JSON API's answer for an error (docs/api.md): NotFoundError 404,
 * ConflictError 409, RuleViolationError 400 (with `fieldErrors` when it
 * belongs to a field, under `Invalid <record>` as for a body that fails its
 * schema), and anything else a logged 500 `{ error: 'Internal error' }`.
 * Responses (401, 403, a 400 from parseJsonBody) pass through.
 */
export function apiErrorResponse(error: unknown, record: string): Response {
  if (error instanceof Response) return error
  if (error instanceof NotFoundError) return apiError(404, error.message)
  if (error instanceof ConflictError) return apiError(409, error.message)
  if (error instanceof RuleViolationError) {
    return error.field
      ? apiError(400, `Invalid ${record}`, { fieldErrors: { [error.field]: [error.message] } })
      : apiError(400, error.message)
  }
  console.error(error)
  return apiError(500, 'Internal error')
}

/**
 * Wraps an API loader or action so every failure answers in the API's
 * format (apiErrorResponse). `record` is what the endpoint's bodies
 * describe ('lead', 'patient').
 *
 *   export const action = apiRoute('lead', async ({ request, params }: ActionFunctionArgs) => { ... })
 */
export function apiRoute<Args>(record: string, handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args)
    } catch (error) {
      throw apiErrorResponse(error, record)
    }
  }
}
