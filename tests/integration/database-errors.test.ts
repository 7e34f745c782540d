import { expect, test } from 'vitest'
import { prisma } from '~/platform/db.server'

test('the database keeps answering after a query fails', async () => {
  await prisma.user.create({ data: { email: 'duplicate@example.com', name: 'First', passwordHash: 'x' } })
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(prisma.user.create({ data: { email: 'duplicate@example.com', name: 'Again', passwordHash: 'x' } })).rejects.toThrow()
    expect(await prisma.user.count({ where: { email: 'duplicate@example.com' } })).toBe(1)
  }
  await expect(
    prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { email: 'in-transaction@example.com', name: 'Rolled back', passwordHash: 'x' } })
      await tx.user.create({ data: { email: 'duplicate@example.com', name: 'Again', passwordHash: 'x' } })
    }),
  ).rejects.toThrow()
  expect(await prisma.user.count({ where: { email: 'in-transaction@example.com' } })).toBe(0)
})
