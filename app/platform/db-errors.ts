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
