import { expect, test, useRole } from './support/fixtures'

/** The dashboard as a plain page: everything is in the first response; links work without JavaScript. */
test.describe('dashboard without JavaScript', () => {
  useRole('coordinator')

  test('sections, a counter link and a task link', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Plain', lastName: `Queue${unique}`, email: `plainq${unique}@example.com`, phone: '2015550178', status: 'contacted' },
    })
    const leadId = (await created.json()).id as string
    const logged = await page.request.post(`/api/leads/${leadId}/communications`, {
      data: { type: 'task', status: 'scheduled', subject: `Plain task ${unique}`, scheduledDate: '1990-01-01' },
    })
    const communicationId = (await logged.json()).id as string

    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Recent Leads' }).getByRole('link', { name: `Plain Queue${unique}` })).toBeVisible()
    await page.getByRole('link', { name: /^Available Caregivers/ }).click()
    await expect(page).toHaveURL('/caregivers?status=active&backgroundCheckStatus=cleared')

    await page.goto('/')
    await page.getByRole('region', { name: 'Work Queue / Task List' }).getByRole('link', { name: `Plain task ${unique} (Plain Queue${unique})` }).click()
    await expect(page).toHaveURL(`/leads/${leadId}#communication-${communicationId}`)
    await page.request.put(`/api/leads/${leadId}/communications/${communicationId}`, { data: { type: 'task', status: 'completed' } })
  })

  test("'Show all' lists the whole work queue and 'Show the most urgent 10' goes back, as plain links", async ({ page }) => {
    // More tasks than the first ten: overdue task communications of this test's lead.
    const unique = Date.now().toString().slice(-7)
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Backlog', lastName: `Queue${unique}`, email: `backlog${unique}@example.com`, phone: '2015550178', status: 'contacted' },
    })
    const leadId = (await created.json()).id as string
    for (let index = 0; index < 11; index += 1) {
      const logged = await page.request.post(`/api/leads/${leadId}/communications`, {
        data: { type: 'task', status: 'scheduled', subject: `Backlog task ${index}`, scheduledDate: '1991-01-01' },
      })
      expect(logged.status()).toBe(201)
    }
    await page.goto('/')
    const queue = page.getByRole('region', { name: 'Work Queue / Task List' })
    await expect(queue.getByRole('listitem')).toHaveCount(10)
    await queue.getByRole('link', { name: /^Show all \d+ tasks$/ }).click()
    await expect(page).toHaveURL('/?tasks=all#work-queue')
    expect(await queue.getByRole('listitem').count()).toBeGreaterThan(10)
    await queue.getByRole('link', { name: 'Show the most urgent 10' }).click()
    await expect(page).toHaveURL('/#work-queue')
    await expect(queue.getByRole('listitem')).toHaveCount(10)
  })
})
