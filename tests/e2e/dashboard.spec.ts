import { expect, test, useRole, waitForHydration, type Page } from './support/fixtures'

/** A lead with a task the signed-in user logged, due long ago: first on their work queue. */
async function overdueTask(page: Page, unique: string) {
  const created = await page.request.post('/api/leads', {
    data: { firstName: 'Dash', lastName: `Queue${unique}`, email: `dash${unique}@example.com`, phone: '2015550177', status: 'contacted' },
  })
  const leadId = (await created.json()).id as string
  const subject = `Call back ${unique}`
  const logged = await page.request.post(`/api/leads/${leadId}/communications`, {
    data: { type: 'task', status: 'scheduled', subject, scheduledDate: '1990-01-02T09:00' },
  })
  expect(logged.status()).toBe(201)
  const communicationId = (await logged.json()).id as string
  return { leadId, communicationId, link: `${subject} (Dash Queue${unique})` }
}

test.describe('dashboard', () => {
  useRole('coordinator')

  test('a task is reached and opened by keyboard, and leaves the queue once handled', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    const { leadId, communicationId, link } = await overdueTask(page, unique)
    await page.goto('/')
    await waitForHydration(page)
    const queue = page.getByRole('region', { name: 'Work Queue / Task List' })
    const taskLink = queue.getByRole('link', { name: link })
    await expect(taskLink).toBeVisible()
    await expect(queue.getByRole('listitem').first()).toContainText(link)
    // The header counts the tasks listed.
    const listed = await queue.getByRole('listitem').count()
    await expect(queue.getByText(`${listed} ${listed === 1 ? 'task' : 'tasks'}`, { exact: true })).toBeVisible()

    for (let presses = 0; presses < 120; presses += 1) {
      await page.keyboard.press('Tab')
      if (await taskLink.evaluate((element) => element === document.activeElement)) break
    }
    await expect(taskLink).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/leads/${leadId}#communication-${communicationId}`)

    const done = await page.request.put(`/api/leads/${leadId}/communications/${communicationId}`, {
      data: { type: 'task', status: 'completed', subject: 'done' },
    })
    expect(done.ok()).toBe(true)
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Work Queue / Task List' })).toBeVisible()
    await expect(page.getByRole('link', { name: link })).toHaveCount(0)
  })

  test('counters open their lists, filtered; a coordinator may add a lead', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    for (const name of ['Upcoming Appointments', 'Pending Signatures', 'Pending Background Verifications', 'Recent Activity', 'Recent Leads']) {
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible()
    }
    await expect(page.getByRole('link', { name: 'Add Lead' })).toBeVisible()
    await page.getByRole('link', { name: /^Active Patients/ }).click()
    await expect(page).toHaveURL('/patients?status=complete')
  })

  test('Add Lead from the dashboard closes back to the dashboard: Cancel, and a lead created, listed under Recent Leads', async ({ page }) => {
    const lastName = `Desk${Date.now().toString().slice(-6)}`
    await page.goto('/')
    await page.getByRole('link', { name: 'Add Lead' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/')

    await page.getByRole('link', { name: 'Add Lead' }).click()
    await dialog.getByLabel('First Name').fill('Dana')
    await dialog.getByLabel('Last Name').fill(lastName)
    await dialog.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`)
    await dialog.getByLabel('Phone').fill('2015550142')
    await dialog.getByRole('button', { name: 'Create Lead' }).click()
    await expect(page.getByTestId('toast')).toBeVisible()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('region', { name: 'Recent Leads', exact: true })).toContainText(`Dana ${lastName}`)
  })
})

test.describe('dashboard as a viewer', () => {
  useRole('viewer')

  test('shows the records and no write actions', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Work Queue / Task List' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Lead' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'New Appointment' })).toHaveCount(0)
  })
})
