import { expect, test } from 'vitest'
import { action as userAction } from '~/routes/_app.settings.users.$userId'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

/** Needs truly concurrent connections, which only a PostgreSQL server gives. */
function postUser(userId: string, cookie: string, form: Record<string, string>) {
  return callRoute(userAction, makeRequest(`/settings/users/${userId}`, { cookie, form }), { userId })
}

test('two admins demoting each other at once leave one admin', async () => {
  await prisma.user.updateMany({ where: { role: 'admin' }, data: { isActive: false } })
  const first = await signedInUser('admin')
  const second = await signedInUser('admin')
  const responses = await Promise.all([
    postUser(second.user.id, first.cookie, { intent: 'update', name: second.user.name, role: 'viewer' }),
    postUser(first.user.id, second.cookie, { intent: 'update', name: first.user.name, role: 'viewer' }),
  ])
  expect(responses.filter((response) => response.status === 302)).toHaveLength(1)
  expect(await prisma.user.count({ where: { role: 'admin', isActive: true } })).toBe(1)


  await prisma.user.updateMany({ where: { role: 'admin' }, data: { isActive: false } })
  const third = await signedInUser('admin')
  const fourth = await signedInUser('admin')
  const deactivations = await Promise.all([
    postUser(fourth.user.id, third.cookie, { intent: 'deactivate' }),
    postUser(third.user.id, fourth.cookie, { intent: 'deactivate' }),
  ])
  expect(deactivations.filter((response) => response.status === 302)).toHaveLength(1)
  expect(await prisma.user.count({ where: { role: 'admin', isActive: true } })).toBe(1)
})
