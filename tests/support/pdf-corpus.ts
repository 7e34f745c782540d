import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { FormFieldType } from '~/features/online-forms/form-fields'
import { addSignatureField, setFormat, setTooltip } from '~/features/pdf-conversion/fillable-pdf.server'

/**
 * PDFs the extraction tests build themselves, each with the fields a person
 * would say it has: fillable ones in every field type (labels as tooltips,
 * printed to the left or above, several pages), and flat ones typeset like
 * the printed forms agencies scan and send (labels and underscores, drawn
 * lines and boxes, [ ] and drawn check boxes, captioned signature lines).
 */

export type ExpectedField = { label: string; type: FormFieldType; required?: boolean; options?: string[]; page?: number }
export type CorpusPdf = { file: string; kind: 'fillable' | 'flat'; bytes: Uint8Array; title: string; expected: ExpectedField[] }

type Fonts = { regular: PDFFont; bold: PDFFont }
const LETTER: [number, number] = [612, 792]

async function newDocument() {
  const document = await PDFDocument.create()
  const fonts: Fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) }
  return { document, fonts }
}

function write(page: PDFPage, fonts: Fonts, text: string, x: number, y: number, size = 10, bold = false) {
  page.drawText(text, { x, y, size, font: bold ? fonts.bold : fonts.regular, color: rgb(0, 0, 0) })
}

function line(page: PDFPage, x0: number, x1: number, y: number) {
  page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: 0.75, color: rgb(0, 0, 0) })
}

function box(page: PDFPage, x: number, y: number, width: number, height: number) {
  page.drawRectangle({ x, y, width, height, borderWidth: 0.75, borderColor: rgb(0, 0, 0) })
}

