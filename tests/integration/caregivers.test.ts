import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { useForm } from '@conform-to/react'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { toFormDefaults, type CaregiverFormDefaults } from '~/features/caregivers/caregiver-form'
import { loader as listLoader } from '~/routes/_app.caregivers'
import { action as newAction, loader as newLoader } from '~/routes/_app.caregivers.new'
import { action as editAction, loader as editLoader } from '~/routes/_app.caregivers.edit.$caregiverId'
import { action as deleteAction } from '~/routes/_app.caregivers.delete.$caregiverId'
import { action as profileAction, loader as profileLoader } from '~/routes/_app.caregivers_.$caregiverId'
import { action as removeFileAction, loader as removeFileLoader } from '~/routes/_app.caregivers_.$caregiverId.files.$fileId.delete'
import { loader as downloadLoader } from '~/routes/caregivers.$caregiverId.files.$fileId'
import { prisma } from '~/platform/db.server'
import { DEMO_CAREGIVER_COUNT, seedDemoData } from '~/features/demo-data.server'
import { getEnv } from '~/platform/env.server'
import { getToast } from '~/platform/http/toast.server'
import { callRoute, failDatabaseWrites, makeRequest, signedInUser } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'
import { SAMPLE_PDF, interruptedUpload } from '#tests/support/uploads'
import { buildZip, deflatedZeros, docxEntries } from '#tests/support/zip'

const DOCX = buildZip(docxEntries())
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)])
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 2)])
const NOT_A_PDF = Buffer.from('just some notes, not a PDF\n'.repeat(100))

const fields = {
  fullName: 'Grace Okoye',
  email: 'grace.okoye@example.com',
  phone: '(973) 555-0142',
  licenseNumber: 'HHA-77812',
  licenseExpiresOn: '2027-01-31',
  certificationExpiresOn: '2026-12-15',
  yearsExperience: '5-10',
  hourlyRate: '28.50',
  certifications: 'CPR\nFirst Aid',
  specializations: ['Dementia Care', 'Elderly Care', 'Medication Management'],
  availableDays: ['monday', 'wednesday', 'friday'],
  address: '12 Broad St',
  city: 'Newark',
  state: 'NJ',
  zipCode: '07102',
}

type Upload = { field: string; name: string; bytes: Uint8Array; type?: string }

/** The caregiver form as a browser posts it: multipart, repeated names for checkboxes and multi-file pickers. */
function multipart(pathname: string, cookie: string, values: Record<string, string | string[]>, files: Upload[] = []) {
  const form = new FormData()
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item)
  }
  for (const file of files) {
    form.append(file.field, new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name)
  }
  return new Request(new URL(pathname, 'http://localhost'), { method: 'POST', body: form, headers: { cookie } })
}

/**
 * The values the caregiver form's inputs start with when the page is rendered
 * on the server from this action reply (what a browser without JavaScript
 * shows): the form's own useForm, with the defaults the form gives it.
 */
function renderedFormValues(lastResult: unknown, caregiver?: CaregiverFormDefaults) {
  let values: Record<string, unknown> | undefined
  function Probe() {
    const [form] = useForm({ id: 'caregiver-form', defaultValue: toFormDefaults(caregiver), lastResult: lastResult as never })
    values = form.initialValue as Record<string, unknown>
    return null
  }
  renderToString(createElement(Probe))
  return values ?? {}
}

function storedFiles() {
  const folder = path.join(getEnv().DATA_DIR, 'files', 'caregivers')
  return fs.existsSync(folder) ? fs.readdirSync(folder) : []
}

async function toastOf(response: Response) {
  const match = /__toast=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')
  if (!match) return null
  return (await getToast(new Request('http://localhost/', { headers: { cookie: `__toast=${match[1]}` } }))).toast
}

async function createCaregiver(cookie: string, values: Record<string, string | string[]> = fields, files: Upload[] = []) {
  const response = await callRoute(newAction, multipart('/caregivers/new', cookie, values, files))
  expect(response.status, await response.clone().text()).toBe(302)
  return prisma.caregiver.findFirstOrThrow({ where: { fullName: values.fullName as string }, include: { files: true }, orderBy: { createdAt: 'desc' } })
}

async function list(cookie: string, query = '') {
  const response = await callRoute(listLoader, makeRequest(`/caregivers${query}`, { cookie }))
  expect(response.status).toBe(200)
  return (await response.json()) as { total: number; today: string; caregivers: Array<{ id: string; fullName: string; licenseExpiresOn: string | null }> }
}

async function profile(cookie: string, id: string) {
  const response = await callRoute(profileLoader, makeRequest(`/caregivers/${id}`, { cookie }), { caregiverId: id })
  return response
}

