import { loadPdfjs, type Pdfjs } from '~/platform/pdfjs.server'
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRadioGroup, PDFString } from 'pdf-lib'
import { FORM_LIMITS, type ExtractedFormSchema, type FormField, type FormFieldType } from '~/features/online-forms/form-fields'
import {
  DEFAULT_HEALTHCARE_FIELDS,
  cleanLabel,
  cleanOptions,
  fieldTypeFromWording,
  labelFromName,
  textFieldType,
  truncate,
  uniqueNames,
} from '~/features/pdf-conversion/field-rules'
import {
  findFlatFields,
  labelForRect,
  labelTexts,
  optionTextRightOf,
  type LabelText,
  type PageLayout,
  type PlacedField,
  type Rect,
  type Segment,
  type TextItem,
} from '~/features/pdf-conversion/layout'

/**
 * The PDF could not be read for fields (encrypted, corrupt, image-only). Its
 * message starts 'Failed to extract', which the page turns into 'Could not
 * extract form fields from PDF. Try a different PDF file.'
 */
export class PdfExtractionError extends Error {
  override name = 'PdfExtractionError'
}

/** Pages read at most; a longer PDF's later pages are not searched (its totalPages still counts them). */
export const MAX_PAGES_READ = 50
/** Time after which no further page is started. */
const TIME_BUDGET_MS = 20_000
/** Time after which the extraction gives up. */
const HARD_TIME_LIMIT_MS = 45_000

type Rect4 = [number, number, number, number]
type Widget = {
  fieldName: string
  fieldType: string | null
  rect: Rect4
  page: number
  required: boolean
  tooltip: string
  checkBox?: boolean
  radioButton?: boolean
  pushButton?: boolean
  exportValue?: string
  combo?: boolean
  options: string[]
  scripts: string[]
}

/** Finds a PDF's form fields: AcroForm fields when it is fillable, labelled blanks when it is flat. */
export async function extractFormSchema(input: { bytes: Uint8Array; fileName: string }): Promise<ExtractedFormSchema> {
  const running: { loading?: ReturnType<Pdfjs['getDocument']> } = {}
  let timer: NodeJS.Timeout | undefined
  // A PDF built to keep the parser busy is given up on: pdfjs's work is stopped and the caller told.
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void running.loading?.destroy().catch(() => undefined)
      reject(new PdfExtractionError('Failed to extract form fields: the PDF took too long to read'))
    }, HARD_TIME_LIMIT_MS)
  })
  try {
    return await Promise.race([extract(input, running), timeout])
  } finally {
    clearTimeout(timer)
  }
}

