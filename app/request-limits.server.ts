import type { Request } from 'express'
import { MAX_CAREGIVER_REQUEST_BYTES } from '~/features/caregivers/upload.server'
import { MAX_DOCUMENT_BYTES } from '~/features/documents/schema'
import type { BodyLimit } from '~/platform/http/request-guards.server'

/** Forms, JSON and webhook deliveries: far more than any of them needs. */
const DEFAULT_LIMIT: BodyLimit = { maxBytes: 1024 * 1024 }

/**
 * Routes that take files stream them to storage and refuse an oversized file
 * with a message of their own, so the server's cap sits above theirs.
 */
const UPLOAD_ROUTES: Array<{ path: RegExp; limit: BodyLimit }> = [
  { path: /^\/documents-new\/upload$/, limit: { maxBytes: 2 * MAX_DOCUMENT_BYTES, streaming: true } },
  { path: /^\/api\/documents\/simple-upload$/, limit: { maxBytes: 2 * MAX_DOCUMENT_BYTES, streaming: true } },
  { path: /^\/caregivers\/(new|[^/]+\/edit)$/, limit: { maxBytes: 2 * MAX_CAREGIVER_REQUEST_BYTES, streaming: true } },
]

export function bodyLimitFor(req: Request): BodyLimit {
  return UPLOAD_ROUTES.find((route) => route.path.test(req.path))?.limit ?? DEFAULT_LIMIT
}
