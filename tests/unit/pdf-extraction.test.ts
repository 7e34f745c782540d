import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib'
import { describe, expect, test } from 'vitest'
import { FORM_TYPES } from '~/features/online-forms/form-fields'
import { ExtractedFormSchemaSchema } from '~/features/online-forms/form-fields-schema'
import { SAMPLE_FORMS, createSamplePdf } from '~/features/pdf-conversion/demo-pdf.server'
import { PdfExtractionError, extractFormSchema } from '~/features/pdf-conversion/extract.server'
import {
  DEFAULT_HEALTHCARE_FIELDS,
  choiceFieldType,
  cleanLabel,
  cleanOptions,
  fieldTypeFromFormatAction,
  fieldTypeFromWording,
  labelFromName,
  labelSaysRequired,
  nameFromLabel,
  textFieldType,
  uniqueNames,
} from '~/features/pdf-conversion/field-rules'
import { findFlatFields, labelForRect, type LabelText } from '~/features/pdf-conversion/layout'
import { buildImageOnlyPdf, buildLetterPdf } from '#tests/support/pdf-corpus'

describe('field types from wording', () => {
  test.each([
    ['Client Name', 'text'],
    ['E-mail', 'email'],
    ['Email Address', 'email'],
    ['Home Phone', 'tel'],
    ['Cell', 'tel'],
    ['Telephone number', 'tel'],
    ['Fax', 'tel'],
    ['Date of Birth', 'date'],
    ['DOB', 'date'],
    ['patientDOB', 'date'],
    ['Birthdate', 'date'],
    ['Date', 'date'],
    ['Signature Date', 'date'],
    ['Date signed', 'date'],
    ['Signature of Patient', 'signature'],
    ['Client Signature', 'signature'],
    ['Sign here', 'signature'],
    ['Zip Code', 'number'],
    ['Age', 'number'],
    ['Number of people in household', 'number'],
    ['Years of Experience', 'number'],
    ['Hours Worked', 'number'],
    ['Policy Number', 'text'],
    ['Social Security Number', 'text'],
    ['Medicaid Number', 'text'],
    ['Place of birth', 'text'],
    ['', 'text'],
  ] as const)('%s → %s', (wording, type) => {
    expect(fieldTypeFromWording(wording)).toBe(type)
  })

  test('format actions decide a text field before its wording', () => {
    expect(fieldTypeFromFormatAction('AFDate_FormatEx("mm/dd/yyyy");')).toBe('date')
    expect(fieldTypeFromFormatAction('AFNumber_Format(2, 0, 0, 0, "", true);')).toBe('number')
    expect(fieldTypeFromFormatAction('AFSpecial_Format(2);')).toBe('tel')
    expect(fieldTypeFromFormatAction('AFSpecial_Format(0);')).toBe('number')
    expect(fieldTypeFromFormatAction('AFSpecial_Format(3);')).toBe('text')
    expect(fieldTypeFromFormatAction('event.value = event.value.toUpperCase()')).toBeNull()
    expect(textFieldType({ label: 'Notes', name: 'Text7', scripts: ['AFDate_KeystrokeEx("mm/dd/yyyy");'] })).toBe('date')
    expect(textFieldType({ label: 'Field', name: 'contactEmail', scripts: [] })).toBe('email')
    expect(textFieldType({ label: 'Home Phone', name: 'Text1', scripts: [] })).toBe('tel')
  })

  test('a question with check boxes: Yes/No and sex are one answer, other lists any number', () => {
    expect(choiceFieldType('Do you smoke?', ['Yes', 'No'])).toBe('radio')
    expect(choiceFieldType('Any falls?', ['Yes', 'No', 'Unsure'])).toBe('radio')
    expect(choiceFieldType('Sex', ['Female', 'Male'])).toBe('radio')
    expect(choiceFieldType('Services requested', ['Personal care', 'Companionship'])).toBe('checkbox')
  })
})