/** Every field type, labels printed to the left or above (no tooltips), over two pages, with a push button to skip. */
async function fillableAllTypes(): Promise<CorpusPdf> {
  const { document, fonts } = await newDocument()
  const form = document.getForm()
  const first = document.addPage(LETTER)
  write(first, fonts, 'Client Admission Form', 50, 740, 18, true)
  write(first, fonts, 'Please print clearly. Our office will contact you within two business days.', 50, 720, 9)

  write(first, fonts, 'Full Name:', 50, 690)
  const fullName = form.createTextField('client.fullName')
  fullName.addToPage(first, { x: 150, y: 685, width: 250, height: 18 })
  fullName.enableRequired()

  write(first, fonts, 'Date of Birth:', 50, 660)
  const dob = form.createTextField('client.dob')
  dob.addToPage(first, { x: 150, y: 655, width: 120, height: 18 })
  setFormat(document, dob, 'date')
  dob.enableRequired()

  write(first, fonts, 'Age:', 300, 660)
  const age = form.createTextField('client.age')
  age.addToPage(first, { x: 330, y: 655, width: 60, height: 18 })
  setFormat(document, age, 'number')

  write(first, fonts, 'Home Phone:', 50, 630)
  const phone = form.createTextField('homePhone')
  phone.addToPage(first, { x: 150, y: 625, width: 150, height: 18 })
  setFormat(document, phone, 'phone')

  write(first, fonts, 'E-mail:', 320, 630)
  const email = form.createTextField('contactAddress')
  email.addToPage(first, { x: 370, y: 625, width: 190, height: 18 })

  write(first, fonts, 'Street Address', 50, 600)
  const street = form.createTextField('street')
  street.addToPage(first, { x: 50, y: 578, width: 350, height: 18 })

  write(first, fonts, 'Marital Status:', 50, 550)
  const marital = form.createRadioGroup('maritalStatus')
  let x = 150
  for (const option of ['Single', 'Married', 'Widowed']) {
    marital.addOptionToPage(option, first, { x, y: 547, width: 11, height: 11 })
    write(first, fonts, option, x + 15, 549)
    x += 80
  }
  marital.enableRequired()

  const allergies = form.createCheckBox('hasAllergies')
  allergies.addToPage(first, { x: 50, y: 517, width: 11, height: 11 })
  write(first, fonts, 'I have known allergies', 66, 519)

  write(first, fonts, 'County:', 50, 490)
  const county = form.createDropdown('county')
  county.addOptions(['Bergen', 'Essex', 'Hudson', 'Passaic'])
  county.addToPage(first, { x: 150, y: 485, width: 150, height: 18 })

  write(first, fonts, 'Services:', 50, 450)
  const services = form.createOptionList('servicesList')
  services.addOptions(['Personal care', 'Companionship', 'Skilled nursing'])
  services.addToPage(first, { x: 150, y: 410, width: 180, height: 50 })

  const print = form.createButton('printButton')
  print.addToPage('Print', first, { x: 450, y: 60, width: 80, height: 20 })

  const second = document.addPage(LETTER)
  write(second, fonts, 'Emergency Contact Name', 50, 720)
  const contact = form.createTextField('ec_name')
  contact.addToPage(second, { x: 50, y: 698, width: 250, height: 18 })
  contact.enableRequired()
  write(second, fonts, 'Emergency Contact Phone', 320, 720)
  const contactPhone = form.createTextField('ec_phone')
  contactPhone.addToPage(second, { x: 320, y: 698, width: 200, height: 18 })

  write(second, fonts, 'Client Signature:', 50, 640)
  addSignatureField(document, second, { name: 'sig1', x: 150, y: 632, width: 220, height: 24, required: true })
  write(second, fonts, 'Date:', 390, 640)
  const signedOn = form.createTextField('sigDate')
  signedOn.addToPage(second, { x: 425, y: 635, width: 110, height: 18 })
  addSignatureField(document, second, { name: 'sig2', x: 50, y: 560, width: 220, height: 24 })
  write(second, fonts, 'Signature of Witness', 50, 550, 8)

  return {
    file: 'fillable-all-types.pdf',
    kind: 'fillable',
    title: 'Client Admission Form',
    bytes: await document.save(),
    expected: [
      { label: 'Full Name', type: 'text', required: true, page: 1 },
      { label: 'Date of Birth', type: 'date', required: true, page: 1 },
      { label: 'Age', type: 'number', page: 1 },
      { label: 'Home Phone', type: 'tel', page: 1 },
      { label: 'E-mail', type: 'email', page: 1 },
      { label: 'Street Address', type: 'text', page: 1 },
      { label: 'Marital Status', type: 'radio', required: true, options: ['Single', 'Married', 'Widowed'], page: 1 },
      { label: 'I have known allergies', type: 'checkbox', page: 1 },
      { label: 'County', type: 'dropdown', options: ['Bergen', 'Essex', 'Hudson', 'Passaic'], page: 1 },
      { label: 'Services', type: 'dropdown', options: ['Personal care', 'Companionship', 'Skilled nursing'], page: 1 },
      { label: 'Emergency Contact Name', type: 'text', required: true, page: 2 },
      { label: 'Emergency Contact Phone', type: 'tel', page: 2 },
      { label: 'Client Signature', type: 'signature', required: true, page: 2 },
      { label: 'Date', type: 'date', page: 2 },
      { label: 'Signature of Witness', type: 'signature', page: 2 },
    ],
  }
}

