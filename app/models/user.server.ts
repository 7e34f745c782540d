import { prisma } from '~/utils/db.server'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '~/utils/password.server'
import type { Role } from '~/utils/permissions'

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
