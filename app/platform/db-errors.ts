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
