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
})
