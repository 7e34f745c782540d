import { json } from '@remix-run/node'
import type { z } from 'zod'
import { UNSTORABLE_TEXT_MESSAGE, isUnstorableText } from '~/lib/form-input'

/**
 * Helpers for the public JSON API under /api/* (docs/api.md): errors are
 * `{ error, fieldErrors? }` with a 4xx status, so clients can show
 * '{status}: {body text}'.
 */
export function apiError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return json({ error, ...extra }, { status })
}

/** Deeper than any body the API takes; checked without recursion. */
const MAX_JSON_DEPTH = 32

export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text.trim()) return {}
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw apiError(400, 'Request body must be valid JSON')
  }
  const unstorable: Record<string, string[]> = {}
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }]
  while (pending.length > 0) {
    const { value, path } = pending.pop()!
    if (path.length > MAX_JSON_DEPTH) throw apiError(400, 'Request body is nested too deeply')
    if (typeof value === 'string') {
      if (isUnstorableText(value)) unstorable[path.join('.') || '_'] = [UNSTORABLE_TEXT_MESSAGE]
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push({ value: child, path: [...path, key] })
    }
  }
  if (Object.keys(unstorable).length > 0) throw apiError(400, 'Invalid request body', { fieldErrors: unstorable })
  return body
}

/** Parses with the form's own schema; 400 with per-field messages when invalid. */
export async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema, what: string) {
  const body = await readJsonBody(request)
  const result = schema.safeParse(body)
  if (!result.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_'
      ;(fieldErrors[key] ??= []).push(issue.message)
    }
    throw apiError(400, `Invalid ${what}`, { fieldErrors })
  }
  return result.data as z.infer<Schema>
}

export function methodNotAllowed(allowed: string[]) {
  return json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: allowed.join(', ') } })
}