/** Labels only as tooltips (a tooltip wins over printed text), the title only in the metadata. */
async function fillableTooltips(): Promise<CorpusPdf> {
  const { document, fonts } = await newDocument()
  document.setTitle('Caregiver Timesheet')
  const form = document.getForm()
  const page = document.addPage(LETTER)
  write(page, fonts, 'Name', 50, 700)
  const name = form.createTextField('Text1')
  name.addToPage(page, { x: 120, y: 695, width: 200, height: 18 })
  setTooltip(name, 'Caregiver full name')
  name.enableRequired()

  const week = form.createTextField('Text2')
  week.addToPage(page, { x: 120, y: 665, width: 120, height: 18 })
  setTooltip(week, 'Week ending')
  setFormat(document, week, 'date')

  const hours = form.createTextField('Text3')
  hours.addToPage(page, { x: 120, y: 635, width: 80, height: 18 })
  setTooltip(hours, 'Total hours worked')
  setFormat(document, hours, 'number')

  const cell = form.createTextField('Text4')
  cell.addToPage(page, { x: 120, y: 605, width: 150, height: 18 })
  setTooltip(cell, 'Cell phone')

  const overtime = form.createRadioGroup('Group1')
  overtime.addOptionToPage('Yes', page, { x: 120, y: 575, width: 11, height: 11 })
  overtime.addOptionToPage('No', page, { x: 170, y: 575, width: 11, height: 11 })
  setTooltip(overtime, 'Did you work overtime?')

  const shift = form.createDropdown('Dropdown1')
  shift.addOptions(['Day', 'Evening', 'Overnight'])
  shift.addToPage(page, { x: 120, y: 545, width: 120, height: 18 })
  setTooltip(shift, 'Shift')

  const confirm = form.createCheckBox('Check1')
  confirm.addToPage(page, { x: 120, y: 515, width: 11, height: 11 })
  setTooltip(confirm, 'I confirm these hours are correct')
  confirm.enableRequired()

  addSignatureField(document, page, { name: 'Signature1', x: 120, y: 470, width: 200, height: 24, tooltip: 'Caregiver signature', required: true })

  return {
    file: 'fillable-tooltips.pdf',
    kind: 'fillable',
    title: 'Caregiver Timesheet',
    bytes: await document.save(),
    expected: [
      { label: 'Caregiver full name', type: 'text', required: true },
      { label: 'Week ending', type: 'date' },
      { label: 'Total hours worked', type: 'number' },
      { label: 'Cell phone', type: 'tel' },
      { label: 'Did you work overtime?', type: 'radio', options: ['Yes', 'No'] },
      { label: 'Shift', type: 'dropdown', options: ['Day', 'Evening', 'Overnight'] },
      { label: 'I confirm these hours are correct', type: 'checkbox', required: true },
      { label: 'Caregiver signature', type: 'signature', required: true },
    ],
  }
}

/** A printed registration form: labels followed by underscores, several on a line. */
async function flatUnderscores(): Promise<CorpusPdf> {
  const { document, fonts } = await newDocument()
  const page = document.addPage(LETTER)
  write(page, fonts, 'Home Care Client Registration', 50, 740, 16, true)
  const rows = [
    'Client Name: ____________________________________________',
    'Date of Birth: __/__/____          Age: ________',
    'Street Address: _________________________________________',
    'City: ____________________  State: ________  Zip Code: __________',
    'Home Phone: __________________  Cell Phone: __________________',
    'Email: ______________________________________',
    'I understand that the agency keeps my information private and uses it only to provide care.',
    'Emergency Contact: ________________________  Relationship: ______________',
    'Primary Physician: ________________________',
    'Client Signature: __________________________    Date: ______________',
  ]
  rows.forEach((row, index) => write(page, fonts, row, 50, 700 - index * 30))
  return {
    file: 'flat-underscores.pdf',
    kind: 'flat',
    title: 'Home Care Client Registration',
    bytes: await document.save(),
    expected: [
      { label: 'Client Name', type: 'text' },
      { label: 'Date of Birth', type: 'date' },
      { label: 'Age', type: 'number' },
      { label: 'Street Address', type: 'text' },
      { label: 'City', type: 'text' },
      { label: 'State', type: 'text' },
      { label: 'Zip Code', type: 'number' },
      { label: 'Home Phone', type: 'tel' },
      { label: 'Cell Phone', type: 'tel' },
      { label: 'Email', type: 'email' },
      { label: 'Emergency Contact', type: 'text' },
      { label: 'Relationship', type: 'text' },
      { label: 'Primary Physician', type: 'text' },
      { label: 'Client Signature', type: 'signature' },
      { label: 'Date', type: 'date' },
    ],
  }
}