async function extract(
  { bytes, fileName }: { bytes: Uint8Array; fileName: string },
  running: { loading?: ReturnType<Pdfjs['getDocument']> },
): Promise<ExtractedFormSchema> {
  const startedAt = Date.now()
  let document: Awaited<ReturnType<Pdfjs['getDocument']>['promise']>
  const pdfjs = await loadPdfjs()
  const loading = (running.loading = pdfjs.getDocument({
    // pdfjs takes the buffer over; the caller keeps its own.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }))
  try {
    document = await loading.promise
  } catch (error) {
    await loading.destroy().catch(() => undefined)
    const name = (error as { name?: string })?.name
    if (name === 'PasswordException') throw new PdfExtractionError('Failed to extract form fields: the PDF is protected by a password')
    throw new PdfExtractionError('Failed to extract form fields: the file is not a readable PDF')
  }

  try {
    const totalPages = document.numPages
    const pagesToRead = Math.min(totalPages, MAX_PAGES_READ)
    const widgets: Widget[] = []
    const layouts: PageLayout[] = []
    let textFound = false
    const sizes: Array<{ text: string; size: number }> = []
    for (let number = 1; number <= pagesToRead; number++) {
      if (number > 1 && Date.now() - startedAt > TIME_BUDGET_MS) break
      const page = await document.getPage(number)
      const texts = await readTexts(page)
      if (texts.some((text) => text.text.trim())) textFound = true
      if (number === 1) for (const text of texts) if (text.text.trim()) sizes.push({ text: text.text, size: text.size })
      const annotations = await page.getAnnotations({ intent: 'display' })
      for (const annotation of annotations) {
        const widget = toWidget(annotation, number)
        if (widget) widgets.push(widget)
      }
      layouts.push({ page: number, texts, segments: [], rects: [] })
    }
    if (!textFound && widgets.length === 0) {
      throw new PdfExtractionError('Failed to extract form fields: the PDF has no text or fields (is it a scanned image?)')
    }
    const fillable = widgets.some((widget) => !widget.pushButton)
    if (!fillable) {
      // Only a flat form needs its drawings (lines, boxes, check boxes), the costly part of reading a page.
      for (const layout of layouts) {
        if (layout.page > 1 && Date.now() - startedAt > TIME_BUDGET_MS) break
        const page = await document.getPage(layout.page)
        Object.assign(layout, await readDrawings(pdfjs, page))
        page.cleanup()
      }
    }

    const title = await findTitle(document, sizes, fileName)
    const titleText = sizes.length > 0 ? largestText(sizes) : null
    let fields: FormField[]
    if (fillable) {
      await addFieldDictionaryDetails(bytes, widgets)
      fields = fillableFields(widgets, layouts)
    } else {
      fields = layouts.flatMap((layout) => findFlatFields(layout, { skipText: (text) => text === titleText }).map(stripPlace))
    }
    fields = uniqueNames(fields).slice(0, FORM_LIMITS.maxFields)
    const fallbackFields = fields.length === 0
    return {
      title,
      fields: fallbackFields ? DEFAULT_HEALTHCARE_FIELDS.map((field) => ({ ...field })) : fields,
      totalPages,
      extractedAt: new Date().toISOString(),
      fallbackFields,
    }
  } catch (error) {
    if (error instanceof PdfExtractionError) throw error
    throw new PdfExtractionError(`Failed to extract form fields: ${error instanceof Error ? error.message : 'unreadable PDF'}`)
  } finally {
    await document.destroy().catch(() => undefined)
  }
}

function stripPlace({ x: _x, y: _y, ...field }: PlacedField): FormField {
  return field
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<Pdfjs['getDocument']>['promise']>['getPage']>>

async function readTexts(page: PdfPage): Promise<TextItem[]> {
  const content = await page.getTextContent()
  const texts: TextItem[] = []
  for (const item of content.items) {
    if (!('str' in item) || !item.str) continue
    const [a, b, c, d, e, f] = item.transform as number[]
    // Rotated text (a margin note, a watermark) labels nothing.
    if (Math.abs(b ?? 0) > 0.01 || Math.abs(c ?? 0) > 0.01) continue
    const size = Math.abs(d ?? 0) || Math.abs(a ?? 0) || item.height
    texts.push({ text: item.str, x: e ?? 0, y: f ?? 0, width: item.width, size })
  }
  return texts
}

type Matrix = [number, number, number, number, number, number]
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]
function multiply(m: Matrix, n: Matrix): Matrix {
  // m applied first, then n (PDF's `cm` puts the new matrix before the current one).
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ]
}
function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]
}

const DRAW_MOVE = 0
const DRAW_LINE = 1
const DRAW_CURVE = 2
const DRAW_QUADRATIC = 3
const DRAW_CLOSE = 4

/** The operators read, by pdfjs's numbers (known once pdfjs is loaded). */
function operatorsOf(pdfjs: Pdfjs) {
  const { OPS } = pdfjs
  return {
    OPS,
    paintsThatShow: new Set([OPS.stroke, OPS.closeStroke, OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]),
    fillsOnly: new Set([OPS.fill, OPS.eoFill]),
  }
}

const MAX_PATH_OPERATIONS = 200_000

