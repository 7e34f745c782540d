import type { Prisma } from '~/generated/prisma/client'
import { isUuid } from '~/lib/ids'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { changeExisting, isUniqueViolation } from '~/platform/db-errors'
import { RuleViolationError } from '~/platform/errors'
import { prisma } from '~/platform/db.server'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '~/platform/auth/password.server'
import type { Role } from '~/platform/auth/permissions'

export const userSummarySelect = {
  id: true,
  email: true,
  name: true,
  role: true,
  isActive: true,
  createdAt: true,
} as const

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

export async function createUser(input: { email: string; name: string; role: Role; password: string }) {
  return prisma.user.create({
    data: {
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      role: input.role,
      passwordHash: await hashPassword(input.password),
    },
    select: userSummarySelect,
  })
}

/** The active user with these credentials, or null (in the same time either way). */
export async function verifyUserLogin(email: string, password: string) {
  const user = await prisma.user.findUnique({ where: { email: normalizeEmail(email) } })
  if (!user || !user.isActive) {
    await verifyAgainstDummy(password)
    return null
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null
  return { id: user.id, email: user.email, name: user.name, role: user.role }
}

export async function listUsers() {
  return prisma.user.findMany({ select: userSummarySelect, orderBy: [{ isActive: 'desc' }, { name: 'asc' }] })
}

export async function getUserById(id: string) {
  return prisma.user.findUnique({ where: { id }, select: userSummarySelect })
}

export async function findUserByEmail(email: string) {
  return prisma.user.findUnique({ where: { email: normalizeEmail(email) }, select: userSummarySelect })
}

export async function setUserPassword(userId: string, password: string) {
  await prisma.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(password) } })
}

export async function countActiveAdmins() {
  return prisma.user.count({ where: { role: 'admin', isActive: true } })
}

/** Like getUserById, but null (not a database error) for a malformed id from a URL. */
export async function findUserForAdmin(id: string | undefined) {
  if (!isUuid(id)) return null
  return getUserById(id)
}

export const DUPLICATE_EMAIL_MESSAGE = 'A user with this email already exists'
export const SELF_DEMOTE_MESSAGE = 'You cannot change your own role.'
export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate your own account.'
export const LAST_ADMIN_DEMOTE_MESSAGE =
  'This is the last active admin. Make another user an admin before changing this role.'
export const LAST_ADMIN_DEACTIVATE_MESSAGE =
  'This is the last active admin. Make another user an admin before deactivating this account.'

/**
 * Locks every active admin row until the transaction ends and returns their
 * ids, so two admins demoting or deactivating each other at the same moment
 * cannot leave the agency without one.
 */
async function lockActiveAdmins(tx: Prisma.TransactionClient) {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT "id"::text AS "id" FROM "User" WHERE "role" = 'admin' AND "isActive" = true ORDER BY "id" FOR UPDATE`
  return rows.map((row) => row.id)
}

/** Creates a user and its audit entry ('create', never the password). An address already in use is refused. */
export async function createUserAccount(input: { email: string; name: string; role: Role; password: string }, actor: Actor) {
  const email = normalizeEmail(input.email)
  if (await findUserByEmail(email)) throw new RuleViolationError(DUPLICATE_EMAIL_MESSAGE, 'email')
  const passwordHash = await hashPassword(input.password)
  try {
    return await prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email, name: input.name.trim(), role: input.role, passwordHash },
        select: userSummarySelect,
      })
      await recordAudit(
        {
          actor,
          action: 'create',
          entityType: 'User',
          entityId: created.id,
          details: { fields: ['name', 'email', 'role'], name: created.name, email: created.email, role: created.role },
        },
        tx,
      )
      return created
    })
  } catch (error) {
    // Someone else took the address between the check and the insert.
    if (isUniqueViolation(error)) throw new RuleViolationError(DUPLICATE_EMAIL_MESSAGE, 'email')
    throw error
  }
}

/**
 * Changes a user's name and role. Nobody changes their own role, and the last
 * active admin keeps theirs. Audits the fields that changed, old and new, and
 * returns their names.
 */
export async function updateUserAccount(userId: string, input: { name: string; role: Role }, actor: Actor) {
  return changeExisting('User', userId, () =>
    prisma.$transaction(async (tx) => {
      const activeAdmins = await lockActiveAdmins(tx)
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: userSummarySelect })
      const name = input.name.trim()
      const changes: Record<string, { from: string; to: string }> = {}
      if (user.name !== name) changes.name = { from: user.name, to: name }
      if (user.role !== input.role) changes.role = { from: user.role, to: input.role }
      if (changes.role) {
        if (userId === actor.userId) throw new RuleViolationError(SELF_DEMOTE_MESSAGE, 'role')
        if (user.role === 'admin' && user.isActive && activeAdmins.length <= 1) {
          throw new RuleViolationError(LAST_ADMIN_DEMOTE_MESSAGE, 'role')
        }
      }
      const changed = Object.keys(changes)
      if (changed.length > 0) {
        await tx.user.update({ where: { id: userId }, data: { name, role: input.role } })
        await recordAudit(
          {
            actor,
            action: 'update',
            entityType: 'User',
            entityId: userId,
            details: { fields: changed, changes },
          },
          tx,
        )
      }
      return changed
    }),
  )
}

/**
 * Deactivates or reactivates a user. Nobody deactivates themselves, and the
 * last active admin stays active. False when it already was so. The caller
 * ends the user's sessions.
 */
export async function setUserActive(userId: string, isActive: boolean, actor: Actor) {
  return changeExisting('User', userId, () =>
    prisma.$transaction(async (tx) => {
      const activeAdmins = await lockActiveAdmins(tx)
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: userSummarySelect })
      if (user.isActive === isActive) return false
      if (!isActive) {
        if (userId === actor.userId) throw new RuleViolationError(SELF_DEACTIVATE_MESSAGE)
        if (user.role === 'admin' && activeAdmins.length <= 1) throw new RuleViolationError(LAST_ADMIN_DEACTIVATE_MESSAGE)
      }
      await tx.user.update({ where: { id: userId }, data: { isActive } })
      await recordAudit(
        {
          actor,
          action: 'update',
          entityType: 'User',
          entityId: userId,
          details: { fields: ['isActive'], changes: { isActive: { from: user.isActive, to: isActive } } },
        },
        tx,
      )
      return true
    }),
  )
}

/** Sets a new password and audits that it changed (never the value). The caller ends sessions. */
export async function changeUserPassword(userId: string, password: string, actor: Actor) {
  const passwordHash = await hashPassword(password)
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } })
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'User',
        entityId: userId,
        details: { field: 'password' },
      },
      tx,
    )
  })
}

/** Whether `password` is this user's current password. */
export async function verifyUserPassword(userId: string, password: string) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } })
  if (!user) {
    await verifyAgainstDummy(password)
    return false
  }
  return verifyPassword(password, user.passwordHash)
}
