import { describe, expect, test } from 'vitest'
import { getZodConstraint } from '@conform-to/zod/v4'
import { caregiverApiSchema, caregiverFormFields, caregiverFormSchema, parseCaregiverListQuery, statusChangeSchema } from '~/features/caregivers/schema'
import {
  PROGRESS_ITEMS,
  acceptAttribute,
  computeApplicationProgress,
  contentMatchesExtension,
  extensionOf,
  fileTypeList,
  progressSourceFromForm,
  progressSourceFromSubmitted,
  sniffFileSignature,
} from '~/features/caregivers/rules'
import { expiryState, formatDay } from '~/features/caregivers/expiry'
import { dateIn } from '~/lib/time'

const valid = {
  fullName: 'Maria Lopez',
  phone: '(201) 555-1000',
  licenseNumber: 'RN-12345',
  yearsExperience: '3-5',
}

function formData(values: Record<string, string | string[] | File | File[]>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item)
  }
  return data
}

function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const errors: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) (errors[issue.path.join('.')] ??= []).push(issue.message)
  return errors
}

const formErrors = (input: Record<string, unknown>) => errorsOf(caregiverFormSchema.safeParse({ ...valid, ...input }))
const apiErrors = (input: Record<string, unknown>) => errorsOf(caregiverApiSchema.safeParse({ ...valid, ...input }))

describe('stored one way', () => {
  test('a state is stored in capitals, a phone number in one format, from the form and the API alike', () => {
    expect(caregiverFormSchema.parse({ ...valid, state: 'nj', phone: '201 555 1000' })).toMatchObject({ state: 'NJ', phone: '(201) 555-1000' })
    expect(caregiverApiSchema.parse({ ...valid, state: 'nj', phone: '2015551000' })).toMatchObject({ state: 'NJ', phone: '(201) 555-1000' })
  })
})

