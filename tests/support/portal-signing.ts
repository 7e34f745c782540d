import { PDFDocument, StandardFonts } from 'pdf-lib'
import { prisma } from '~/platform/db.server'
import { getStorage } from '~/platform/storage.server'

export { pdfsig } from '#tests/support/pdf-tools'

/** A copy with one byte changed inside the first signed range (in a stream, so the file still parses). */
export function tamperedCopy(bytes: Uint8Array) {
  const copy = Buffer.from(bytes)
  const at = copy.indexOf('stream\n') + 12
  copy[at] = copy[at]! ^ 0x01
  return new Uint8Array(copy)
}

export async function flatPdf(title = 'Service Agreement') {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const page = pdf.addPage([612, 792])
  page.drawText(title, { x: 72, y: 720, size: 18, font })
  page.drawText('The agency provides home care services as agreed.', { x: 72, y: 690, size: 11, font })
  return pdf.save()
}

export async function fillablePdf() {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const page = pdf.addPage([612, 792])
  page.drawText('Consent to Care', { x: 72, y: 720, size: 18, font })
  const form = pdf.getForm()
  form.createTextField('patient_name').addToPage(page, { x: 72, y: 600, width: 250, height: 20 })
  form.createTextField('patient_signature').addToPage(page, { x: 72, y: 540, width: 250, height: 36 })
  form.createCheckBox('agree_terms').addToPage(page, { x: 72, y: 500, width: 14, height: 14 })
  return pdf.save()
}

/** A PDF in the document library, as staff would have uploaded it. */
export async function libraryDocument(bytes: Uint8Array, name = 'Service Agreement') {
  const stored = await getStorage().write(
    `documents/${crypto.randomUUID()}.pdf`,
    (async function* () {
      yield bytes
    })(),
    { maxBytes: 10 * 1024 * 1024 },
  )
  return prisma.document.create({
    data: {
      name,
      category: 'agreements',
      fileName: `${name}.pdf`,
      fileSize: stored.size,
      mimeType: 'application/pdf',
      storageKey: stored.key,
      sha256: stored.sha256,
      uploadedBy: 'Test',
    },
  })
}

export async function readStored(storageKey: string) {
  const chunks: Buffer[] = []
  for await (const chunk of getStorage().read(storageKey)) chunks.push(Buffer.from(chunk as Uint8Array))
  return new Uint8Array(Buffer.concat(chunks))
}
