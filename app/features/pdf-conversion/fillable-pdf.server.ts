import { PDFDocument, PDFHexString, PDFName, PDFString, type PDFField, type PDFPage } from 'pdf-lib'

/**
 * What pdf-lib leaves out of a fillable PDF, done with its low-level objects:
 * tooltips (/TU), format actions (how Acrobat knows a date or a number), and
 * signature fields (/FT /Sig).
 */

export function setTooltip(field: PDFField, tooltip: string) {
  field.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText(tooltip))
}

const FORMAT_SCRIPTS = {
  date: ['AFDate_FormatEx("mm/dd/yyyy");', 'AFDate_KeystrokeEx("mm/dd/yyyy");'],
  number: ['AFNumber_Format(0, 0, 0, 0, "", true);', 'AFNumber_Keystroke(0, 0, 0, 0, "", true);'],
  phone: ['AFSpecial_Format(2);', 'AFSpecial_Keystroke(2);'],
  zip: ['AFSpecial_Format(0);', 'AFSpecial_Keystroke(0);'],
} as const

/** Gives a text field Acrobat's format and keystroke actions for a date, a number, a phone number or a ZIP code. */
export function setFormat(document: PDFDocument, field: PDFField, format: keyof typeof FORMAT_SCRIPTS) {
  const [formatScript, keystrokeScript] = FORMAT_SCRIPTS[format]
  const actions = document.context.obj({
    F: { S: 'JavaScript', JS: PDFString.of(formatScript) },
    K: { S: 'JavaScript', JS: PDFString.of(keystrokeScript) },
  })
  field.acroField.dict.set(PDFName.of('AA'), actions)
}

/** Adds an unsigned signature field (pdf-lib can read one but not make one), drawn as a line with a caption. */
export function addSignatureField(
  document: PDFDocument,
  page: PDFPage,
  { name, x, y, width, height, tooltip, required = false }: { name: string; x: number; y: number; width: number; height: number; tooltip?: string; required?: boolean },
) {
  const form = document.getForm()
  const widget = document.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: PDFString.of(name),
    Rect: [x, y, x + width, y + height],
    F: 4,
    Ff: required ? 2 : 0,
    P: page.ref,
    ...(tooltip ? { TU: PDFHexString.fromText(tooltip) } : {}),
  })
  const ref = document.context.register(widget)
  page.node.addAnnot(ref)
  form.acroForm.addField(ref)
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.75 })
  return ref
}