/** Horizontal lines and rectangles drawn on the page (not in its annotations), in page coordinates. */
async function readDrawings(pdfjs: Pdfjs, page: PdfPage): Promise<{ segments: Segment[]; rects: Rect[] }> {
  const segments: Segment[] = []
  const rects: Rect[] = []
  const { OPS, paintsThatShow, fillsOnly } = operatorsOf(pdfjs)
  const list = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE })
  let matrix: Matrix = IDENTITY
  let fillColor = '#000000'
  const stack: Array<{ matrix: Matrix; fillColor: string }> = []
  const count = Math.min(list.fnArray.length, MAX_PATH_OPERATIONS)
  for (let index = 0; index < count; index++) {
    const fn = list.fnArray[index]
    const args = list.argsArray[index] as unknown[] | null
    if (fn === OPS.save || fn === OPS.paintFormXObjectBegin) {
      stack.push({ matrix, fillColor })
      if (fn === OPS.paintFormXObjectBegin && Array.isArray(args?.[0])) matrix = multiply(args[0] as Matrix, matrix)
    } else if (fn === OPS.restore || fn === OPS.paintFormXObjectEnd) {
      const state = stack.pop()
      if (state) ({ matrix, fillColor } = state)
    } else if (fn === OPS.transform && args) {
      matrix = multiply(args as Matrix, matrix)
    } else if (fn === OPS.setFillRGBColor && typeof args?.[0] === 'string') {
      fillColor = args[0]
    } else if (fn === OPS.constructPath && args) {
      const paint = args[0] as number
      if (!paintsThatShow.has(paint)) continue
      // A white fill is a background, not something printed.
      if (fillsOnly.has(paint) && /^#f[0-9a-f]f[0-9a-f]f[0-9a-f]$/i.test(fillColor)) continue
      const data = (args[1] as ArrayLike<number>[] | undefined)?.[0]
      if (data) collectShapes(data, matrix, segments, rects)
    }
  }
  return { segments, rects }
}

/** Reads a path's subpaths: two points on one height are a line; four corners at right angles are a rectangle. */
function collectShapes(data: ArrayLike<number>, matrix: Matrix, segments: Segment[], rects: Rect[]) {
  let points: Array<[number, number]> = []
  let curved = false
  const finish = () => {
    if (!curved && points.length >= 2) shapeOf(points, segments, rects)
    points = []
    curved = false
  }
  for (let index = 0; index < data.length; ) {
    const op = data[index]
    if (op === DRAW_MOVE) {
      finish()
      points.push(apply(matrix, data[index + 1]!, data[index + 2]!))
      index += 3
    } else if (op === DRAW_LINE) {
      points.push(apply(matrix, data[index + 1]!, data[index + 2]!))
      index += 3
    } else if (op === DRAW_CURVE) {
      curved = true
      index += 7
    } else if (op === DRAW_QUADRATIC) {
      curved = true
      index += 5
    } else if (op === DRAW_CLOSE) {
      index += 1
    } else {
      break
    }
  }
  finish()
}

function shapeOf(points: Array<[number, number]>, segments: Segment[], rects: Rect[]) {
  const xs = points.map((point) => point[0])
  const ys = points.map((point) => point[1])
  const x0 = Math.min(...xs)
  const x1 = Math.max(...xs)
  const y0 = Math.min(...ys)
  const y1 = Math.max(...ys)
  const width = x1 - x0
  const height = y1 - y0
  if (points.length === 2 || (height <= 2.5 && width >= 20)) {
    if (height <= 1.5 && width >= 20) segments.push({ x0, x1, y: (y0 + y1) / 2 })
    return
  }
  const axisAligned = points.every(([x, y]) => (Math.abs(x - x0) < 0.5 || Math.abs(x - x1) < 0.5) && (Math.abs(y - y0) < 0.5 || Math.abs(y - y1) < 0.5))
  if (!axisAligned || points.length < 4 || points.length > 5) return
  // A rule drawn as a thin filled rectangle is a line; big frames (sections, tables) label nothing.
  if (width >= 4 && height >= 4 && height <= 60) rects.push({ x: x0, y: y0, width, height })
}

function largestText(sizes: Array<{ text: string; size: number }>) {
  const largest = Math.max(...sizes.map((item) => item.size))
  const typical = sizes.map((item) => item.size).sort((a, b) => a - b)[Math.floor(sizes.length / 2)] ?? largest
  if (largest <= typical * 1.15 && sizes.length > 1) return null
  return sizes.find((item) => item.size === largest && /[a-z]/i.test(item.text))?.text ?? null
}

