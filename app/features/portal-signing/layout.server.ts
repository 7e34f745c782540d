import { PDFCheckBox, PDFDocument, PDFSignature, PDFTextField, StandardFonts, rgb } from 'pdf-lib'
import { labelFromName } from '~/features/pdf-conversion/field-rules'
import type { PortalFieldType } from '~/features/portal-signing/field-rules'

/**
 * Where a portal request's fields go: a fillable PDF's own form fields, or a
 * signature page appended with one block per signer.
 */
export type PlacedField = {
  signerIndex: number
  type: PortalFieldType
  label: string
  required: boolean
  page: number
  x: number
  y: number
  width: number
  height: number
  pdfFieldName: string | null
}

function typeFromName(name: string, isSignature: boolean): PortalFieldType {
  if (isSignature || /sign(ature)?\b|signed\s*by/i.test(name)) return /date/i.test(name) ? 'date_signed' : 'signature'
  if (/initial/i.test(name)) return 'initials'
  if (/date/i.test(name)) return 'date_signed'
  if (/full.?name|print.?name|printed.?name/i.test(name)) return 'full_name'
  return 'text'
}

/**
 * The form fields of a fillable PDF, in page order, each for the first signer:
 * staff reassign them when preparing. Text fields whose name says signature,
 * initials or date become those types. Radio groups and lists are left out.
 */
export async function fieldsFromFillablePdf(bytes: Uint8Array): Promise<PlacedField[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  const pages = pdf.getPages()
  // Widgets without /P are found through the pages' annotation lists.
  const pageOfAnnotation = new Map<string, number>()
  pages.forEach((page, index) => {
    for (const ref of page.node.Annots()?.asArray() ?? []) pageOfAnnotation.set(ref.toString(), index)
  })
  const found: PlacedField[] = []
  for (const field of pdf.getForm().getFields()) {
    const isText = field instanceof PDFTextField
    const isCheckbox = field instanceof PDFCheckBox
    const isSignature = field instanceof PDFSignature
    if (!isText && !isCheckbox && !isSignature) continue
    const name = field.getName()
    for (const widget of field.acroField.getWidgets()) {
      const pageRef = widget.P()
      const widgetRef = pdf.context.getObjectRef(widget.dict)
      const pageIndex = pageRef
        ? pages.findIndex((page) => page.ref === pageRef)
        : (pageOfAnnotation.get(widgetRef?.toString() ?? '') ?? 0)
      const rect = widget.getRectangle()
      found.push({
        signerIndex: 0,
        type: isCheckbox ? 'checkbox' : typeFromName(name, isSignature),
        label: labelFromName(name.split('.').pop() ?? name) || name,
        required: field.isRequired() || isSignature,
        page: Math.max(0, pageIndex) + 1,
        x: rect.x,
        y: rect.y,
        width: rect.width,
        height: rect.height,
        pdfFieldName: name,
      })
      break
    }
  }
  return found.sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x)
}

export const SIGNATURE_PAGE_HEADING = 'Signatures'
const BLOCK_HEIGHT = 130

/**
 * Appends a signature page: per signer, their name (never their e-mail: each
 * signer sees the page), a signature line, the printed name and the date.
 * `signerIndex` says whose block it is. Returns the new PDF and the fields.
 */
export async function appendSignaturePage(bytes: Uint8Array, signers: Array<{ name: string; signerIndex: number }>) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const fields: PlacedField[] = []
  let page = pdf.addPage([612, 792])
  let top = 792 - 72
  page.drawText(SIGNATURE_PAGE_HEADING, { x: 72, y: top, size: 16, font: bold })
  top -= 36
  const ascii = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')
  signers.forEach((signer, blockIndex) => {
    const { signerIndex } = signer
    if (top - BLOCK_HEIGHT < 54) {
      page = pdf.addPage([612, 792])
      top = 792 - 72
    }
    const pageNumber = pdf.getPageCount()
    page.drawText(ascii(`${blockIndex + 1}. ${signer.name}`), { x: 72, y: top, size: 11, font: bold })
    const lineY = top - 56
    page.drawLine({ start: { x: 72, y: lineY }, end: { x: 352, y: lineY }, thickness: 0.75, color: rgb(0.3, 0.3, 0.3) })
    page.drawText('Signature', { x: 72, y: lineY - 12, size: 8, font: regular })
    page.drawLine({ start: { x: 382, y: lineY }, end: { x: 540, y: lineY }, thickness: 0.75, color: rgb(0.3, 0.3, 0.3) })
    page.drawText('Date', { x: 382, y: lineY - 12, size: 8, font: regular })
    page.drawText('Printed name', { x: 72, y: lineY - 50, size: 8, font: regular })
    page.drawLine({ start: { x: 72, y: lineY - 38 }, end: { x: 352, y: lineY - 38 }, thickness: 0.75, color: rgb(0.3, 0.3, 0.3) })
    const base = { signerIndex, required: true, page: pageNumber, pdfFieldName: null }
    fields.push({ ...base, type: 'signature', label: 'Signature', x: 72, y: lineY + 2, width: 280, height: 36 })
    fields.push({ ...base, type: 'date_signed', label: 'Date', x: 382, y: lineY + 2, width: 158, height: 18 })
    fields.push({ ...base, type: 'full_name', label: 'Printed name', x: 72, y: lineY - 36, width: 280, height: 18 })
    top -= BLOCK_HEIGHT
  })
  return { bytes: await pdf.save(), fields }
}