/** A caregiver application: labels before drawn lines, labels above boxes, signature lines captioned below. */
async function flatDrawnLines(): Promise<CorpusPdf> {
  const { document, fonts } = await newDocument()
  const page = document.addPage(LETTER)
  write(page, fonts, 'Caregiver Employment Application', 50, 740, 16, true)
  write(page, fonts, 'Section 1. Personal information', 50, 712, 11, true)
  const lined = ['Applicant Name', 'Social Security Number', 'Phone', 'Email Address']
  lined.forEach((label, index) => {
    const y = 685 - index * 28
    write(page, fonts, label, 50, y)
    line(page, 180, 540, y - 2)
  })
  write(page, fonts, 'Section 2. Experience', 50, 560, 11, true)
  const boxed = ['Previous Employer', 'Position Held', 'Years of Experience']
  boxed.forEach((label, index) => {
    const y = 535 - index * 50
    write(page, fonts, label, 50, y)
    box(page, 50, y - 28, 300, 20)
  })
  write(page, fonts, 'I certify that the information in this application is true and complete.', 50, 370, 9)
  line(page, 50, 300, 320)
  write(page, fonts, 'Signature of Applicant', 50, 308, 8)
  line(page, 340, 520, 320)
  write(page, fonts, 'Date', 340, 308, 8)
  return {
    file: 'flat-drawn-lines.pdf',
    kind: 'flat',
    title: 'Caregiver Employment Application',
    bytes: await document.save(),
    expected: [
      { label: 'Applicant Name', type: 'text' },
      { label: 'Social Security Number', type: 'text' },
      { label: 'Phone', type: 'tel' },
      { label: 'Email Address', type: 'email' },
      { label: 'Previous Employer', type: 'text' },
      { label: 'Position Held', type: 'text' },
      { label: 'Years of Experience', type: 'number' },
      { label: 'Signature of Applicant', type: 'signature' },
      { label: 'Date', type: 'date' },
    ],
  }
}

/** A questionnaire with [ ] check boxes and drawn squares, questions with their options, and a signature line. */
async function flatCheckboxes(): Promise<CorpusPdf> {
  const { document, fonts } = await newDocument()
  const page = document.addPage(LETTER)
  write(page, fonts, 'Health History Questionnaire', 50, 740, 16, true)
  write(page, fonts, 'Do you smoke?   [ ] Yes   [ ] No', 50, 700)
  write(page, fonts, 'Do you use a walker or cane?   [ ] Yes   [ ] No', 50, 675)
  write(page, fonts, 'Sex:   [ ] Female   [ ] Male', 50, 650)
  write(page, fonts, 'Services requested:', 50, 620)
  let x = 60
  for (const service of ['Personal care', 'Companionship', 'Skilled nursing']) {
    box(page, x, 596, 9, 9)
    write(page, fonts, service, x + 14, 597)
    x += 140
  }
  write(page, fonts, 'Known Allergies: ________________________________', 50, 565)
  write(page, fonts, '[ ] I have received the Notice of Privacy Practices', 50, 535)
  box(page, 50, 509, 9, 9)
  write(page, fonts, 'I agree to the terms of service', 64, 510)
  write(page, fonts, 'Patient Signature: ______________________   Date: ____________', 50, 470)
  return {
    file: 'flat-checkboxes.pdf',
    kind: 'flat',
    title: 'Health History Questionnaire',
    bytes: await document.save(),
    expected: [
      { label: 'Do you smoke?', type: 'radio', options: ['Yes', 'No'] },
      { label: 'Do you use a walker or cane?', type: 'radio', options: ['Yes', 'No'] },
      { label: 'Sex', type: 'radio', options: ['Female', 'Male'] },
      { label: 'Services requested', type: 'checkbox', options: ['Personal care', 'Companionship', 'Skilled nursing'] },
      { label: 'Known Allergies', type: 'text' },
      { label: 'I have received the Notice of Privacy Practices', type: 'checkbox' },
      { label: 'I agree to the terms of service', type: 'checkbox' },
      { label: 'Patient Signature', type: 'signature' },
      { label: 'Date', type: 'date' },
    ],
  }
}

