import { isUuid } from '~/lib/ids'
import { NotFoundError } from '~/platform/errors'

/** Prisma's codes for the database refusals services turn into typed errors. */
function prismaCode(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined
}

/** A unique constraint refused the write (someone else saved the same key first). */
export function isUniqueViolation(error: unknown) {
  return prismaCode(error) === 'P2002'
}

/** The row to update or delete was not there (deleted by someone else meanwhile). */
export function isRecordNotFound(error: unknown) {
  return prismaCode(error) === 'P2025'
}

/**
 * The database's own SQLSTATE behind a failed query, where Prisma passes it
 * on: a driver adapter error carries it in `cause` (inside and outside a
 * transaction alike), a known request error in `meta.driverAdapterError`.
 */
function sqlState(error: unknown): { code?: unknown; message?: unknown } | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { cause, meta } = error as { cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } }
  const found = [cause, meta?.driverAdapterError?.cause].find((candidate) => typeof candidate === 'object' && candidate !== null)
  if (!found) return undefined
  const { originalCode, code, originalMessage, message } = found as Record<string, unknown>
  return { code: originalCode ?? code, message: originalMessage ?? message }
}

/**
 * An exclusion constraint refused the write (SQLSTATE 23P01): the row would
 * overlap one the constraint keeps apart from it, e.g. a caregiver booked
 * twice at once. With `constraint`, only a refusal by that constraint.
 */
export function isExclusionViolation(error: unknown, constraint?: string) {
  const state = sqlState(error)
  if (state?.code !== '23P01') return false
  return constraint === undefined || (typeof state.message === 'string' && state.message.includes(`"${constraint}"`))
}

/**
 * Runs a change to the record `id` names, reporting a record that is not
 * there as NotFoundError(what): an id that cannot name one, or a row that was
 * missing or went away before the change reached it (P2025, from
 * findUniqueOrThrow, update or delete). A delete racing another delete is a
 * 404 for the loser, not a 500.
 */
export async function changeExisting<T>(what: string, id: string, change: () => Promise<T>): Promise<T> {
  if (!isUuid(id)) throw new NotFoundError(what)
  try {
    return await change()
  } catch (error) {
    // P2003: a row it refers to (a lead for a new communication) was deleted meanwhile.
    if (isRecordNotFound(error) || prismaCode(error) === 'P2003') throw new NotFoundError(what)
    throw error
  }
}
