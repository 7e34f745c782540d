import { json } from '@remix-run/node'
import type { z } from 'zod'

/**
 * Helpers for the public JSON API under /api/* (docs/api.md): errors are
 * `{ error, fieldErrors? }` with a 4xx status, so clients can show
 * '{status}: {body text}'.
 */
export function apiError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return json({ error, ...extra }, { status })
}

export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw apiError(400, 'Request body must be valid JSON')
  }
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
