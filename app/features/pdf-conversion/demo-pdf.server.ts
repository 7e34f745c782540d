import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { FormFieldType, FormType } from '~/features/online-forms/form-fields'
import { addSignatureField, setFormat, setTooltip } from '~/features/pdf-conversion/fillable-pdf.server'

export const SAMPLE_PDF_FILE_NAME = 'healthcare-intake-form.pdf'

type SampleField = { name: string; label: string; type: FormFieldType; required?: boolean; options?: string[] }
type SampleForm = { title: string; intro: string; fields: SampleField[] }

/** The demo forms: one per kind of form the portal sends, each with every field type the extraction knows. */
export const SAMPLE_FORMS: Record<FormType, SampleForm> = {
  intake: {
    title: 'Healthcare Intake Form',
    intro: 'Please complete this form before your first home-care visit. Fields marked * are required.',
    fields: [
      { name: 'patient_name', label: 'Patient Name', type: 'text', required: true },
      { name: 'date_of_birth', label: 'Date of Birth', type: 'date', required: true },
      { name: 'phone', label: 'Phone Number', type: 'tel', required: true },
      { name: 'email', label: 'Email Address', type: 'email' },
      { name: 'address', label: 'Home Address', type: 'text' },
      { name: 'gender', label: 'Gender', type: 'radio', options: ['Female', 'Male', 'Other'] },
      { name: 'preferred_language', label: 'Preferred Language', type: 'dropdown', options: ['English', 'Spanish', 'Portuguese', 'Other'] },
      { name: 'hours_per_week', label: 'Hours of Care per Week', type: 'number' },
      { name: 'insurance_provider', label: 'Insurance Provider', type: 'text' },
      { name: 'emergency_contact', label: 'Emergency Contact Name', type: 'text', required: true },
      { name: 'emergency_phone', label: 'Emergency Contact Phone', type: 'tel' },
      { name: 'consent_to_treatment', label: 'I consent to receive home-care services', type: 'checkbox', required: true },
      { name: 'patient_signature', label: 'Patient Signature', type: 'signature', required: true },
      { name: 'signature_date', label: 'Date Signed', type: 'date', required: true },
    ],
  },
  welcome: {
    title: 'Welcome Packet Acknowledgement',
    intro: 'Welcome to our agency. Please confirm you received your welcome packet.',
    fields: [
      { name: 'client_name', label: 'Client Name', type: 'text', required: true },
      { name: 'email', label: 'Email Address', type: 'email', required: true },
      { name: 'phone', label: 'Phone Number', type: 'tel' },
      { name: 'start_of_care', label: 'Start of Care Date', type: 'date' },
      { name: 'household_size', label: 'Number of People in Household', type: 'number' },
      { name: 'contact_method', label: 'Preferred Contact Method', type: 'radio', options: ['Phone', 'Email', 'Text message'] },
      { name: 'caregiver_preference', label: 'Caregiver Preference', type: 'dropdown', options: ['No preference', 'Female caregiver', 'Male caregiver'] },
      { name: 'received_handbook', label: 'I received the client handbook', type: 'checkbox', required: true },
      { name: 'received_privacy_notice', label: 'I received the Notice of Privacy Practices', type: 'checkbox', required: true },
      { name: 'client_signature', label: 'Client Signature', type: 'signature', required: true },
    ],
  },
  appointment: {
    title: 'Appointment Request Form',
    intro: 'Tell us when you would like your assessment visit.',
    fields: [
      { name: 'patient_name', label: 'Patient Name', type: 'text', required: true },
      { name: 'phone', label: 'Phone Number', type: 'tel', required: true },
      { name: 'email', label: 'Email Address', type: 'email' },
      { name: 'preferred_date', label: 'Preferred Date', type: 'date', required: true },
      { name: 'preferred_time', label: 'Preferred Time', type: 'dropdown', options: ['Morning', 'Afternoon', 'Evening'] },
      { name: 'visit_type', label: 'Visit Type', type: 'radio', options: ['In-home assessment', 'Phone consultation', 'Video call'] },
      { name: 'visits_per_week', label: 'Visits per Week (number)', type: 'number' },
      { name: 'reason', label: 'Reason for Visit', type: 'text' },
      { name: 'reminder_opt_in', label: 'Send me a reminder the day before', type: 'checkbox' },
      { name: 'requester_signature', label: 'Signature', type: 'signature' },
    ],
  },
  followup: {
    title: 'Follow-up Visit Form',
    intro: 'Please tell us how your care is going.',
    fields: [
      { name: 'patient_name', label: 'Patient Name', type: 'text', required: true },
      { name: 'date_of_birth', label: 'Date of Birth', type: 'date', required: true },
      { name: 'visit_date', label: 'Visit Date', type: 'date', required: true },
      { name: 'phone', label: 'Phone Number', type: 'tel' },
      { name: 'email', label: 'Email Address', type: 'email' },
      { name: 'satisfaction', label: 'Overall Satisfaction', type: 'radio', options: ['Very satisfied', 'Satisfied', 'Not satisfied'] },
      { name: 'pain_level', label: 'Pain Level', type: 'dropdown', options: ['None', 'Mild', 'Moderate', 'Severe'] },
      { name: 'falls_since_last_visit', label: 'Number of Falls since Last Visit', type: 'number' },
      { name: 'care_plan_changes', label: 'Care plan changes are needed', type: 'checkbox' },
      { name: 'patient_signature', label: 'Patient Signature', type: 'signature', required: true },
    ],
  },
}