describe('submitting an application', () => {
  test('saves every field and the files, starts active / pending / submitted, and says so', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const before = storedFiles().length
    const response = await callRoute(
      newAction,
      multipart('/caregivers/new?view=cards', cookie, fields, [
        { field: 'licenseFile', name: 'License.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' },
        { field: 'resumeFile', name: 'Resume.docx', bytes: DOCX },
        { field: 'certificationFiles', name: 'cpr.png', bytes: PNG },
        { field: 'certificationFiles', name: 'first-aid.jpg', bytes: JPG },
        { field: 'referenceFiles', name: '', bytes: new Uint8Array() },
      ]),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/caregivers?view=cards')
    expect(await toastOf(response)).toMatchObject({ title: 'Caregiver application submitted successfully' })

    const saved = await prisma.caregiver.findFirstOrThrow({ where: { email: 'grace.okoye@example.com' }, include: { files: true } })
    expect(saved).toMatchObject({
      fullName: 'Grace Okoye',
      phone: '(973) 555-0142',
      licenseNumber: 'HHA-77812',
      yearsExperience: '5-10',
      hourlyRateCents: 2850,
      certifications: ['CPR', 'First Aid'],
      specializations: ['Dementia Care', 'Elderly Care', 'Medication Management'],
      availableDays: ['monday', 'wednesday', 'friday'],
      status: 'active',
      backgroundCheckStatus: 'pending',
      applicationProgress: 'submitted',
      searchText: 'grace okoye grace.okoye@example.com',
      phoneDigits: '9735550142',
    })
    // Calendar days survive the round trip through the date column.
    expect(saved.licenseExpiresOn?.toISOString()).toBe('2027-01-31T00:00:00.000Z')
    expect(saved.certificationExpiresOn?.toISOString()).toBe('2026-12-15T00:00:00.000Z')

    const byName = [...saved.files].sort((a, b) => (a.fileName < b.fileName ? -1 : 1))
    expect(byName.map((file) => [file.kind, file.fileName, file.mimeType, file.uploadedById])).toEqual([
      ['license', 'License.pdf', 'application/pdf', user.id],
      ['resume', 'Resume.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', user.id],
      ['certification', 'cpr.png', 'image/png', user.id],
      ['certification', 'first-aid.jpg', 'image/jpeg', user.id],
    ])
    const license = saved.files.find((file) => file.kind === 'license')!
    expect(license.fileSize).toBe(SAMPLE_PDF.length)
    expect(fs.readFileSync(path.join(getEnv().DATA_DIR, 'files', license.storageKey))).toEqual(SAMPLE_PDF)
    expect(storedFiles().length).toBe(before + 4)

    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'Caregiver', entityId: saved.id, action: 'create' } })
    expect(audit.userId).toBe(user.id)
    expect((audit.details as { files: unknown[] }).files).toHaveLength(4)
  })

  test('invalid fields: the messages next to the fields, no caregiver and no file kept', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = { files: storedFiles().length, rows: await prisma.caregiver.count(), fileRows: await prisma.caregiverFile.count() }
    const response = await callRoute(
      newAction,
      multipart('/caregivers/new', cookie, { fullName: '', phone: '', licenseNumber: '', yearsExperience: '', email: 'nope', hourlyRate: '-2' }, [
        { field: 'licenseFile', name: 'License.pdf', bytes: SAMPLE_PDF },
        { field: 'resumeFile', name: 'Resume.docx', bytes: DOCX },
      ]),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({
      fullName: ['Full name is required'],
      phone: ['Phone is required'],
      licenseNumber: ['License number is required'],
      yearsExperience: ['Years of experience is required'],
      email: ['Invalid email address'],
      hourlyRate: ['Hourly rate must be 0 or greater'],
      '': ['Nothing was saved. Please choose the files again.'],
    })
    // What was typed comes back, so the form keeps it.
    expect(body.initialValue).toMatchObject({ email: 'nope', hourlyRate: '-2' })
    expect(storedFiles().length).toBe(before.files)
    expect(await prisma.caregiver.count()).toBe(before.rows)
    expect(await prisma.caregiverFile.count()).toBe(before.fileRows)
  })

  test('a file over 10 MB is refused by name, next to its picker; the other files go too', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = { files: storedFiles().length, rows: await prisma.caregiver.count() }
    const big = Buffer.alloc(10 * 1024 * 1024 + 1)
    SAMPLE_PDF.copy(big)
    const response = await callRoute(
      newAction,
      multipart('/caregivers/new', cookie, { ...fields, fullName: 'Too Large' }, [
        { field: 'licenseFile', name: 'License.pdf', bytes: SAMPLE_PDF },
        { field: 'resumeFile', name: 'huge-resume.pdf', bytes: big },
        { field: 'referenceFiles', name: 'reference.pdf', bytes: SAMPLE_PDF },
      ]),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.resumeFile).toEqual(['"huge-resume.pdf" is larger than 10 MB'])
    expect(body.error['']).toEqual(['Nothing was saved. Please choose the files again.'])
    expect(body.error.licenseFile).toBeUndefined()
    // The fields arrived in full even though a file was refused.
    expect(body.initialValue).toMatchObject({ fullName: 'Too Large', licenseNumber: 'HHA-77812' })
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Error', description: '"huge-resume.pdf" is larger than 10 MB' })
    expect(storedFiles().length).toBe(before.files)
    expect(fs.readdirSync(path.join(getEnv().DATA_DIR, 'files', 'caregivers')).some((name) => name.endsWith('.partial'))).toBe(false)
    expect(await prisma.caregiver.count()).toBe(before.rows)
  })

  test('exactly 10 MB is accepted', async () => {
    const { cookie } = await signedInUser('coordinator')
    const limit = Buffer.alloc(10 * 1024 * 1024)
    SAMPLE_PDF.copy(limit)
    const saved = await createCaregiver(cookie, { ...fields, fullName: 'Exactly Ten' }, [{ field: 'resumeFile', name: 'ten.pdf', bytes: limit }])
    expect(saved.files.map((file) => file.fileSize)).toEqual([10 * 1024 * 1024])
  })

  test('a renamed or fake file is refused by its content, and nothing is saved', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = { files: storedFiles().length, rows: await prisma.caregiver.count() }
    const response = await callRoute(
      newAction,
      multipart('/caregivers/new', cookie, { ...fields, fullName: 'Fake Files' }, [
        { field: 'licenseFile', name: 'license.pdf', bytes: NOT_A_PDF, type: 'application/pdf' },
        { field: 'resumeFile', name: 'resume.docx', bytes: SAMPLE_PDF },
        { field: 'certificationFiles', name: 'cert.png', bytes: JPG },
        { field: 'referenceFiles', name: 'reference.doc', bytes: SAMPLE_PDF },
      ]),
    )
    expect(response.status).toBe(400)
    const { error } = await response.json()
    expect(error.licenseFile).toEqual(['"license.pdf" is not a real PDF file: its content does not match its .pdf extension'])
    expect(error.resumeFile).toEqual(['"resume.docx" is not a real DOCX file: its content does not match its .docx extension'])
    expect(error.certificationFiles).toEqual(['"cert.png" is not a real PNG file: its content does not match its .png extension'])
    expect(error.referenceFiles).toEqual(['"reference.doc" is not a real DOC file: its content does not match its .doc extension'])
    expect(storedFiles().length).toBe(before.files)
    expect(await prisma.caregiver.count()).toBe(before.rows)
  })

  test('a DOCX that unpacks to far more than a document (a zip bomb), or is no ZIP at all, is refused next to its picker; nothing is saved', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = { files: storedFiles().length, rows: await prisma.caregiver.count(), fileRows: await prisma.caregiverFile.count() }
    // A few hundred kilobytes that unpack to 200 MB, the directory owning up to it or not.
    const bomb = buildZip([...docxEntries(), { name: 'word/document2.xml', data: Buffer.alloc(0), claimedSize: 200 * 1024 * 1024, deflated: deflatedZeros(200) }])
    const lyingBomb = buildZip([...docxEntries(), { name: 'word/document2.xml', data: Buffer.alloc(0), claimedSize: 1024, deflated: deflatedZeros(200) }])
    const response = await callRoute(
      newAction,
      multipart('/caregivers/new', cookie, { ...fields, fullName: 'Zip Bomb' }, [
        { field: 'licenseFile', name: 'License.pdf', bytes: SAMPLE_PDF },
        { field: 'resumeFile', name: 'resume.docx', bytes: bomb },
        { field: 'certificationFiles', name: 'cpr.docx', bytes: lyingBomb },
        { field: 'referenceFiles', name: 'reference.docx', bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]) },
      ]),
    )
    expect(response.status).toBe(400)
    const { error } = await response.json()
    expect(error.resumeFile).toEqual(['"resume.docx" unpacks to more than 100 MB: it is not an ordinary Word document'])
    expect(error.certificationFiles).toEqual(['"cpr.docx" unpacks to more than 100 MB: it is not an ordinary Word document'])
    expect(error.referenceFiles).toEqual(['"reference.docx" is not a real DOCX file: it is damaged or is not a Word document'])
    expect(error.licenseFile).toBeUndefined()
    expect(storedFiles().length).toBe(before.files)
    expect(await prisma.caregiver.count()).toBe(before.rows)
    expect(await prisma.caregiverFile.count()).toBe(before.fileRows)
  })

  test('a PDF is stored without the script that would run when it opens', async () => {
    const { cookie } = await signedInUser('coordinator')
    const scripted = Buffer.from(
      SAMPLE_PDF.toString('latin1').replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.launchURL\\(\\)) >>'),
      'latin1',
    )
    expect(scripted.includes('/OpenAction')).toBe(true)
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Scripted License' }, [{ field: 'licenseFile', name: 'License.pdf', bytes: scripted }])
    const [file] = caregiver.files
    const stored = fs.readFileSync(path.join(getEnv().DATA_DIR, 'files', file!.storageKey))
    expect(stored.includes('/OpenAction')).toBe(false)
    expect(stored.includes('app.launchURL')).toBe(false)
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-')
    expect(file).toMatchObject({ fileSize: stored.length, sha256: crypto.createHash('sha256').update(stored).digest('hex') })
  })

  test('a PDF that starts like one but cannot be read is refused next to its picker', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = storedFiles().length
    const response = await callRoute(
      newAction,
      multipart('/caregivers/new', cookie, { ...fields, fullName: 'Broken PDF' }, [
        { field: 'licenseFile', name: 'license.pdf', bytes: Buffer.from(`%PDF-1.7\n${'scanner garbage\n'.repeat(100)}`) },
      ]),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error.licenseFile).toEqual([
      '"license.pdf" was not accepted. This PDF could not be read: it may be damaged. Open it and save it again as a PDF, then upload it again',
    ])
    expect(storedFiles().length).toBe(before)
  })

  test('types a picker does not take, and too many files, are refused', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = storedFiles().length
    const response = await callRoute(
      newAction,
      multipart('/caregivers/new', cookie, { ...fields, fullName: 'Wrong Types' }, [
        { field: 'resumeFile', name: 'resume.png', bytes: PNG },
        { field: 'licenseFile', name: 'a.pdf', bytes: SAMPLE_PDF },
        { field: 'licenseFile', name: 'b.pdf', bytes: SAMPLE_PDF },
        ...Array.from({ length: 6 }, (_, index) => ({ field: 'referenceFiles', name: `ref${index}.pdf`, bytes: SAMPLE_PDF })),
      ]),
    )
    expect(response.status).toBe(400)
    const { error } = await response.json()
    expect(error.resumeFile).toEqual(['"resume.png" is not an accepted file type: choose a PDF, DOC or DOCX file'])
    expect(error.licenseFile).toEqual(['Choose one license file'])
    expect(error.referenceFiles).toEqual(['Choose at most 5 reference files'])
    expect(storedFiles().length).toBe(before)
  })

  test('a request declaring more than all files together is refused before reading', async () => {
    const { cookie } = await signedInUser('coordinator')
    const request = new Request('http://localhost/caregivers/new', {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(500 * 1024 * 1024) },
      body: '--x--',
    })
    const response = await callRoute(newAction, request)
    expect(response.status).toBe(413)
    expect((await response.json()).error['']).toContain('Nothing was saved. Please choose the files again.')
  })

  test('an upload cut off mid-file leaves nothing behind', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = storedFiles().length
    const request = interruptedUpload('/caregivers/new', cookie, {
      fields: { fullName: 'Cut Off' },
      fileField: 'licenseFile',
      sentBytes: SAMPLE_PDF.subarray(0, 4096),
    })
    const response = await callRoute(newAction, request)
    expect(response.status).toBe(400)
    expect(storedFiles().length).toBe(before)
    expect(await prisma.caregiver.count({ where: { fullName: 'Cut Off' } })).toBe(0)
  })

  test('a file name longer than 200 characters keeps its extension (the base name is shortened)', async () => {
    const { cookie } = await signedInUser('coordinator')
    const longName = `${'Very long license scan '.repeat(12)}final.pdf`
    expect(longName.length).toBeGreaterThan(200)
    const saved = await createCaregiver(cookie, { ...fields, fullName: 'Long File Name' }, [{ field: 'licenseFile', name: longName, bytes: SAMPLE_PDF }])
    const [file] = saved.files
    expect(file).toMatchObject({ kind: 'license', mimeType: 'application/pdf' })
    expect(file!.fileName).toHaveLength(200)
    expect(file!.fileName).toBe(`${longName.slice(0, 196)}.pdf`)
  })

  test('a failed save answers 500 with what was typed, so the form comes back filled in', async () => {
    const { cookie } = await signedInUser('coordinator')
    const loggedErrors = expectConsoleErrors()
    const before = storedFiles().length
    const restore = failDatabaseWrites()
    let response: Response
    try {
      response = await callRoute(
        newAction,
        multipart('/caregivers/new', cookie, { ...fields, fullName: 'Typed Then Failed' }, [{ field: 'licenseFile', name: 'License.pdf', bytes: SAMPLE_PDF }]),
      )
    } finally {
      restore()
    }
    expect(loggedErrors).toHaveBeenCalled()
    expect(response.status).toBe(500)
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to submit caregiver application' })
    const body = await response.json()
    expect(body.error).toEqual({ '': ['Failed to submit caregiver application', 'Nothing was saved. Please choose the files again.'] })
    // The page rendered from this reply (no JavaScript) shows the typed values, not a blank form.
    expect(renderedFormValues(body)).toMatchObject({
      fullName: 'Typed Then Failed',
      licenseNumber: 'HHA-77812',
      hourlyRate: '28.50',
      // Multipart bodies carry line breaks as CRLF.
      certifications: 'CPR\r\nFirst Aid',
      specializations: fields.specializations,
      availableDays: fields.availableDays,
    })
    expect(storedFiles().length).toBe(before)
    expect(await prisma.caregiver.count({ where: { fullName: 'Typed Then Failed' } })).toBe(0)
  })

  test('viewers cannot open the form or post it', async () => {
    const { cookie } = await signedInUser('viewer')
    expect((await callRoute(newLoader, makeRequest('/caregivers/new', { cookie }))).status).toBe(403)
    const before = storedFiles().length
    const response = await callRoute(newAction, multipart('/caregivers/new', cookie, fields, [{ field: 'licenseFile', name: 'l.pdf', bytes: SAMPLE_PDF }]))
    expect(response.status).toBe(403)
    expect(storedFiles().length).toBe(before)
  })
})