describe('caregiver form rules', () => {
  test('a minimal application is valid; rate defaults to 0, lists to empty, expiry dates to none (null)', () => {
    expect(caregiverFormSchema.parse(valid)).toEqual({
      ...valid,
      // The form holds the whole record: a blank date clears the stored one.
      licenseExpiresOn: null,
      certificationExpiresOn: null,
      hourlyRate: 0,
      specializations: [],
      certifications: [],
      availableDays: [],
    })
  })

  test.each([
    ['fullName', undefined, 'Full name is required'],
    ['fullName', '   ', 'Full name is required'],
    ['fullName', 'x'.repeat(101), 'Full name must be less than 100 characters'],
    ['phone', '', 'Phone is required'],
    ['phone', 'x'.repeat(21), 'Phone number must be less than 20 characters'],
    ['licenseNumber', '', 'License number is required'],
    ['yearsExperience', '', 'Years of experience is required'],
    ['yearsExperience', '7', 'Years of experience is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['hourlyRate', '-1', 'Hourly rate must be 0 or greater'],
    ['hourlyRate', 'abc', 'Hourly rate must be a number'],
    ['hourlyRate', '10001', 'Hourly rate must be 10000 or less'],
    ['address', 'x'.repeat(201), 'Address must be less than 200 characters'],
    ['city', 'x'.repeat(51), 'City must be less than 50 characters'],
    ['state', 'NYC', 'State must be 2 characters'],
    ['zipCode', '1234', 'Invalid ZIP code format'],
    ['zipCode', '12345-12', 'Invalid ZIP code format'],
    ['licenseExpiresOn', '2026-02-30', 'License expiry must be a date (YYYY-MM-DD)'],
    ['certificationExpiresOn', 'soon', 'Certification expiry must be a date (YYYY-MM-DD)'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(formErrors({ [field]: value })[field]).toEqual([message])
  })

  test('the inputs get HTML constraints from the same rules', () => {
    const constraint = getZodConstraint(caregiverFormFields)
    for (const required of ['fullName', 'phone', 'licenseNumber', 'yearsExperience']) {
      expect(constraint[required]?.required, required).toBe(true)
    }
    // Nothing else is required: without JavaScript the browser would otherwise insist on it
    // (on every weekday checkbox, say).
    for (const optional of ['email', 'hourlyRate', 'certifications', 'specializations', 'availableDays', 'licenseFile', 'referenceFiles', 'zipCode']) {
      expect(constraint[optional]?.required, optional).toBe(false)
    }
    expect(constraint.specializations).toMatchObject({ multiple: true })
  })

  test('all years-of-experience options are accepted', () => {
    for (const option of ['less-than-1', '1-2', '3-5', '5-10', '10+']) {
      expect(caregiverFormSchema.parse({ ...valid, yearsExperience: option }).yearsExperience).toBe(option)
    }
  })

  test('optional fields: blank is absent, e-mail, ZIP+4 and dates are kept', () => {
    const result = caregiverFormSchema.parse({
      ...valid,
      email: ' maria@example.com ',
      address: '',
      zipCode: '10001-1234',
      licenseExpiresOn: '2027-01-31',
      hourlyRate: '27.5',
    })
    expect(result).toMatchObject({ email: 'maria@example.com', zipCode: '10001-1234', licenseExpiresOn: '2027-01-31', hourlyRate: 27.5 })
    expect(result.address).toBeUndefined()
  })

  test('certifications are one per line (a comma belongs to the name), trimmed and without repeats', () => {
    const result = caregiverFormSchema.parse({ ...valid, certifications: 'CPR, AED and First Aid\r\n  CNA  \n\nCNA\rHHA, New Jersey' })
    expect(result.certifications).toEqual(['CPR, AED and First Aid', 'CNA', 'HHA, New Jersey'])
  })

  test('specializations must be spec options; days come back in weekday order', () => {
    const result = caregiverFormSchema.parse({
      ...valid,
      specializations: ['Dementia Care', 'Elderly Care', 'Dementia Care'],
      availableDays: ['sunday', 'monday', 'wednesday'],
    })
    expect(result.specializations).toEqual(['Dementia Care', 'Elderly Care'])
    expect(result.availableDays).toEqual(['monday', 'wednesday', 'sunday'])
    expect(Object.keys(formErrors({ specializations: ['Cooking'] }))).toEqual(['specializations.0'])
    expect(Object.keys(formErrors({ availableDays: 'funday' }))).toEqual(['availableDays.0'])
    // A single checkbox arrives as a plain string.
    expect(caregiverFormSchema.parse({ ...valid, specializations: 'Pediatric Care' }).specializations).toEqual(['Pediatric Care'])
  })

  test('files chosen in the browser: count, type and size checked before sending', () => {
    const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' })
    expect(formErrors({ resumeFile: [pdf('cv.pdf')] })).toEqual({})
    expect(formErrors({ resumeFile: [pdf('cv.png')] }).resumeFile).toEqual([
      '"cv.png" is not an accepted file type: choose a PDF, DOC or DOCX file',
    ])
    expect(formErrors({ licenseFile: [pdf('scan.gif')] }).licenseFile).toEqual([
      '"scan.gif" is not an accepted file type: choose a PDF, DOC, DOCX, JPG or PNG file',
    ])
    expect(formErrors({ licenseFile: [pdf('big.pdf', 10 * 1024 * 1024 + 1)] }).licenseFile).toEqual(['"big.pdf" is larger than 10 MB'])
    expect(formErrors({ licenseFile: [pdf('a.pdf'), pdf('b.pdf')] }).licenseFile).toEqual(['Choose one license file'])
    expect(formErrors({ referenceFiles: Array.from({ length: 6 }, (_, i) => pdf(`r${i}.pdf`)) }).referenceFiles).toEqual([
      'Choose at most 5 reference files',
    ])
    // An empty picker sends a nameless, empty file: not a choice.
    expect(formErrors({ licenseFile: [new File([], '')] })).toEqual({})
    // Files never reach the saved values.
    expect(caregiverFormSchema.parse({ ...valid, resumeFile: [pdf('cv.pdf')] })).not.toHaveProperty('resumeFile')
  })
})

describe('caregiver JSON body', () => {
  test('availability is { days } or null; lists and rate as JSON values', () => {
    const result = caregiverApiSchema.parse({
      ...valid,
      email: 'maria@example.com',
      hourlyRate: 31.25,
      certifications: ['CPR', 'CPR', 'BLS'],
      specializations: ['Pediatric Care'],
      availability: { days: ['friday', 'monday'] },
      status: 'active',
      backgroundCheckStatus: 'pending',
      applicationProgress: 'submitted',
    })
    expect(result).toEqual({
      ...valid,
      email: 'maria@example.com',
      hourlyRate: 31.25,
      certifications: ['CPR', 'BLS'],
      specializations: ['Pediatric Care'],
      availableDays: ['monday', 'friday'],
    })
    expect(caregiverApiSchema.parse({ ...valid, availability: null }).availableDays).toEqual([])
    expect(caregiverApiSchema.parse({ ...valid, email: null, hourlyRate: null }).hourlyRate).toBe(0)
  })

  test('an expiry date whose key is absent is undefined (kept on PUT); null or blank is null (cleared)', () => {
    const absent = caregiverApiSchema.parse(valid)
    expect(absent.licenseExpiresOn).toBeUndefined()
    expect(absent.certificationExpiresOn).toBeUndefined()
    expect(caregiverApiSchema.parse({ ...valid, licenseExpiresOn: null, certificationExpiresOn: ' ' })).toMatchObject({
      licenseExpiresOn: null,
      certificationExpiresOn: null,
    })
    expect(caregiverApiSchema.parse({ ...valid, licenseExpiresOn: ' 2027-01-31 ' }).licenseExpiresOn).toBe('2027-01-31')
    expect(apiErrors({ certificationExpiresOn: '2026-02-30' })).toEqual({ certificationExpiresOn: ['Certification expiry must be a date (YYYY-MM-DD)'] })
  })

  test('the same messages as the form', () => {
    expect(apiErrors({ fullName: undefined, phone: undefined, licenseNumber: null, yearsExperience: undefined })).toEqual({
      fullName: ['Full name is required'],
      phone: ['Phone is required'],
      licenseNumber: ['License number is required'],
      yearsExperience: ['Years of experience is required'],
    })
    expect(apiErrors({ hourlyRate: -5 })).toEqual({ hourlyRate: ['Hourly rate must be 0 or greater'] })
    expect(apiErrors({ email: 'nope' })).toEqual({ email: ['Invalid email address'] })
    expect(apiErrors({ availability: { days: ['someday'] } })).toHaveProperty(['availability.days.0'])
    expect(apiErrors({ availability: 'monday' })).toEqual({ availability: ['Availability must be { days: [...] } or null'] })
    expect(apiErrors({ certifications: 'CPR' })).toEqual({ certifications: ['Certifications must be a list of text'] })
  })
})

describe('status changes and list query', () => {
  test('status and background check values are the spec enumerations', () => {
    expect(statusChangeSchema.safeParse({ intent: 'set-status', value: 'inactive' }).success).toBe(true)
    expect(statusChangeSchema.safeParse({ intent: 'set-status', value: 'cleared' }).success).toBe(false)
    expect(statusChangeSchema.safeParse({ intent: 'set-background-check', value: 'in_progress' }).success).toBe(true)
    expect(statusChangeSchema.safeParse({ intent: 'set-background-check', value: 'active' }).success).toBe(false)
    expect(statusChangeSchema.safeParse({ intent: 'drop', value: 'active' }).success).toBe(false)
  })

  test('unknown filter values are dropped; page size 12', () => {
    const query = parseCaregiverListQuery(
      new URLSearchParams('q= ana &status=bogus&specialization=Dementia+Care&backgroundCheckStatus=cleared&page=-3'),
    )
    expect(query).toEqual({
      q: 'ana',
      status: undefined,
      specialization: 'Dementia Care',
      backgroundCheckStatus: 'cleared',
      sort: '-created',
      // No view in the URL: the page picks cards or the table by screen width.
      view: undefined,
      page: 1,
      pageSize: 12,
    })
  })
})

describe('application progress', () => {
  const complete = {
    phone: '2015551000',
    email: 'a@example.com',
    address: '1 Main St',
    city: 'Newark',
    state: 'NJ',
    zipCode: '07102',
    licenseNumber: 'RN-1',
    licenseExpiresOn: '2027-01-01',
    yearsExperience: '1-2',
    specializations: ['Elderly Care'],
    certifications: ['CPR'],
    availableDays: ['monday'],
    hourlyRate: 25,
    fileKinds: ['license', 'resume', 'certification', 'reference'],
  }

  test('a complete application is 100%, an empty one 0%', () => {
    expect(computeApplicationProgress(complete).percent).toBe(100)
    expect(computeApplicationProgress({}).percent).toBe(0)
    expect(PROGRESS_ITEMS).toHaveLength(12)
  })

  test('each of the twelve parts counts the same', () => {
    expect(computeApplicationProgress({ ...complete, hourlyRate: 0 }).percent).toBe(92) // 11 of 12
    expect(computeApplicationProgress({ ...complete, email: '' }).percent).toBe(92)
    expect(computeApplicationProgress({ ...complete, city: ' ' }).percent).toBe(92)
    expect(computeApplicationProgress({ ...complete, licenseExpiresOn: null }).percent).toBe(92)
    expect(computeApplicationProgress({ ...complete, fileKinds: ['license', 'resume'] }).percent).toBe(83)
    // Only the fields the form requires: experience, and nothing else complete.
    const minimal = computeApplicationProgress({ phone: '2015551000', licenseNumber: 'RN-1', yearsExperience: '3-5' })
    expect(minimal.percent).toBe(8)
    expect(minimal.items.filter((item) => item.done).map((item) => item.key)).toEqual(['experience'])
  })

  test('read from the form as typed, with chosen files and the ones already saved', () => {
    const data = formData({
      phone: '2015551000',
      email: 'a@example.com',
      licenseNumber: 'RN-1',
      yearsExperience: '3-5',
      hourlyRate: '22',
      certifications: 'CPR, AED\nBLS',
      specializations: ['Elderly Care'],
      availableDays: ['monday', 'friday'],
      resumeFile: new File(['%PDF-'], 'cv.pdf'),
      licenseFile: new File([], ''),
    })
    const source = progressSourceFromForm(data, ['reference'])
    expect(source).toMatchObject({ certifications: ['CPR, AED', 'BLS'], hourlyRate: 22, fileKinds: ['reference', 'resume'] })
    // contact, experience, specializations, certifications, availability, rate, resume, references
    expect(computeApplicationProgress(source).percent).toBe(67)
  })

  test('read from the values a refused post echoes back, counting only the files already saved', () => {
    const source = progressSourceFromSubmitted(
      {
        phone: '2015551000',
        email: 'a@example.com',
        yearsExperience: '3-5',
        hourlyRate: '0',
        certifications: 'CPR',
        // One checkbox ticked comes back as a string, several as a list.
        specializations: 'Elderly Care',
        availableDays: ['monday', 'friday'],
      },
      ['reference'],
    )
    expect(source).toMatchObject({ specializations: ['Elderly Care'], availableDays: ['monday', 'friday'], hourlyRate: 0, fileKinds: ['reference'] })
    // contact, experience, specializations, certifications, availability, references
    expect(computeApplicationProgress(source).percent).toBe(50)
  })
})

describe('expiry flags', () => {
  test('expired after the day, expires soon within 30 days, otherwise nothing', () => {
    expect(expiryState(null, '2026-11-22')).toBeNull()
    expect(expiryState('2026-11-21', '2026-11-22')).toBe('expired')
    expect(expiryState('2026-11-22', '2026-11-22')).toBe('expires-soon')
    expect(expiryState('2026-12-22', '2026-11-22')).toBe('expires-soon')
    expect(expiryState('2026-12-23', '2026-11-22')).toBeNull()
    // Across a daylight-saving change the count is still in calendar days.
    expect(expiryState('2027-04-09', '2027-03-10')).toBe('expires-soon')
    expect(expiryState('2027-04-10', '2027-03-10')).toBeNull()
  })

  test('"today" is the agency zone\'s calendar day', () => {
    const lateEvening = new Date('2026-11-23T03:30:00Z') // 22:30 on the 22nd in New York
    expect(dateIn(lateEvening, 'America/New_York')).toBe('2026-11-22')
    expect(dateIn(lateEvening, 'UTC')).toBe('2026-11-23')
    expect(expiryState('2026-11-22', dateIn(lateEvening, 'America/New_York'))).toBe('expires-soon')
    expect(expiryState('2026-11-22', dateIn(lateEvening, 'UTC'))).toBe('expired')
  })

  test('a day is shown as that day in every zone', () => {
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027')
  })
})

describe('file types by content', () => {
  const bytes = (...values: number[]) => new Uint8Array([...values, 0, 0, 0, 0])
  const PDF = new TextEncoder().encode('%PDF-1.7\n')
  const DOC = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)
  const DOCX = bytes(0x50, 0x4b, 0x03, 0x04)
  const JPG = bytes(0xff, 0xd8, 0xff, 0xe0)
  const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

  test('signatures are recognised', () => {
    expect(sniffFileSignature(PDF)).toBe('pdf')
    expect(sniffFileSignature(DOC)).toBe('ole2')
    expect(sniffFileSignature(DOCX)).toBe('zip')
    expect(sniffFileSignature(JPG)).toBe('jpg')
    expect(sniffFileSignature(PNG)).toBe('png')
    expect(sniffFileSignature(new TextEncoder().encode('hello'))).toBeNull()
    expect(sniffFileSignature(new Uint8Array())).toBeNull()
  })

  test('content must match the extension', () => {
    expect(contentMatchesExtension(PDF, 'pdf')).toBe(true)
    expect(contentMatchesExtension(DOC, 'doc')).toBe(true)
    expect(contentMatchesExtension(DOCX, 'docx')).toBe(true)
    expect(contentMatchesExtension(JPG, 'jpg')).toBe(true)
    expect(contentMatchesExtension(PNG, 'png')).toBe(true)
    expect(contentMatchesExtension(PNG, 'pdf')).toBe(false)
    expect(contentMatchesExtension(DOCX, 'doc')).toBe(false)
    expect(contentMatchesExtension(new TextEncoder().encode('plain text'), 'docx')).toBe(false)
  })

  test('extensions and pickers', () => {
    expect(extensionOf('Resume.Final.PDF')).toBe('pdf')
    expect(extensionOf('README')).toBeNull()
    expect(acceptAttribute(['pdf', 'doc', 'docx', 'jpg', 'png'])).toBe('.pdf,.doc,.docx,.jpg,.png')
    expect(fileTypeList(['pdf', 'doc', 'docx'])).toBe('PDF, DOC or DOCX')
  })
})