async function findTitle(document: { getMetadata(): Promise<{ info: unknown }> }, sizes: Array<{ text: string; size: number }>, fileName: string) {
  const info = (await document.getMetadata().catch(() => ({ info: {} }))).info as { Title?: unknown }
  const fromMetadata = typeof info?.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : ''
  if (fromMetadata && !/^untitled$|\.(pdf|docx?)$/i.test(fromMetadata)) return truncate(fromMetadata, FORM_LIMITS.maxTitleLength)
  const largest = largestText(sizes)?.replace(/\s+/g, ' ').trim()
  if (largest) return truncate(largest, FORM_LIMITS.maxTitleLength)
  const fromFile = fileName.replace(/^.*[\\/]/, '').replace(/\.pdf$/i, '').replace(/[_-]+/g, ' ').trim()
  return truncate(fromFile || 'Untitled form', FORM_LIMITS.maxTitleLength)
}

type Annotation = Record<string, unknown>

function toWidget(annotation: Annotation, page: number): Widget | null {
  if (annotation.subtype !== 'Widget' || typeof annotation.fieldName !== 'string' || !annotation.fieldName) return null
  if (annotation.hidden === true) return null
  const rect = annotation.rect as number[] | undefined
  if (!Array.isArray(rect) || rect.length !== 4) return null
  const actions = (annotation.actions ?? {}) as Record<string, unknown>
  const scripts = ['Format', 'Keystroke']
    .flatMap((key) => (Array.isArray(actions[key]) ? (actions[key] as unknown[]) : []))
    .filter((script): script is string => typeof script === 'string')
  const options = Array.isArray(annotation.options)
    ? (annotation.options as Array<{ displayValue?: unknown; exportValue?: unknown }>).map((option) => String(option.displayValue ?? option.exportValue ?? ''))
    : []
  const fieldFlags = typeof annotation.fieldFlags === 'number' ? annotation.fieldFlags : 0
  const [x0, y0, x1, y1] = rect as Rect4
  return {
    fieldName: annotation.fieldName,
    fieldType: typeof annotation.fieldType === 'string' ? annotation.fieldType : null,
    rect: [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)],
    page,
    // Field flag bit 2 is Required.
    required: annotation.required === true || (fieldFlags & 2) === 2,
    tooltip: typeof annotation.alternativeText === 'string' ? annotation.alternativeText : '',
    checkBox: annotation.checkBox === true,
    radioButton: annotation.radioButton === true,
    pushButton: annotation.pushButton === true,
    exportValue: typeof annotation.buttonValue === 'string' ? annotation.buttonValue : typeof annotation.exportValue === 'string' ? annotation.exportValue : undefined,
    combo: annotation.combo === true,
    options,
    scripts,
  }
}

/**
 * What pdfjs does not tell about a field: a tooltip (/TU) kept on the
 * field rather than its widget, and a radio group's option names (/Opt).
 * Read with pdf-lib; a PDF it cannot parse keeps what pdfjs found.
 */
async function addFieldDictionaryDetails(bytes: Uint8Array, widgets: Widget[]) {
  let fields
  try {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false })
    fields = document.getForm().getFields()
  } catch {
    return
  }
  const details = new Map<string, { tooltip: string; radioOptions: string[] }>()
  for (const field of fields) {
    try {
      let tooltip = ''
      for (let dict: PDFDict | undefined = field.acroField.dict; dict && !tooltip; dict = dict.lookupMaybe(PDFName.of('Parent'), PDFDict)) {
        const value = dict.lookup(PDFName.of('TU'))
        if (value instanceof PDFString || value instanceof PDFHexString) tooltip = value.decodeText()
      }
      const radioOptions = field instanceof PDFRadioGroup ? field.getOptions() : []
      details.set(field.getName(), { tooltip, radioOptions })
    } catch {
      // A malformed field keeps what pdfjs found.
    }
  }
  const radioIndexes = new Map<string, number>()
  for (const widget of widgets) {
    const detail = details.get(widget.fieldName)
    if (!detail) continue
    if (!widget.tooltip && detail.tooltip) widget.tooltip = detail.tooltip
    if (widget.radioButton && detail.radioOptions.length > 0) {
      // pdf-lib names a radio widget's on-state by its option's index in /Opt.
      const index = radioIndexes.get(widget.fieldName) ?? 0
      radioIndexes.set(widget.fieldName, index + 1)
      const byExport = /^\d+$/.test(widget.exportValue ?? '') ? detail.radioOptions[Number(widget.exportValue)] : undefined
      widget.exportValue = byExport ?? detail.radioOptions[index] ?? widget.exportValue
    }
  }
}