describe('editing', () => {
  test('saves the fields, adds new files beside the old ones, audits what changed', async () => {
    const { cookie } = await signedInUser('coordinator')
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Edit Me' }, [{ field: 'licenseFile', name: 'old-license.pdf', bytes: SAMPLE_PDF }])
    const form = await callRoute(editLoader, makeRequest(`/caregivers/edit/${caregiver.id}`, { cookie }), { caregiverId: caregiver.id })
    expect((await form.json()).caregiver).toMatchObject({ fullName: 'Edit Me', licenseExpiresOn: '2027-01-31', hourlyRate: 28.5, availability: { days: ['monday', 'wednesday', 'friday'] } })

    const response = await callRoute(
      editAction,
      multipart(`/caregivers/${caregiver.id}/edit?redirectTo=${encodeURIComponent(`/caregivers/${caregiver.id}`)}`, cookie, {
        ...fields,
        fullName: 'Edit Me',
        phone: '973-555-9999',
        hourlyRate: '31',
        licenseExpiresOn: '',
        availableDays: ['saturday'],
      }, [{ field: 'referenceFiles', name: 'reference.pdf', bytes: SAMPLE_PDF }]),
      { caregiverId: caregiver.id },
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/caregivers/${caregiver.id}`)
    expect(await toastOf(response)).toMatchObject({ title: 'Caregiver updated successfully' })
    const saved = await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id }, include: { files: true } })
    expect(saved).toMatchObject({ phone: '(973) 555-9999', phoneDigits: '9735559999', hourlyRateCents: 3100, licenseExpiresOn: null, availableDays: ['saturday'], status: 'active' })
    expect(saved.files.map((file) => file.fileName).sort()).toEqual(['old-license.pdf', 'reference.pdf'])
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: caregiver.id, action: 'update' } })
    expect(audit.details).toEqual({
      changed: ['phone', 'licenseExpiresOn', 'hourlyRate', 'availability'],
      addedFiles: [{ kind: 'reference', fileName: 'reference.pdf' }],
    })
  })

  test('an invalid edit keeps the record as it was and stores no file', async () => {
    const { cookie } = await signedInUser('coordinator')
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Stay Same' })
    const before = storedFiles().length
    const response = await callRoute(
      editAction,
      multipart(`/caregivers/edit/${caregiver.id}`, cookie, { ...fields, fullName: 'Stay Same', licenseNumber: '' }, [
        { field: 'resumeFile', name: 'cv.pdf', bytes: SAMPLE_PDF },
      ]),
      { caregiverId: caregiver.id },
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error.licenseNumber).toEqual(['License number is required'])
    expect(storedFiles().length).toBe(before)
    expect((await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })).licenseNumber).toBe('HHA-77812')
  })

  test('a failed edit comes back with the typed values, not the stored ones or a blank form', async () => {
    const { cookie } = await signedInUser('coordinator')
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Edit Fails' })
    const loggedErrors = expectConsoleErrors()
    const restore = failDatabaseWrites()
    let response: Response
    try {
      response = await callRoute(
        editAction,
        multipart(`/caregivers/edit/${caregiver.id}`, cookie, { ...fields, fullName: 'Edit Fails', phone: '973-555-0000', city: 'Paterson' }),
        { caregiverId: caregiver.id },
      )
    } finally {
      restore()
    }
    expect(loggedErrors).toHaveBeenCalled()
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body.error).toEqual({ '': ['Failed to update caregiver'] })
    const stored = (await (await callRoute(editLoader, makeRequest(`/caregivers/edit/${caregiver.id}`, { cookie }), { caregiverId: caregiver.id })).json()).caregiver
    expect(renderedFormValues(body, { ...stored, availableDays: stored.availability?.days ?? [] })).toMatchObject({ phone: '973-555-0000', city: 'Paterson' })
    expect(await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })).toMatchObject({ phone: '(973) 555-0142', city: 'Newark' })
  })

  test('a refused upload on edit falls back to the stored record, not a blank form', async () => {
    const { cookie } = await signedInUser('coordinator')
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Refused Upload' })
    const stored = (await (await callRoute(editLoader, makeRequest(`/caregivers/edit/${caregiver.id}`, { cookie }), { caregiverId: caregiver.id })).json()).caregiver
    const defaults = { ...stored, availableDays: stored.availability?.days ?? [] }
    const tooLarge = new Request(`http://localhost/caregivers/edit/${caregiver.id}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(500 * 1024 * 1024) },
      body: '--x--',
    })
    const interrupted = interruptedUpload(`/caregivers/edit/${caregiver.id}`, cookie, {
      fields: { fullName: 'Typed But Lost' },
      fileField: 'licenseFile',
      sentBytes: SAMPLE_PDF.subarray(0, 4096),
    })
    for (const [request, status] of [[tooLarge, 413], [interrupted, 400]] as const) {
      const response = await callRoute(editAction, request, { caregiverId: caregiver.id })
      expect(response.status).toBe(status)
      const body = await response.json()
      expect(body.error['']).toContain('Nothing was saved. Please choose the files again.')
      // Nothing of the body could be read: the form shows what it started from.
      expect(renderedFormValues(body, defaults)).toMatchObject({
        fullName: 'Refused Upload',
        licenseNumber: 'HHA-77812',
        licenseExpiresOn: '2027-01-31',
        hourlyRate: '28.5',
        certifications: 'CPR\nFirst Aid',
        availableDays: ['monday', 'wednesday', 'friday'],
      })
    }
    expect((await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })).fullName).toBe('Refused Upload')
  })

  test('a certification whose name holds a comma stays one entry through an edit', async () => {
    const { cookie } = await signedInUser('coordinator')
    const certifications = 'Certified Nursing Assistant, New Jersey\r\nCPR, AED and First Aid'
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Comma Certs', certifications })
    const expected = ['Certified Nursing Assistant, New Jersey', 'CPR, AED and First Aid']
    expect(caregiver.certifications).toEqual(expected)
    // The edit form holds them one per line; saving it unchanged keeps them as they were.
    const stored = (await (await callRoute(editLoader, makeRequest(`/caregivers/edit/${caregiver.id}`, { cookie }), { caregiverId: caregiver.id })).json()).caregiver
    const textarea = toFormDefaults({ ...stored, availableDays: stored.availability?.days ?? [] }).certifications as string
    const response = await callRoute(editAction, multipart(`/caregivers/edit/${caregiver.id}`, cookie, { ...fields, fullName: 'Comma Certs', certifications: textarea }), {
      caregiverId: caregiver.id,
    })
    expect(response.status).toBe(302)
    expect((await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })).certifications).toEqual(expected)
  })

  test('an unknown caregiver is a 404', async () => {
    const { cookie } = await signedInUser('coordinator')
    const id = '00000000-0000-4000-8000-000000000000'
    expect((await callRoute(editLoader, makeRequest(`/caregivers/edit/${id}`, { cookie }), { caregiverId: id })).status).toBe(404)
    expect((await callRoute(editLoader, makeRequest('/caregivers/edit/nope', { cookie }), { caregiverId: 'nope' })).status).toBe(404)
  })
})