/** Two pages: a table whose cells carry their labels inside (top left), then labels with underscores. */
async function flatTableTwoPages(): Promise<CorpusPdf> {
  const { document, fonts } = await newDocument()
  const first = document.addPage(LETTER)
  write(first, fonts, 'Medication Authorization', 50, 740, 16, true)
  const cells = [
    ['Patient Name', 'Medicaid Number'],
    ['Date of Birth', 'Primary Diagnosis'],
  ]
  cells.forEach((row, rowIndex) =>
    row.forEach((label, columnIndex) => {
      const x = 50 + columnIndex * 256
      const y = 680 - rowIndex * 36
      box(first, x, y, 256, 36)
      write(first, fonts, label, x + 4, y + 26, 8)
    }),
  )
  write(first, fonts, 'The medications below are to be given by the caregiver as prescribed.', 50, 600, 9)
  const second = document.addPage(LETTER)
  write(second, fonts, 'Prescriber', 50, 740, 12, true)
  write(second, fonts, 'Physician Name: ______________________________', 50, 710)
  write(second, fonts, 'Physician Phone: ______________________________', 50, 680)
  write(second, fonts, 'Pharmacy: ______________________________', 50, 650)
  return {
    file: 'flat-table-two-pages.pdf',
    kind: 'flat',
    title: 'Medication Authorization',
    bytes: await document.save(),
    expected: [
      { label: 'Patient Name', type: 'text', page: 1 },
      { label: 'Medicaid Number', type: 'text', page: 1 },
      { label: 'Date of Birth', type: 'date', page: 1 },
      { label: 'Primary Diagnosis', type: 'text', page: 1 },
      { label: 'Physician Name', type: 'text', page: 2 },
      { label: 'Physician Phone', type: 'tel', page: 2 },
      { label: 'Pharmacy', type: 'text', page: 2 },
    ],
  }
}

/** Words placed one by one as word processors do. */
function writeWords(page: PDFPage, fonts: Fonts, text: string, x: number, y: number, size = 10) {
  let at = x
  for (const word of text.split(' ')) {
    if (word) write(page, fonts, word, at, y, size)
    at += fonts.regular.widthOfTextAtSize(`${word} `, size)
  }
  return at
}

/**
 * As a word processor prints a consent form: every word its own text run, rules drawn as thin filled
 * rectangles, a two-column table (label cell, empty answer cell), an underlined heading, a justified
 * paragraph, a page number in the footer.
 */
async function flatWordProcessor(): Promise<CorpusPdf> {
  const { document, fonts } = await newDocument()
  const page = document.addPage(LETTER)
  write(page, fonts, 'Consent for Home Care Services', 120, 740, 18, true)
  write(page, fonts, 'Client information', 50, 705, 12, true)
  page.drawRectangle({ x: 50, y: 702, width: fonts.bold.widthOfTextAtSize('Client information', 12), height: 0.8, color: rgb(0, 0, 0) })
  const rows = ['Client Name', 'Date of Birth', 'Medicare Number', 'Phone Number']
  rows.forEach((label, index) => {
    const y = 670 - index * 24
    page.drawRectangle({ x: 50, y, width: 160, height: 24, borderWidth: 0.5, borderColor: rgb(0, 0, 0) })
    page.drawRectangle({ x: 210, y, width: 340, height: 24, borderWidth: 0.5, borderColor: rgb(0, 0, 0) })
    writeWords(page, fonts, label, 54, y + 8)
  })
  const paragraph = [
    'I consent to receive home care services from the agency. I understand that I may withdraw this consent at',
    'any time by notifying the agency in writing, and that my care plan will be reviewed with me every 60 days.',
  ]
  paragraph.forEach((text, index) => writeWords(page, fonts, text, 50, 540 - index * 14, 9))
  const responsible = writeWords(page, fonts, 'Responsible Party:', 50, 480)
  page.drawRectangle({ x: responsible + 4, y: 478, width: 250, height: 0.6, color: rgb(0, 0, 0) })
  const relation = writeWords(page, fonts, 'Relationship to Client:', 50, 450)
  page.drawRectangle({ x: relation + 4, y: 448, width: 200, height: 0.6, color: rgb(0, 0, 0) })
  page.drawRectangle({ x: 50, y: 390, width: 260, height: 0.6, color: rgb(0, 0, 0) })
  page.drawRectangle({ x: 350, y: 390, width: 150, height: 0.6, color: rgb(0, 0, 0) })
  writeWords(page, fonts, 'Client or Representative Signature', 50, 378, 8)
  writeWords(page, fonts, 'Date', 350, 378, 8)
  writeWords(page, fonts, 'Page 1 of 1', 280, 40, 8)
  return {
    file: 'flat-word-processor.pdf',
    kind: 'flat',
    title: 'Consent for Home Care Services',
    bytes: await document.save(),
    expected: [
      { label: 'Client Name', type: 'text' },
      { label: 'Date of Birth', type: 'date' },
      { label: 'Medicare Number', type: 'text' },
      { label: 'Phone Number', type: 'tel' },
      { label: 'Responsible Party', type: 'text' },
      { label: 'Relationship to Client', type: 'text' },
      { label: 'Client or Representative Signature', type: 'signature' },
      { label: 'Date', type: 'date' },
    ],
  }
}