describe('labels and names', () => {
  test('labels lose leaders, colons and required marks; the marks set required', () => {
    expect(cleanLabel('  Client   Name:  ')).toBe('Client Name')
    expect(cleanLabel('Date of Birth *')).toBe('Date of Birth')
    expect(cleanLabel('Phone.......')).toBe('Phone')
    expect(cleanLabel('Name (required)')).toBe('Name')
    expect(cleanLabel('x'.repeat(300))).toHaveLength(200)
    expect(labelSaysRequired('Name *')).toBe(true)
    expect(labelSaysRequired('Name (required):')).toBe(true)
    expect(labelSaysRequired('Name:')).toBe(false)
  })

  test('names from labels are snake_case; from field names, labels read as words', () => {
    expect(nameFromLabel('Date of Birth:')).toBe('date_of_birth')
    expect(nameFromLabel('E-mail')).toBe('e_mail')
    expect(nameFromLabel('Señora Peña’s phone #')).toBe('senora_pena_s_phone')
    expect(nameFromLabel('1st visit')).toBe('field_1st_visit')
    expect(nameFromLabel('***')).toBe('field')
    expect(labelFromName('client.dateOfBirth')).toBe('Client date of birth')
    expect(labelFromName('ec_phone')).toBe('Ec phone')
  })

  test('names are made unique in order, case aside', () => {
    const named = uniqueNames([{ name: 'date' }, { name: 'Date' }, { name: 'date' }, { name: 'phone' }])
    expect(named.map((field) => field.name)).toEqual(['date', 'Date_2', 'date_3', 'phone'])
  })

  test('options are trimmed, without blanks or repeats, at most 50', () => {
    expect(cleanOptions([' Yes ', 'yes', '', 'No'])).toEqual(['Yes', 'No'])
    expect(cleanOptions(Array.from({ length: 60 }, (_, index) => `Option ${index}`))).toHaveLength(50)
  })

  const texts: LabelText[] = [
    { text: 'Full Name:', x0: 50, x1: 100, y: 700, size: 10 },
    { text: 'Street Address', x0: 50, x1: 120, y: 660, size: 10 },
    { text: 'I agree', x0: 66, x1: 100, y: 602, size: 10 },
    { text: 'Consent:', x0: 0, x1: 40, y: 602, size: 10 },
  ]

  test('a widget is labelled by the text to its left, else just above; a check box by the text to its right', () => {
    expect(labelForRect([150, 695, 400, 713], texts)).toBe('Full Name')
    expect(labelForRect([50, 638, 400, 656], texts)).toBe('Street Address')
    expect(labelForRect([50, 600, 61, 611], texts, { preferRight: true })).toBe('I agree')
    expect(labelForRect([50, 600, 61, 611], texts)).toBe('Consent')
    expect(labelForRect([450, 300, 500, 318], texts)).toBeNull()
    const caption: LabelText = { text: 'Signature of Patient', x0: 300, x1: 380, y: 270, size: 8 }
    expect(labelForRect([300, 284, 500, 308], [...texts, caption])).toBe('Signature of Patient')
  })

  test('a widget does not take the label of the widget before it on the line', () => {
    const first: [number, number, number, number] = [150, 695, 250, 713]
    const second: [number, number, number, number] = [260, 695, 400, 713]
    expect(labelForRect(second, texts, { others: [first, second] })).toBeNull()
  })

  test('a flat page: labels before underscores, before drawn lines, and captions under lines', () => {
    const fields = findFlatFields({
      page: 1,
      texts: [
        { text: 'Name: ______________   Phone: ____________', x: 50, y: 700, width: 230, size: 10 },
        { text: 'Email', x: 50, y: 670, width: 26, size: 10 },
        { text: 'Signature of Client', x: 50, y: 600, width: 70, size: 8 },
      ],
      segments: [
        { x0: 120, x1: 300, y: 668 },
        { x0: 50, x1: 250, y: 612 },
      ],
      rects: [],
    })
    expect(fields.map(({ label, type, name }) => ({ label, type, name }))).toEqual([
      { label: 'Name', type: 'text', name: 'name' },
      { label: 'Phone', type: 'tel', name: 'phone' },
      { label: 'Email', type: 'email', name: 'email' },
      { label: 'Signature of Client', type: 'signature', name: 'signature_of_client' },
    ])
  })
})

test('check box glyphs (☐, [ ]) with their options, a lone box with its statement', () => {
  const fields = findFlatFields({
    page: 2,
    texts: [
      { text: 'Do you live alone? \u2610 Yes \u2610 No', x: 50, y: 700, width: 190, size: 10 },
      { text: 'Marital status: [ ] Single [ ] Married [ ] Widowed', x: 50, y: 670, width: 250, size: 10 },
      { text: '\u2610 I agree to the care plan *', x: 50, y: 640, width: 150, size: 10 },
    ],
    segments: [],
    rects: [],
  })
  expect(fields.map(({ label, type, options, required, page }) => ({ label, type, options, required, page }))).toEqual([
    { label: 'Do you live alone?', type: 'radio', options: ['Yes', 'No'], required: false, page: 2 },
    { label: 'Marital status', type: 'radio', options: ['Single', 'Married', 'Widowed'], required: false, page: 2 },
    { label: 'I agree to the care plan', type: 'checkbox', options: undefined, required: true, page: 2 },
  ])
})

