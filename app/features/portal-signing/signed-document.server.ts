import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PDF, type Signer } from '@libpdf/core'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, StandardFonts, rgb } from 'pdf-lib'
import type { PortalFieldType } from '~/features/portal-signing/field-rules'

/**
 * Turns a completed portal request into its signed document: the signers'
 * values drawn into the original PDF (form fields flattened, so nothing stays
 * editable), a completion certificate appended, and a PAdES signature over
 * the whole file so any later change shows in every PDF reader.
 */

export type CertificateSigner = {
  order: number
  name: string
  email: string
  signatureText: string | null
  /** typed | drawn (null for signers from before drawing existed: typed). */
  signatureMethod?: string | null
  ipAddress: string | null
  userAgent: string | null
  sentAt: Date | null
  openedAt: Date | null
  consentedAt: Date | null
  signedAt: Date | null
}

export type FilledField = {
  type: PortalFieldType
  page: number
  x: number
  y: number
  width: number
  height: number
  value: string | null
  /** The signer's drawn signature or initials (a checked PNG): drawn instead of the text. */
  image?: Uint8Array | null
}

export type CertificateEvent = {
  type: string
  occurredAt: Date
  signerName: string | null
  ipAddress: string | null
  userAgent: string | null
  detail: string | null
}

export type SignedDocumentInput = {
  requestId: string
  title: string
  original: Uint8Array
  signers: CertificateSigner[]
  fields: FilledField[]
  events: CertificateEvent[]
  completedAt: Date
  /**
   * The SHA-256 of the document library's file. `original` is that file, or
   * that file with a signature page appended: the certificate then gives both
   * hashes and says which is which.
   */
  librarySha256?: string | null
}

export function sha256Hex(bytes: Uint8Array) {
  return createHash('sha256').update(bytes).digest('hex')
}

let handwritingFont: Promise<Uint8Array> | null = null

/** Dancing Script (SIL Open Font License), read from its package once. WOFF: fontkit reads it as is. */
export function loadHandwritingFont() {
  handwritingFont ??= readFile(
    createRequire(import.meta.url).resolve('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff'),
  ).then((buffer) => new Uint8Array(buffer))
  return handwritingFont
}

/** The standard fonts draw WinAnsi only: anything else (an emoji in a user agent) is shown as '?'. */
function winAnsi(text: string) {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')
}

function fitSize(font: PDFFont, text: string, width: number, height: number, max: number) {
  let size = Math.min(max, height * 0.8)
  while (size > 4 && font.widthOfTextAtSize(text, size) > width - 4) size -= 0.5
  return size
}

/** A drawing scaled to fit inside the field's box, keeping its proportions, centred vertically. */
function drawImage(page: PDFPage, field: FilledField, image: PDFImage) {
  const scale = Math.min((field.width - 4) / image.width, (field.height - 4) / image.height)
  const width = image.width * scale
  const height = image.height * scale
  page.drawImage(image, { x: field.x + 2, y: field.y + (field.height - height) / 2, width, height })
}

function drawField(page: PDFPage, field: FilledField, fonts: { text: PDFFont; hand: PDFFont }) {
  if (!field.value) return
  if (field.type === 'checkbox') {
    if (field.value !== 'true') return
    const inset = Math.min(field.width, field.height) * 0.2
    const color = rgb(0.05, 0.1, 0.3)
    page.drawLine({ start: { x: field.x + inset, y: field.y + inset }, end: { x: field.x + field.width - inset, y: field.y + field.height - inset }, thickness: 1.5, color })
    page.drawLine({ start: { x: field.x + inset, y: field.y + field.height - inset }, end: { x: field.x + field.width - inset, y: field.y + inset }, thickness: 1.5, color })
    return
  }
  const handwritten = field.type === 'signature' || field.type === 'initials'
  const font = handwritten ? fonts.hand : fonts.text
  const text = handwritten ? field.value : winAnsi(field.value)
  const size = fitSize(font, text, field.width, field.height, handwritten ? 28 : 11)
  page.drawText(text, { x: field.x + 2, y: field.y + Math.max(2, (field.height - size) / 2 + size * 0.2), size, font, color: rgb(0.05, 0.1, 0.3) })
}

/** Writes text lines top-down, starting new pages as needed. */
class CertificateWriter {
  private page: PDFPage
  private y = 0
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = this.newPage()
  }

  private newPage() {
    const page = this.pdf.addPage([612, 792])
    this.y = 792 - 54
    this.page = page
    return page
  }

  line(text: string, { bold = false, size = 9, indent = 0, gap = 3 } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular
    const maxWidth = 612 - 108 - indent
    for (const part of wrap(winAnsi(text), font, size, maxWidth)) {
      if (this.y < 54 + size) this.newPage()
      this.page.drawText(part, { x: 54 + indent, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) })
      this.y -= size + gap
    }
  }

  space(points: number) {
    this.y -= points
  }
}

function wrap(text: string, font: PDFFont, size: number, maxWidth: number) {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/)) {
    let piece = word
    // A word wider than the line (a long hash or user agent) is broken by characters.
    while (font.widthOfTextAtSize(piece, size) > maxWidth) {
      let cut = piece.length - 1
      while (cut > 1 && font.widthOfTextAtSize(piece.slice(0, cut), size) > maxWidth) cut--
      if (current) lines.push(current)
      lines.push(piece.slice(0, cut))
      current = ''
      piece = piece.slice(cut)
    }
    const candidate = current ? `${current} ${piece}` : piece
    if (font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(current)
      current = piece
    } else current = candidate
  }
  if (current) lines.push(current)
  return lines
}