/** Forms printed by LibreOffice from the HTML pages in tests/fixtures/pdf-corpus (see its README). */
function libreOfficePrinted(): CorpusPdf[] {
  const read = (file: string) => new Uint8Array(fs.readFileSync(path.resolve('tests/fixtures/pdf-corpus', file)))
  return [
    {
      file: 'libreoffice-intake.pdf',
      kind: 'flat',
      title: 'Home Care Intake Assessment',
      bytes: read('libreoffice-intake.pdf'),
      expected: [
        { label: 'Client Name', type: 'text' },
        { label: 'Date of Birth', type: 'date' },
        { label: 'Address', type: 'text' },
        { label: 'Home Phone', type: 'tel' },
        { label: 'Email', type: 'email' },
        { label: 'Insurance Provider', type: 'text' },
        { label: 'Policy Number', type: 'text' },
        { label: 'Primary Physician', type: 'text' },
        { label: 'Do you have any allergies?', type: 'radio', options: ['Yes', 'No'] },
        { label: 'Have you fallen in the last six months?', type: 'radio', options: ['Yes', 'No'] },
        { label: 'Number of medications taken daily', type: 'number' },
        { label: 'I consent to the agency sharing my care plan with my physician.', type: 'checkbox' },
        { label: 'Client Signature', type: 'signature' },
        { label: 'Date', type: 'date' },
      ],
    },
    {
      file: 'libreoffice-fillable.pdf',
      kind: 'fillable',
      title: 'Service Agreement',
      bytes: read('libreoffice-fillable.pdf'),
      expected: [
        { label: 'Client Name', type: 'text' },
        { label: 'Phone', type: 'tel' },
        { label: 'Email', type: 'email' },
        { label: 'Service Level', type: 'dropdown', options: ['Companion', 'Personal care', 'Skilled nursing'] },
        { label: 'Payment', type: 'radio', options: ['Private pay', 'Medicaid', 'Long-term care insurance'] },
        { label: 'I agree to the terms of this agreement', type: 'checkbox' },
      ],
    },
    {
      file: 'libreoffice-caregiver-checklist.pdf',
      kind: 'flat',
      title: 'Caregiver Visit Checklist',
      bytes: read('libreoffice-caregiver-checklist.pdf'),
      expected: [
        { label: 'Caregiver Name', type: 'text' },
        { label: 'Visit Date', type: 'date' },
        { label: 'Client Name', type: 'text' },
        { label: 'Hours Worked', type: 'number' },
        { label: 'Tasks completed', type: 'checkbox', options: ['Bathing', 'Dressing', 'Meal preparation', 'Medication reminder', 'Light housekeeping'] },
        { label: 'Was the client in pain today?', type: 'radio', options: ['Yes', 'No'] },
        { label: 'Notes for the coordinator', type: 'text' },
        { label: 'Caregiver Signature', type: 'signature' },
        { label: 'Client Initials', type: 'text' },
      ],
    },
  ]
}

export async function buildPdfCorpus(): Promise<CorpusPdf[]> {
  const built = await Promise.all([fillableAllTypes(), fillableTooltips(), flatUnderscores(), flatDrawnLines(), flatCheckboxes(), flatTableTwoPages(), flatWordProcessor()])
  return [...built, ...libreOfficePrinted()]
}

/** A PDF with text and no blanks or fields (a letter): the extraction falls back to the default fields. */
export async function buildLetterPdf(): Promise<Uint8Array> {
  const { document, fonts } = await newDocument()
  const page = document.addPage(LETTER)
  write(page, fonts, 'Dear family,', 50, 700)
  write(page, fonts, 'Thank you for choosing our agency. Your coordinator will call you this week.', 50, 680)
  return document.save()
}

/** A scanned page: an image and no text. */
export async function buildImageOnlyPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  // A 1×1 grey PNG stands in for the scan.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgAB4iG8MwAAAABJRU5ErkJggg==', 'base64')
  const image = await document.embedPng(png)
  document.addPage(LETTER).drawImage(image, { x: 0, y: 0, width: 612, height: 792 })
  return document.save()
}