async function encryptedPdf() {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  document.addPage().drawText('Name: ______', { x: 50, y: 700, font, size: 10 })
  // A standard security handler whose user password is not empty: readers ask for it.
  const encrypt = document.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -44, O: PDFHexString.of('11'.repeat(32)), U: PDFHexString.of('22'.repeat(32)) })
  document.context.trailerInfo.Encrypt = document.context.register(encrypt)
  document.context.trailerInfo.ID = document.context.obj([PDFHexString.of('ab'.repeat(16)), PDFHexString.of('ab'.repeat(16))])
  return document.save({ useObjectStreams: false })
}

describe('extraction of PDFs that give nothing', () => {
  test('a PDF with text but no fields or blanks gets the default healthcare fields, flagged', async () => {
    const schema = await extractFormSchema({ bytes: await buildLetterPdf(), fileName: 'welcome-letter.pdf' })
    expect(schema.fallbackFields).toBe(true)
    expect(schema.fields).toEqual(DEFAULT_HEALTHCARE_FIELDS)
    expect(schema.fields).toHaveLength(8)
    expect(schema.title).toBe('welcome letter')
    expect(schema.totalPages).toBe(1)
  })

  test.each([
    ['encrypted', encryptedPdf, /^Failed to extract.*password/],
    ['image-only', buildImageOnlyPdf, /^Failed to extract.*no text/],
    ['not a PDF', async () => new TextEncoder().encode('hello, this is not a PDF'), /^Failed to extract/],
    ['cut off', async () => (await createSamplePdf('intake')).slice(0, 400), /^Failed to extract/],
    ['empty', async () => new Uint8Array(), /^Failed to extract/],
  ])('a PDF that is %s throws PdfExtractionError', async (_kind, build, message) => {
    const bytes = await build()
    const failure = await extractFormSchema({ bytes, fileName: 'form.pdf' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(PdfExtractionError)
    expect((failure as Error).message).toMatch(message)
  })
})

async function flatPdf(pages: number, linesPerPage: number) {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  for (let page = 1; page <= pages; page++) {
    const added = document.addPage([612, 792])
    for (let line = 1; line <= linesPerPage; line++) {
      added.drawText(`Item ${page}-${line}: ____________`, { x: 50, y: 760 - line * 14, font, size: 8 })
    }
  }
  return document.save()
}

describe('bounds', () => {
  test('at most 50 pages are read; the page count is the whole PDF', async () => {
    const schema = await extractFormSchema({ bytes: await flatPdf(55, 1), fileName: 'long.pdf' })
    expect(schema.totalPages).toBe(55)
    expect(schema.fields).toHaveLength(50)
    expect(schema.fields.at(-1)).toMatchObject({ label: 'Item 50-1', page: 50 })
  })

  test('at most 200 fields are answered', async () => {
    const schema = await extractFormSchema({ bytes: await flatPdf(5, 50), fileName: 'many.pdf' })
    expect(schema.fields).toHaveLength(200)
    expect(new Set(schema.fields.map((field) => field.name)).size).toBe(200)
  })
})

describe('demo PDFs', () => {
  test.each(FORM_TYPES)('the %s demo is a fillable PDF whose extraction gives back every field', async (formType) => {
    const bytes = await createSamplePdf(formType)
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const schema = await extractFormSchema({ bytes, fileName: 'healthcare-intake-form.pdf' })
    const sample = SAMPLE_FORMS[formType]
    expect(schema.title).toBe(sample.title)
    expect(schema.fallbackFields).toBe(false)
    expect(schema.fields.map(({ page: _page, ...field }) => field)).toEqual(
      sample.fields.map((field) => ({ ...field, required: field.required ?? false })),
    )
    expect(ExtractedFormSchemaSchema.safeParse(schema).success).toBe(true)
    expect(new Set(schema.fields.map((field) => field.type))).toEqual(
      new Set(['text', 'email', 'tel', 'date', 'number', 'radio', 'dropdown', 'checkbox', 'signature'].filter((type) => sample.fields.some((field) => field.type === type))),
    )
  })

  test('the intake demo has fields of every type', () => {
    expect(new Set(SAMPLE_FORMS.intake.fields.map((field) => field.type)).size).toBe(9)
  })
})