const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '-')

export const CERTIFICATE_HEADING = 'Certificate of Completion'

/** The original with the values drawn in and its form flattened. */
export async function flattenFields(original: Uint8Array, fields: FilledField[]) {
  const pdf = await PDFDocument.load(original, { updateMetadata: false })
  pdf.registerFontkit(fontkit)
  // Existing form fields become plain page content first, so the values are drawn over them.
  pdf.getForm().flatten()
  const fonts = {
    text: await pdf.embedFont(StandardFonts.Helvetica),
    hand: await pdf.embedFont(await loadHandwritingFont(), { subset: true }),
  }
  const pages = pdf.getPages()
  // One image object per drawing, however many fields show it.
  const images = new Map<Uint8Array, PDFImage>()
  for (const field of fields) {
    const page = pages[field.page - 1]
    if (!page) continue
    if (field.image && field.value) {
      let image = images.get(field.image)
      if (!image) images.set(field.image, (image = await pdf.embedPng(field.image)))
      drawImage(page, field, image)
    } else drawField(page, field, fonts)
  }
  return pdf
}

/** Appends the completion certificate: what was signed, by whom, from where, when. */
async function appendCertificate(pdf: PDFDocument, input: SignedDocumentInput, hashes: { original: string; flattened: string }) {
  const writer = new CertificateWriter(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  })
  writer.line(CERTIFICATE_HEADING, { bold: true, size: 16, gap: 8 })
  writer.line(`Document: ${input.title}`, { bold: true, size: 11 })
  writer.line(`Request ID: ${input.requestId}`)
  writer.line(`Completed: ${when(input.completedAt)}`)
  if (!input.librarySha256) writer.line(`SHA-256 of the original document: ${hashes.original}`)
  else if (input.librarySha256 === hashes.original) writer.line(`SHA-256 of the original document (the library file): ${hashes.original}`)
  else {
    writer.line(`SHA-256 of the library file: ${input.librarySha256}`)
    writer.line(`SHA-256 of the document sent for signing (the library file with the signature page appended): ${hashes.original}`)
  }
  writer.line(`SHA-256 of the signed document before this certificate: ${hashes.flattened}`)
  writer.line(
    'Each signer agreed to use electronic records and signatures (US ESIGN Act and UETA) before signing. ' +
      'This document is sealed with a digital signature: any change made after signing is shown as invalid by PDF readers.',
  )
  writer.space(8)
  writer.line('Signers', { bold: true, size: 12, gap: 5 })
  for (const signer of input.signers) {
    writer.line(`${signer.order}. ${signer.name} <${signer.email}>`, { bold: true, size: 10 })
    if (signer.signatureText) {
      const method = signer.signatureMethod === 'drawn' ? 'drawn by hand on the signing page' : 'typed name shown in handwriting'
      writer.line(`Signature adopted: ${signer.signatureText} (${method})`, { indent: 12 })
    }
    writer.line(`Invited: ${when(signer.sentAt)}   Opened: ${when(signer.openedAt)}`, { indent: 12 })
    writer.line(`Consented: ${when(signer.consentedAt)}   Signed: ${when(signer.signedAt)}`, { indent: 12 })
    writer.line(`IP address: ${signer.ipAddress ?? '-'}`, { indent: 12 })
    writer.line(`User agent: ${signer.userAgent ?? '-'}`, { indent: 12, gap: 6 })
  }
  writer.space(8)
  writer.line('Event log', { bold: true, size: 12, gap: 5 })
  for (const event of input.events) {
    const who = event.signerName ? ` - ${event.signerName}` : ''
    const where = event.ipAddress ? ` - IP ${event.ipAddress}` : ''
    const detail = event.detail ? ` - ${event.detail}` : ''
    writer.line(`${when(event.occurredAt)}  ${event.type}${who}${where}${detail}`)
    if (event.userAgent) writer.line(`User agent: ${event.userAgent}`, { indent: 12 })
  }
}

/**
 * The signed document: flattened, certified and PAdES-signed (B-B, SHA-256,
 * ETSI.CAdES.detached) as an incremental update covering the whole file.
 */
export async function buildSignedDocument(input: SignedDocumentInput, signer: Signer) {
  const flattened = await flattenFields(input.original, input.fields)
  const flattenedBytes = await flattened.save()
  const hashes = { original: sha256Hex(input.original), flattened: sha256Hex(flattenedBytes) }
  const certified = await PDFDocument.load(flattenedBytes, { updateMetadata: false })
  await appendCertificate(certified, input, hashes)
  certified.setTitle(winAnsi(input.title))
  const unsigned = await certified.save({ useObjectStreams: false })
  const pdf = await PDF.load(unsigned)
  const signed = await pdf.sign({
    signer,
    reason: `Electronically signed: ${winAnsi(input.title)}`,
    fieldName: 'PortalCompletionSeal',
    signingTime: input.completedAt,
  })
  return { bytes: signed.bytes, originalSha256: hashes.original, flattenedSha256: hashes.flattened, signedSha256: sha256Hex(signed.bytes) }
}