/** One field per AcroForm field (a radio group's widgets are one field), in reading order. */
function fillableFields(widgets: Widget[], layouts: PageLayout[]): FormField[] {
  const textsByPage = new Map<number, LabelText[]>(layouts.map((layout) => [layout.page, labelTexts(layout.texts)]))
  const rectsByPage = new Map<number, Rect4[]>()
  for (const widget of widgets) rectsByPage.set(widget.page, [...(rectsByPage.get(widget.page) ?? []), widget.rect])
  const groups = new Map<string, Widget[]>()
  for (const widget of widgets) {
    if (widget.pushButton) continue
    groups.set(widget.fieldName, [...(groups.get(widget.fieldName) ?? []), widget])
  }
  const placed: Array<FormField & { order: [number, number, number] }> = []
  for (const [name, group] of groups) {
    const first = group.slice().sort((a, b) => a.page - b.page || b.rect[3] - a.rect[3] || a.rect[0] - b.rect[0])[0]!
    const texts = textsByPage.get(first.page) ?? []
    const others = rectsByPage.get(first.page) ?? []
    const tooltip = cleanLabel(group.find((widget) => widget.tooltip)?.tooltip ?? '')
    const isChoiceOfButtons = first.radioButton || (first.checkBox && new Set(group.map((widget) => widget.exportValue)).size > 1)
    const printed = tooltip ? null : labelForRect(first.rect, texts, { preferRight: first.checkBox && !isChoiceOfButtons, others })
    let label = tooltip || printed || labelFromName(name)
    let type: FormFieldType
    let options: string[] | undefined
    if (first.fieldType === 'Btn' && isChoiceOfButtons) {
      type = first.radioButton ? 'radio' : 'checkbox'
      options = cleanOptions(
        group.map((widget) => {
          const exported = widget.exportValue && !/^\d+$/.test(widget.exportValue) && widget.exportValue !== 'Off' ? widget.exportValue : null
          return exported ?? optionTextRightOf(widget.rect, textsByPage.get(widget.page) ?? []) ?? widget.exportValue ?? ''
        }),
      )
      // The question is not one of its own options.
      if (!tooltip && options.some((option) => option.toLowerCase() === label.toLowerCase())) {
        const above = labelForRect([first.rect[0], first.rect[1], first.rect[2], first.rect[3] + 0.01], texts.filter((text) => !options!.includes(cleanLabel(text.text))), { others })
        label = above ?? labelFromName(name)
      }
    } else if (first.fieldType === 'Btn') {
      type = 'checkbox'
    } else if (first.fieldType === 'Ch') {
      type = 'dropdown'
      options = cleanOptions(first.options)
    } else if (first.fieldType === 'Sig') {
      type = 'signature'
    } else {
      type = textFieldType({ label, name, scripts: first.scripts })
    }
    if (type === 'checkbox' && options && options.length <= 1) options = undefined
    if (type === 'text' && fieldTypeFromWording(label) === 'signature') type = 'signature'
    placed.push({
      name: truncate(name, FORM_LIMITS.maxNameLength),
      type,
      label,
      required: group.some((widget) => widget.required),
      ...(options && options.length > 0 ? { options } : {}),
      page: first.page,
      order: [first.page, Math.round(-first.rect[3] / 4), first.rect[0]],
    })
  }
  return placed
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2])
    .map(({ order: _order, ...field }) => field)
}