const PAGE = { width: 612, height: 792, margin: 50 }
const LABEL_WIDTH = 170
const ROW = 34

/** A real fillable PDF of the given kind of form (POST /api/demo/create-sample-pdf). */
export async function createSamplePdf(formType: FormType): Promise<Uint8Array> {
  const sample = SAMPLE_FORMS[formType] ?? SAMPLE_FORMS.intake
  const document = await PDFDocument.create()
  document.setTitle(sample.title)
  document.setSubject(`${sample.title} (sample)`)
  document.setCreator('Healthcare portal')
  const font = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)
  const form = document.getForm()

  let page = document.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - PAGE.margin - 10
  page.drawText(sample.title, { x: PAGE.margin, y, size: 20, font: bold, color: rgb(0.1, 0.2, 0.45) })
  y -= 22
  page.drawText(sample.intro, { x: PAGE.margin, y, size: 9, font, color: rgb(0.3, 0.3, 0.3) })
  y -= ROW

  for (const field of sample.fields) {
    const height = field.type === 'radio' ? ROW + 4 : ROW
    if (y - height < PAGE.margin) {
      page = document.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - PAGE.margin - 10
    }
    const label = `${field.label}${field.required ? ' *' : ''}`
    const fieldX = PAGE.margin + LABEL_WIDTH
    const fieldWidth = PAGE.width - PAGE.margin - fieldX
    if (field.type === 'checkbox') {
      const box = form.createCheckBox(field.name)
      box.addToPage(page, { x: PAGE.margin, y: y - 2, width: 12, height: 12 })
      drawLabel(page, label, PAGE.margin + 20, y, font)
      setTooltip(box, field.label)
      if (field.required) box.enableRequired()
    } else if (field.type === 'radio') {
      drawLabel(page, label, PAGE.margin, y, font)
      const group = form.createRadioGroup(field.name)
      let x = fieldX
      for (const option of field.options ?? []) {
        group.addOptionToPage(option, page, { x, y: y - 2, width: 12, height: 12 })
        page.drawText(option, { x: x + 16, y, size: 10, font })
        x += 24 + font.widthOfTextAtSize(option, 10)
      }
      setTooltip(group, field.label)
      if (field.required) group.enableRequired()
    } else if (field.type === 'dropdown') {
      drawLabel(page, label, PAGE.margin, y, font)
      const dropdown = form.createDropdown(field.name)
      dropdown.addOptions(field.options ?? [])
      dropdown.addToPage(page, { x: fieldX, y: y - 5, width: 200, height: 18, font })
      setTooltip(dropdown, field.label)
      if (field.required) dropdown.enableRequired()
    } else if (field.type === 'signature') {
      drawLabel(page, label, PAGE.margin, y, font)
      addSignatureField(document, page, { name: field.name, x: fieldX, y: y - 5, width: fieldWidth, height: 24, tooltip: field.label, required: field.required })
    } else {
      drawLabel(page, label, PAGE.margin, y, font)
      const text = form.createTextField(field.name)
      text.addToPage(page, { x: fieldX, y: y - 5, width: field.type === 'date' || field.type === 'number' ? 140 : fieldWidth, height: 18, font })
      setTooltip(text, field.label)
      if (field.type === 'date') setFormat(document, text, 'date')
      if (field.type === 'number') setFormat(document, text, 'number')
      if (field.type === 'tel') setFormat(document, text, 'phone')
      if (field.required) text.enableRequired()
    }
    y -= height
  }
  return document.save()
}

function drawLabel(page: PDFPage, label: string, x: number, y: number, font: PDFFont) {
  page.drawText(label, { x, y, size: 10, font })
}
