import { checkA11y, expect, test, useRole } from './support/fixtures'

/** Leads with JavaScript: dialogs over the list, by keyboard. (The e2e server runs with MOCKS=true: GoHighLevel is a local fake.) */
test.describe('leads', () => {
  useRole('coordinator')

  test('add a lead by keyboard: errors next to fields, then created and synced', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await page.goto('/leads')
    await page.getByRole('link', { name: 'Add New Lead' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await expect(dialog.getByRole('heading', { name: 'Add New Lead' })).toBeVisible()

    await dialog.getByRole('button', { name: 'Create Lead' }).press('Enter')
    await expect(dialog.getByText('First name is required')).toBeVisible()
    await expect(dialog.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true')

    await dialog.getByLabel('First Name').fill('Keyboard')
    await dialog.getByLabel('Last Name').fill(`Tester${unique}`)
    await dialog.getByLabel('Email').fill(`keyboard${unique}@example.com`)
    // All six digits of `unique` in the number: the demo leads and other tests' leads hold 555 numbers too.
    const areaCode = `9${unique.slice(0, 2)}`
    await dialog.getByLabel('Phone').fill(`(${areaCode}) 555-${unique.slice(-4)}`)
    await dialog.getByLabel('State').fill('NYC')
    await expect(dialog.getByLabel('State')).toHaveValue('NY')
    await dialog.getByLabel('ZIP Code').fill('1001')
    await dialog.getByLabel('ZIP Code').press('Tab')
    await expect(dialog.getByText('Invalid ZIP code format')).toBeVisible()
    await dialog.getByLabel('ZIP Code').fill('10001')
    await dialog.getByLabel('Source').selectOption('referral')
    await dialog.getByLabel('Notes').fill('Prefers morning calls.')
    await dialog.getByRole('button', { name: 'Create Lead' }).press('Enter')

    await expect(page.getByTestId('toast')).toContainText('Lead created successfully and synced to GoHighLevel!')
    await expect(dialog).toHaveCount(0)

    // Phone digits find it, however they are typed.
    await page.getByRole('searchbox').fill(`${areaCode} 555 ${unique.slice(-4)}`)
    await page.getByRole('searchbox').press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${areaCode}`))
    await expect(page.getByRole('heading', { name: `Keyboard Tester${unique}` })).toBeVisible()
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
  })

  test("from the list, a lead's page (its communication history) opens from its underlined name; View/Edit is in the row's menu", async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/leads/new', {
      form: { firstName: 'Linked', lastName: `Person${unique}`, email: `linked${unique}@example.com`, phone: '2015550198' },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(302)

    await page.goto(`/leads?q=linked${unique}`)
    const nameLink = page.getByRole('link', { name: `Linked Person${unique}`, exact: true })
    await expect(nameLink).toBeVisible()
    await expect(nameLink).toHaveCSS('text-decoration-line', 'underline')
    await page.getByRole('button', { name: `Actions for Linked Person${unique}` }).click()
    await expect(page.getByRole('menuitem', { name: 'View/Edit' })).toHaveAttribute('href', /\/leads\/edit\/[^/?]+/)
    await page.keyboard.press('Escape')
    await nameLink.click()
    await expect(page.getByRole('heading', { level: 1, name: `Linked Person${unique}` })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Communication History' })).toBeVisible()
  })

  test('a name and notes beyond Latin-1 show as typed, hydrate, and an unchanged edit keeps them', async ({ page }) => {
    // The server writes such characters as references (patches/): the browser must read back the same text.
    const unique = Date.now().toString().slice(-6)
    const name = `Nguy\u1ec5n Th\u1ecb H\u1ed3ng${unique} \u2013 \u{1F600}`
    const notes = 'Prefers \u201cmorning\u201d calls \u2192 after 9\u2026'
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Nguy\u1ec5n Th\u1ecb', lastName: `H\u1ed3ng${unique} \u2013 \u{1F600}`, email: `nguyen${unique}@example.com`, phone: '2015550197', notes },
    })
    expect(created.status()).toBe(201)
    await page.goto(`/leads?q=nguyen${unique}`)
    await page.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(notes, { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: `Edit Lead - ${name}` })
    await expect(dialog.getByLabel('First Name')).toHaveValue('Nguy\u1ec5n Th\u1ecb')
    await expect(dialog.getByLabel('Notes')).toHaveValue(notes)
    await dialog.getByRole('button', { name: 'Update Lead' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(notes, { exact: true })).toBeVisible()
  })

  test('lead page: log, edit and delete a communication; then delete the lead', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    // Posted as the form sends it: the dialog is the test above's subject.
    const created = await page.request.post('/leads/new', {
      form: { firstName: 'Timeline', lastName: `Person${unique}`, email: `timeline${unique}@example.com`, phone: '2015550199' },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(302)

    await page.goto(`/leads?q=timeline${unique}`)
    await page.getByRole('link', { name: `Timeline Person${unique}`, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Timeline Person${unique}` })).toBeVisible()
    await expect(page.getByText('No communications yet')).toBeVisible()
    await checkA11y(page, { label: 'lead page', include: 'main' })

    await page.getByRole('link', { name: 'Log First Communication' }).click()
    const log = page.getByRole('dialog', { name: 'Log New Communication' })
    await log.getByLabel('Type').selectOption('phone')
    await log.getByLabel('Direction').selectOption('outbound')
    await log.getByLabel('Subject').fill('Intro call')
    await log.getByLabel('Content').fill('Discussed weekday visits.')
    await log.getByRole('button', { name: 'Log Communication' }).click()
    await expect(page.getByTestId('toast')).toContainText('Communication logged successfully!')
    const entry = page.getByRole('listitem').filter({ hasText: 'Phone Call: Intro call' })
    await expect(entry).toContainText('Casey Coordinator')

    await entry.getByRole('link', { name: /^Edit/ }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Communication' })
    await edit.getByLabel('Subject').fill('Intro call (rescheduled)')
    await edit.getByLabel('Status').selectOption('scheduled')
    await edit.getByRole('button', { name: 'Update Communication' }).click()
    await expect(page.getByTestId('toast')).toContainText('Communication updated successfully!')
    await expect(page.getByText('Phone Call: Intro call (rescheduled)')).toBeVisible()

    await page.getByRole('listitem').filter({ hasText: 'rescheduled' }).getByRole('link', { name: /^Delete/ }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete Communication' })
    await expect(confirm).toContainText('This action cannot be undone.')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Communication deleted successfully!')
    await expect(page.getByText('No communications yet')).toBeVisible()

    await page.getByRole('link', { name: 'Delete', exact: true }).click()
    const deleteLead = page.getByRole('dialog', { name: 'Delete Lead' })
    await expect(deleteLead).toContainText(`Are you sure you want to delete Timeline Person${unique}? This action cannot be undone.`)
    await deleteLead.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Lead deleted')
    // The lead's page was opened from a search: back to the list with that search.
    await expect(page).toHaveURL(`/leads?q=timeline${unique}`)
  })

  test('cards and table views, filters in the URL, accessible', async ({ page }) => {
    await page.goto('/leads?view=table')
    await expect(page.getByRole('columnheader', { name: 'Source' })).toBeVisible()
    // The cards view is the page's default, which a11y.spec.ts scans.
    await checkA11y(page, { label: 'leads table', include: 'main' })
    await page.getByLabel('Status').selectOption('qualified')
    await expect(page).toHaveURL(/status=qualified/)
    await page.reload()
    await expect(page.getByLabel('Status')).toHaveValue('qualified')
    await page.getByRole('link', { name: 'Cards' }).click()
    await expect(page).toHaveURL(/view=cards/)
    await expect(page.getByLabel('Status')).toHaveValue('qualified')
  })
})

test.describe('leads: closing dialogs and empty lists', () => {
  useRole('coordinator')

  test('Delete opened from the lead page closes back to that page: Cancel, the close button and Escape', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Stay', lastName: `Here${unique}`, email: `stay${unique}@example.com`, phone: '2015550123' },
    })
    expect(created.status()).toBe(201)
    const here = `/leads/${(await created.json()).id}`
    await page.goto(here)
    const closings: Array<(dialog: ReturnType<typeof page.getByRole>) => Promise<void>> = [
      (dialog) => dialog.getByRole('link', { name: 'Cancel' }).click(),
      (dialog) => dialog.getByRole('link', { name: 'Close' }).click(),
      () => page.keyboard.press('Escape'),
    ]
    for (const close of closings) {
      await page.getByRole('link', { name: 'Delete', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete Lead' })
      await expect(dialog).toContainText(`Are you sure you want to delete Stay Here${unique}?`)
      await close(dialog)
      await expect(dialog).toHaveCount(0)
      await expect(page).toHaveURL(here)
      await expect(page.getByRole('heading', { level: 1, name: `Stay Here${unique}` })).toBeVisible()
    }
  })

  test("Edit opened from the lead's page is drawn over that page, not the list; the page is read again once the edit is saved", async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Over', lastName: `Page${unique}`, email: `over${unique}@example.com`, phone: '2015550124' },
    })
    expect(created.status()).toBe(201)
    const here = `/leads/${(await created.json()).id}`
    await page.goto(here)
    const reads: string[] = []
    page.on('request', (request) => {
      const route = new URL(request.url()).searchParams.get('_data')
      if (route?.startsWith('routes/_app.leads')) reads.push(route)
    })
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: `Edit Lead - Over Page${unique}` })
    await expect(dialog).toBeVisible()
    // Behind the dialog: the lead's page (inert while it is open), not the list.
    await expect(page.locator('h1', { hasText: `Over Page${unique}` })).toBeAttached()
    expect(reads).toEqual(['routes/_app.leads_.$leadId.edit'])

    await dialog.getByLabel('Last Name').fill(`Moved${unique}`)
    await dialog.getByRole('button', { name: 'Update Lead' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL(here)
    await expect(page.getByRole('heading', { level: 1, name: `Over Moved${unique}` })).toBeVisible()
    expect(reads).not.toContain('routes/_app.leads')
  })

  test("Delete from a row's menu: back on the list with its search, the focus at the list's heading (the row and its menu are gone)", async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Row', lastName: `Gone${unique}`, email: `rowgone${unique}@example.com`, phone: '2015550126' },
    })
    expect(created.status()).toBe(201)
    await page.goto(`/leads?q=rowgone${unique}`)
    await page.getByRole('button', { name: `Actions for Row Gone${unique}` }).first().click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByRole('dialog', { name: 'Delete Lead' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Lead deleted')
    await expect(page).toHaveURL(`/leads?q=rowgone${unique}`)
    await expect(page.locator('#main h1')).toBeFocused()
  })

  test('a search that finds nothing offers to clear it, not to add a first lead; a page past the end shows the last page', async ({ page }) => {
    await page.goto('/leads?q=nobody-is-called-this')
    await expect(page.getByText('No leads match these filters')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Your First Lead' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Clear search and filters' }).click()
    await expect(page).toHaveURL(/\/leads\?view=cards$/)

    await page.goto('/leads?view=table&page=99')
    const summary = page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
    const [from, to, total] = ((await summary.textContent()) ?? '').match(/\d+/g)!.map(Number)
    expect(from).toBeGreaterThan(0)
    expect(from).toBeLessThanOrEqual(to!)
    expect(to).toBe(total)
    await expect(page.getByRole('row')).toHaveCount(to! - from! + 2)
    await expect(page.getByRole('link', { name: `Page ${Math.ceil(total! / 12)}` })).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('leads: focus after saving a communication', () => {
  useRole('coordinator')

  test('after the first communication: the new entry, never Sync now', async ({ page }) => {
    // A demo lead never sent to GoHighLevel, so its page offers 'Sync now'; its history starts empty.
    const found = await page.request.get('/api/leads?q=margaret.wilson56@example.com')
    const [lead] = (await found.json()) as Array<{ id: string }>
    const history = `/api/leads/${lead!.id}/communications`
    for (const { id } of (await (await page.request.get(history)).json()) as Array<{ id: string }>) {
      await page.request.delete(`${history}/${id}`)
    }
    await page.goto(`/leads/${lead!.id}`)
    const syncNow = page.getByRole('button', { name: 'Sync now' })
    await expect(syncNow).toBeVisible()

    await page.getByRole('link', { name: 'Log First Communication' }).focus()
    await page.keyboard.press('Enter')
    const log = page.getByRole('dialog', { name: 'Log New Communication' })
    await log.getByLabel('Subject').fill('Focus check')
    await log.getByRole('button', { name: 'Log Communication' }).press('Enter')
    await expect(log).toHaveCount(0)
    const entry = page.getByRole('listitem').filter({ hasText: 'Focus check' })
    await expect(entry).toBeFocused()
    await expect(syncNow).not.toBeFocused()
    await expect(page.getByRole('status').filter({ hasText: 'Communication logged successfully!' })).toBeVisible()
    // Enter there starts nothing; Tab goes on into the entry's own links.
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await expect(entry.getByRole('link', { name: /^Edit/ })).toBeFocused()
    await page.reload()
    await expect(syncNow).toBeVisible()
    await expect(page.getByText('Last synced')).toHaveCount(0)
  })

  test('after editing a communication: that entry; after deleting one: the history heading', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Focus', lastName: `Entries${unique}`, email: `focus${unique}@example.com`, phone: '2015550131' },
    })
    const leadId = (await created.json()).id
    for (const subject of ['First call', 'Second call']) {
      const logged = await page.request.post(`/api/leads/${leadId}/communications`, { data: { type: 'phone', subject } })
      expect(logged.status()).toBe(201)
    }
    await page.goto(`/leads/${leadId}`)

    const first = page.getByRole('listitem').filter({ hasText: 'Phone Call: First call' })
    await first.getByRole('link', { name: /^Edit/ }).press('Enter')
    const edit = page.getByRole('dialog', { name: 'Edit Communication' })
    await edit.getByLabel('Subject').fill('First call, edited')
    await edit.getByRole('button', { name: 'Update Communication' }).press('Enter')
    await expect(edit).toHaveCount(0)
    await expect(page.getByRole('listitem').filter({ hasText: 'First call, edited' })).toBeFocused()

    await page.getByRole('listitem').filter({ hasText: 'Second call' }).getByRole('link', { name: /^Delete/ }).press('Enter')
    await page.getByRole('dialog', { name: 'Delete Communication' }).getByRole('button', { name: 'Delete' }).press('Enter')
    await expect(page.getByText('Phone Call: Second call')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 2, name: 'Communication History' })).toBeFocused()
  })
})

test.describe('leads as a viewer', () => {
  useRole('viewer')

  test('a viewer sees leads but no way to change them', async ({ page }) => {
    await page.goto('/leads')
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add New Lead' })).toHaveCount(0)
    await page.goto('/leads/new')
    await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible()
  })
})