describe('the directory', () => {
  test('12 a page; search, status, specialization and background check filter in the database', async () => {
    const { cookie } = await signedInUser('viewer')
    await seedDemoData()
    await seedDemoData() // idempotent
    const all = await list(cookie)
    const total = await prisma.caregiver.count()
    expect(total).toBeGreaterThanOrEqual(DEMO_CAREGIVER_COUNT)
    expect(all.total).toBe(total)
    expect(all.caregivers).toHaveLength(12)
    const lastPage = Math.ceil(total / 12)
    expect((await list(cookie, `?page=${lastPage}`)).caregivers).toHaveLength(total - (lastPage - 1) * 12)

    const byStatus = await list(cookie, '?status=pending')
    expect(byStatus.total).toBe(await prisma.caregiver.count({ where: { status: 'pending' } }))
    expect(byStatus.total).toBeGreaterThan(0)
    expect(byStatus.caregivers.every((row) => (row as unknown as { status: string }).status === 'pending')).toBe(true)

    const bySpecialization = await list(cookie, '?specialization=Pediatric+Care')
    expect(bySpecialization.total).toBe(await prisma.caregiver.count({ where: { specializations: { has: 'Pediatric Care' } } }))
    expect(bySpecialization.caregivers.every((row) => (row as unknown as { specializations: string[] }).specializations.includes('Pediatric Care'))).toBe(true)

    const byCheck = await list(cookie, '?backgroundCheckStatus=failed&status=active')
    expect(byCheck.total).toBe(await prisma.caregiver.count({ where: { backgroundCheckStatus: 'failed', status: 'active' } }))

    const none = await list(cookie, '?q=zzzz-nobody')
    expect(none).toMatchObject({ total: 0, caregivers: [] })
  })

  test('search matches name and e-mail words case-insensitively, and phone digits however typed', async () => {
    const { cookie } = await signedInUser('coordinator')
    const saved = await createCaregiver(cookie, { ...fields, fullName: 'Searchable Person', email: 'findme.caregiver@example.com', phone: '(862) 555-0177' })
    for (const q of ['searchable', 'PERSON searchable', 'findme.caregiver', '862 555 0177', '555-0177']) {
      const result = await list(cookie, `?q=${encodeURIComponent(q)}`)
      expect(result.caregivers.map((row) => row.id), q).toContain(saved.id)
    }
    expect((await list(cookie, '?q=searchable%20nobody')).caregivers.map((row) => row.id)).not.toContain(saved.id)
    // LIKE wildcards are literal.
    expect((await list(cookie, '?q=%25')).total).toBe(0)
  })

  test('dates come back as the same calendar day, with the agency zone\'s today for the flags', async () => {
    const { cookie } = await signedInUser('viewer')
    const result = await list(cookie, '?q=grace.okoye')
    expect(result.caregivers[0]).toMatchObject({ licenseExpiresOn: '2027-01-31' })
    expect(result.today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('the profile', () => {
  test('shows the record, files and progress, and records who viewed it (once per visit)', async () => {
    const { cookie, user } = await signedInUser('viewer')
    const coordinator = await signedInUser('coordinator')
    const caregiver = await createCaregiver(coordinator.cookie, { ...fields, fullName: 'Profile Person' }, [
      { field: 'licenseFile', name: 'License.pdf', bytes: SAMPLE_PDF },
    ])
    const response = await profile(cookie, caregiver.id)
    expect(response.status).toBe(200)
    const data = await response.json()
    expect(data.caregiver).toMatchObject({
      fullName: 'Profile Person',
      licenseExpiresOn: '2027-01-31',
      certificationExpiresOn: '2026-12-15',
      hourlyRate: 28.5,
      files: [{ kind: 'license', fileName: 'License.pdf', fileSize: SAMPLE_PDF.length, mimeType: 'application/pdf' }],
    })
    // All but resume, certification documents and references: 9 of 12.
    expect(data.progress.percent).toBe(75)
    expect(data.caregiver.applicationProgressPercent).toBe(75)
    expect(data.audit.map((entry: { action: string }) => entry.action)).toEqual(['view', 'create'])
    await profile(cookie, caregiver.id)
    expect(await prisma.auditLog.count({ where: { entityId: caregiver.id, action: 'view', userId: user.id } })).toBe(1)
  })

  test('background check and status move through their values, each change audited with a toast', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Check Person' })
    const post = (intent: string, value: string) =>
      callRoute(profileAction, makeRequest(`/caregivers/${caregiver.id}`, { cookie, form: { intent, value } }), { caregiverId: caregiver.id })

    for (const [from, to] of [['pending', 'in_progress'], ['in_progress', 'cleared'], ['cleared', 'failed'], ['failed', 'pending']]) {
      const response = await post('set-background-check', to!)
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe(`/caregivers/${caregiver.id}`)
      expect((await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })).backgroundCheckStatus).toBe(to)
      const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: caregiver.id, action: 'update' }, orderBy: { createdAt: 'desc' } })
      expect(entry).toMatchObject({ userId: user.id, details: { field: 'backgroundCheckStatus', from, to } })
    }
    expect(await toastOf(await post('set-background-check', 'cleared'))).toMatchObject({ title: 'Background check updated', description: 'Pending → Cleared' })

    for (const [from, to] of [['active', 'pending'], ['pending', 'inactive'], ['inactive', 'active']]) {
      const response = await post('set-status', to!)
      expect(await toastOf(response)).toMatchObject({ title: 'Status updated' })
      const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: caregiver.id, action: 'update' }, orderBy: { createdAt: 'desc' } })
      expect(entry.details).toEqual({ field: 'status', from, to })
    }
    // Setting the value it already has changes and records nothing.
    const count = await prisma.auditLog.count({ where: { entityId: caregiver.id } })
    expect(await toastOf(await post('set-status', 'active'))).toMatchObject({ title: 'Status is already Active' })
    expect(await prisma.auditLog.count({ where: { entityId: caregiver.id } })).toBe(count)

    expect((await post('set-status', 'cleared')).status).toBe(400)
    expect((await post('set-background-check', 'active')).status).toBe(400)
    const trail = await (await profile(cookie, caregiver.id)).json()
    expect(trail.audit.filter((entry: { action: string }) => entry.action === 'update')).toHaveLength(8)
  })

  test('viewers read the profile but cannot change it', async () => {
    const coordinator = await signedInUser('coordinator')
    const caregiver = await createCaregiver(coordinator.cookie, { ...fields, fullName: 'Viewer Target' })
    const { cookie } = await signedInUser('viewer')
    const response = await callRoute(
      profileAction,
      makeRequest(`/caregivers/${caregiver.id}`, { cookie, form: { intent: 'set-status', value: 'inactive' } }),
      { caregiverId: caregiver.id },
    )
    expect(response.status).toBe(403)
    expect((await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })).status).toBe('active')
  })

  test('an unknown caregiver is a 404', async () => {
    const { cookie } = await signedInUser('viewer')
    expect((await profile(cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })
})

describe('files', () => {
  test('signed-in staff download a file as an attachment; anonymous callers are sent to sign in', async () => {
    const coordinator = await signedInUser('coordinator')
    const caregiver = await createCaregiver(coordinator.cookie, { ...fields, fullName: 'Download Person' }, [
      { field: 'resumeFile', name: 'Résumé final.pdf', bytes: SAMPLE_PDF },
    ])
    const file = caregiver.files[0]!
    const { cookie, user } = await signedInUser('viewer')
    const params = { caregiverId: caregiver.id, fileId: file.id }
    const response = await callRoute(downloadLoader, makeRequest(`/caregivers/${caregiver.id}/files/${file.id}`, { cookie }), params)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="R_sum_ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.pdf`)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(SAMPLE_PDF)
    const audit = await prisma.auditLog.findMany({ where: { entityType: 'Caregiver', entityId: caregiver.id, action: 'view', userId: user.id } })
    expect(audit.map((entry) => entry.details)).toEqual([{ fileId: file.id, fileName: 'Résumé final.pdf', download: true }])

    const anonymous = await callRoute(downloadLoader, makeRequest(`/caregivers/${caregiver.id}/files/${file.id}`), params)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toMatch(/^\/login/)

    // A file id under another caregiver is not found.
    const other = await createCaregiver(coordinator.cookie, { ...fields, fullName: 'Other Person' })
    const wrong = await callRoute(downloadLoader, makeRequest(`/caregivers/${other.id}/files/${file.id}`, { cookie }), { caregiverId: other.id, fileId: file.id })
    expect(wrong.status).toBe(404)
  })

  test('every download is audited, even a repeat; an unknown file records nothing', async () => {
    const coordinator = await signedInUser('coordinator')
    const caregiver = await createCaregiver(coordinator.cookie, { ...fields, fullName: 'Audited Download' }, [
      { field: 'licenseFile', name: 'license.pdf', bytes: SAMPLE_PDF },
    ])
    const file = caregiver.files[0]!
    const { cookie, user } = await signedInUser('viewer')
    const download = (fileId: string) =>
      callRoute(downloadLoader, makeRequest(`/caregivers/${caregiver.id}/files/${fileId}`, { cookie }), { caregiverId: caregiver.id, fileId })
    expect((await download(file.id)).status).toBe(200)
    expect((await download(file.id)).status).toBe(200)
    expect((await download('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const entries = await prisma.auditLog.findMany({ where: { entityType: 'Caregiver', entityId: caregiver.id, userId: user.id } })
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ['view', { fileId: file.id, fileName: 'license.pdf', download: true }],
      ['view', { fileId: file.id, fileName: 'license.pdf', download: true }],
    ])
  })

  test("the filename* parameter percent-encodes ' ( ) * too (RFC 5987)", async () => {
    const coordinator = await signedInUser('coordinator')
    const caregiver = await createCaregiver(coordinator.cookie, { ...fields, fullName: 'Quote Name' }, [
      { field: 'resumeFile', name: "O'Brien (CV)*~!.pdf", bytes: SAMPLE_PDF },
    ])
    const file = caregiver.files[0]!
    const response = await callRoute(downloadLoader, makeRequest(`/caregivers/${caregiver.id}/files/${file.id}`, { cookie: coordinator.cookie }), {
      caregiverId: caregiver.id,
      fileId: file.id,
    })
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="O'Brien (CV)*~!.pdf"; filename*=UTF-8''O%27Brien%20%28CV%29%2A~!.pdf`,
    )
    const encoded = /filename\*=UTF-8''(.*)$/.exec(response.headers.get('content-disposition')!)![1]!
    // Only RFC 5987 attr-char and %XX escapes remain, and it decodes to the stored name.
    expect(encoded).toMatch(/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/)
    expect(decodeURIComponent(encoded)).toBe("O'Brien (CV)*~!.pdf")
  })

  test('writers remove a file after confirming: row and bytes go, the trail says so', async () => {
    const { cookie } = await signedInUser('coordinator')
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Remove File Person' }, [
      { field: 'certificationFiles', name: 'cpr.png', bytes: PNG },
    ])
    const file = caregiver.files[0]!
    const params = { caregiverId: caregiver.id, fileId: file.id }
    const storedPath = path.join(getEnv().DATA_DIR, 'files', file.storageKey)
    expect(fs.existsSync(storedPath)).toBe(true)
    const confirm = await callRoute(removeFileLoader, makeRequest(`/caregivers/${caregiver.id}/files/${file.id}/delete`, { cookie }), params)
    expect(await confirm.json()).toMatchObject({ fileName: 'cpr.png', caregiverName: 'Remove File Person' })

    const viewer = await signedInUser('viewer')
    expect((await callRoute(removeFileAction, makeRequest(`/caregivers/${caregiver.id}/files/${file.id}/delete`, { cookie: viewer.cookie, method: 'POST' }), params)).status).toBe(403)

    const response = await callRoute(removeFileAction, makeRequest(`/caregivers/${caregiver.id}/files/${file.id}/delete`, { cookie, method: 'POST' }), params)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/caregivers/${caregiver.id}`)
    expect(await toastOf(response)).toMatchObject({ title: 'File removed' })
    expect(await prisma.caregiverFile.count({ where: { id: file.id } })).toBe(0)
    expect(fs.existsSync(storedPath)).toBe(false)
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: caregiver.id, action: 'update' } })
    expect(entry.details).toEqual({ removedFile: { kind: 'certification', fileName: 'cpr.png' } })
    expect((await callRoute(removeFileAction, makeRequest(`/caregivers/${caregiver.id}/files/${file.id}/delete`, { cookie, method: 'POST' }), params)).status).toBe(404)
  })

  test('deleting a caregiver removes its stored files', async () => {
    const { cookie } = await signedInUser('coordinator')
    const caregiver = await createCaregiver(cookie, { ...fields, fullName: 'Delete Person' }, [
      { field: 'licenseFile', name: 'l.pdf', bytes: SAMPLE_PDF },
      { field: 'resumeFile', name: 'r.docx', bytes: DOCX },
    ])
    const paths = caregiver.files.map((file) => path.join(getEnv().DATA_DIR, 'files', file.storageKey))
    expect(paths.every((file) => fs.existsSync(file))).toBe(true)
    const response = await callRoute(deleteAction, makeRequest(`/caregivers/delete/${caregiver.id}?status=active`, { cookie, method: 'POST' }), { caregiverId: caregiver.id })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/caregivers?status=active')
    expect(await toastOf(response)).toMatchObject({ title: 'Caregiver deleted' })
    expect(await prisma.caregiver.count({ where: { id: caregiver.id } })).toBe(0)
    expect(await prisma.caregiverFile.count({ where: { caregiverId: caregiver.id } })).toBe(0)
    expect(paths.some((file) => fs.existsSync(file))).toBe(false)
    const deleted = await prisma.auditLog.findMany({ where: { entityId: caregiver.id, action: 'delete' } })
    // The row is gone; the trail still says whom, and how many files went with it.
    expect(deleted.map((entry) => entry.details)).toEqual([{ fullName: 'Delete Person', fileCount: 2 }])
    expect((await callRoute(deleteAction, makeRequest(`/caregivers/delete/${caregiver.id}`, { cookie, method: 'POST' }), { caregiverId: caregiver.id })).status).toBe(404)
  })
})
