import type { FormField } from '~/features/online-forms/form-fields'
import {
  choiceFieldType,
  cleanLabel,
  cleanOptions,
  fieldTypeFromWording,
  labelSaysRequired,
  nameFromLabel,
} from '~/features/pdf-conversion/field-rules'

/**
 * Reading a page's layout: text lines, the blanks people write on
 * (underscores, drawn lines, boxes) and printed check boxes, in PDF points
 * with y going up. Free of pdfjs, so the rules can be tested on made-up pages.
 */

/** A run of text as the PDF shows it; y is the baseline, size the font size. */
export type TextItem = { text: string; x: number; y: number; width: number; size: number }
/** A drawn horizontal line. */
export type Segment = { x0: number; x1: number; y: number }
/** A drawn rectangle (x, y is its lower-left corner). */
export type Rect = { x: number; y: number; width: number; height: number }
export type PageLayout = { page: number; texts: TextItem[]; segments: Segment[]; rects: Rect[] }

type Token =
  | { kind: 'text'; text: string; x0: number; x1: number; used?: boolean }
  | { kind: 'blank'; x0: number; x1: number }
  | { kind: 'check'; x0: number; x1: number }
export type Line = { y: number; size: number; tokens: Token[] }
type TextToken = Extract<Token, { kind: 'text' }>

/** A field found on a page, with where it is so the page's fields can be put in reading order. */
export type PlacedField = FormField & { y: number; x: number }

const CHECK_GLYPHS = /(_{1,4} ?\/ ?_{1,4} ?\/ ?_{2,}|_{3,}|[\u2610\u25A1\u2751\u2752\u25FB\u25A2\u2B1C\u274F\u2750]|\[\s{0,3}\]|\(\s{1,3}\))/
const MAX_LABEL_GAP = 160

/** Text items grouped into lines (top to bottom), each split into text, blanks (underscores) and check boxes (☐, [ ]). */
export function buildLines(texts: TextItem[]): Line[] {
  const sorted = texts.filter((item) => item.text.trim() || /_/.test(item.text)).sort((a, b) => b.y - a.y || a.x - b.x)
  const groups: Array<{ y: number; size: number; items: TextItem[] }> = []
  for (const item of sorted) {
    const group = groups.find((line) => Math.abs(line.y - item.y) <= Math.max(2, 0.35 * Math.min(line.size, item.size)))
    if (group) {
      group.items.push(item)
      group.size = Math.max(group.size, item.size)
    } else {
      groups.push({ y: item.y, size: item.size, items: [item] })
    }
  }
  return groups.map((group) => {
    const tokens: Token[] = []
    for (const item of group.items.sort((a, b) => a.x - b.x)) {
      const parts = item.text.split(CHECK_GLYPHS)
      const perChar = item.text.length > 0 ? item.width / item.text.length : 0
      let offset = 0
      for (const part of parts) {
        const x0 = item.x + offset * perChar
        const x1 = x0 + part.length * perChar
        offset += part.length
        if (!part) continue
        if (/^_/.test(part)) tokens.push({ kind: 'blank', x0, x1 })
        else if (CHECK_GLYPHS.test(part)) tokens.push({ kind: 'check', x0, x1 })
        else if (part.trim()) pushText(tokens, part, x0, x1, group.size)
      }
    }
    return { y: group.y, size: group.size, tokens }
  })
}

function pushText(tokens: Token[], text: string, x0: number, x1: number, size: number) {
  const leading = text.length - text.trimStart().length
  const trailing = text.length - text.trimEnd().length
  const perChar = text.length > 0 ? (x1 - x0) / text.length : 0
  const start = x0 + leading * perChar
  const end = x1 - trailing * perChar
  const previous = tokens[tokens.length - 1]
  if (previous?.kind === 'text' && start - previous.x1 < 1.2 * size) {
    previous.text = `${previous.text}${start - previous.x1 > 0.15 * size ? ' ' : ''}${text.trim()}`
    previous.x1 = end
    return
  }
  tokens.push({ kind: 'text', text: text.trim(), x0: start, x1: end })
}

/** Places drawn lines and boxes into the text lines they sit on; returns those that stand alone (labelled above or below). */
function placeDrawings(lines: Line[], segments: Segment[], rects: Rect[]) {
  const alone: Array<{ x0: number; x1: number; y: number; top: number; box?: Rect }> = []
  const linesAt = (bottom: number, top: number) =>
    lines.filter((line) => {
      const textMiddle = line.y + line.size * 0.3
      const sitsOn = bottom <= line.y + line.size * 0.35 && bottom >= line.y - line.size * 0.6 - 2
      const beside = top - bottom > 4 && textMiddle >= bottom && textMiddle <= top
      return sitsOn || beside
    })
  const coversText = (line: Line, x0: number, x1: number) =>
    line.tokens.some((token) => token.kind === 'text' && overlap(token.x0, token.x1, x0, x1) > 0.5 * (token.x1 - token.x0))
  const lineFor = (bottom: number, top: number, x0: number, x1: number) => linesAt(bottom, top).find((line) => !coversText(line, x0, x1))
  for (const segment of segments) {
    const near = linesAt(segment.y, segment.y)
    // An underline under words is emphasis, not a blank.
    if (near.some((line) => coversText(line, segment.x0, segment.x1) && segment.x1 - segment.x0 < 1.5 * textWidth(line, segment.x0, segment.x1))) continue
    const line = near.find((candidate) => !coversText(candidate, segment.x0, segment.x1))
    if (line) insertToken(line, { kind: 'blank', x0: segment.x0, x1: segment.x1 })
    else alone.push({ ...segment, top: segment.y })
  }
  for (const rect of rects) {
    const isCheck = rect.width >= 4 && rect.width <= 18 && Math.abs(rect.width - rect.height) <= 3
    const line = lineFor(rect.y, rect.y + rect.height, rect.x, rect.x + rect.width)
    if (isCheck) {
      if (line) insertToken(line, { kind: 'check', x0: rect.x, x1: rect.x + rect.width })
      continue
    }
    const inside = lines.filter(
      (line) => line.y > rect.y && line.y < rect.y + rect.height && line.tokens.some((token) => token.kind === 'text' && token.x0 >= rect.x - 1 && token.x1 <= rect.x + rect.width + 1),
    )
    if (inside.length > 0) {
      // A table cell whose label is printed inside it, at its top left: the blank is the rest of the cell.
      const line = inside[0]!
      const lastText = line.tokens.filter((token) => token.kind === 'text' && token.x1 <= rect.x + rect.width + 1).at(-1)
      if (lastText && rect.x + rect.width - lastText.x1 > 30) insertToken(line, { kind: 'blank', x0: lastText.x1 + 1, x1: rect.x + rect.width })
      else if (inside.length === 1 && lastText) alone.push({ x0: rect.x, x1: rect.x + rect.width, y: rect.y, top: rect.y + rect.height, box: rect })
      continue
    }
    if (line) insertToken(line, { kind: 'blank', x0: rect.x, x1: rect.x + rect.width })
    else alone.push({ x0: rect.x, x1: rect.x + rect.width, y: rect.y, top: rect.y + rect.height, box: rect })
  }
  return alone
}

/** How much of the line's text lies over [x0, x1]. */
function textWidth(line: Line, x0: number, x1: number) {
  return line.tokens.reduce((width, token) => (token.kind === 'text' ? width + overlap(token.x0, token.x1, x0, x1) : width), 0)
}

function insertToken(line: Line, token: Token) {
  const index = line.tokens.findIndex((other) => other.x0 > token.x0)
  if (index === -1) line.tokens.push(token)
  else line.tokens.splice(index, 0, token)
}

function overlap(a0: number, a1: number, b0: number, b1: number) {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0))
}

/** The words a label takes from the text before a blank: its last clause, at most a few words of a long sentence. */
function labelPart(text: string) {
  const clauses = text.split(/(?<=[.;?!])\s+/)
  return clauses[clauses.length - 1] ?? text
}

function makeField(label: string, rawLabel: string, at: { x: number; y: number }, page: number, extra: Partial<FormField> = {}): PlacedField | null {
  const cleaned = cleanLabel(label)
  if (!cleaned || !/[a-z]/i.test(cleaned)) return null
  const type = extra.type ?? fieldTypeFromWording(cleaned)
  return { name: nameFromLabel(cleaned), label: cleaned, type, required: labelSaysRequired(rawLabel), page, ...extra, x: at.x, y: at.y }
}

/**
 * The fields of a page without AcroForm fields: labels followed by a blank
 * ('Name: ______', a drawn line or box), check boxes with their options,
 * and lines captioned below or above ('Signature of patient').
 */
export function findFlatFields(layout: PageLayout, { skipText }: { skipText?: (text: string) => boolean } = {}): PlacedField[] {
  const lines = buildLines(layout.texts)
  if (skipText) for (const line of lines) for (const token of line.tokens) if (token.kind === 'text' && skipText(token.text)) token.used = true
  const alone = placeDrawings(lines, layout.segments, layout.rects)
  const fields: PlacedField[] = []
  const add = (field: PlacedField | null) => field && fields.push(field)

  lines.forEach((line, lineIndex) => {
    const { tokens } = line
    if (tokens.some((token) => token.kind === 'check')) {
      for (const field of checkFields(line, lines[lineIndex - 1], layout.page)) add(field)
    }
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index]!
      if (token.kind !== 'blank') continue
      const previous = tokens[index - 1]
      if (previous?.kind === 'blank') continue // '____ ____' is one blank
      if (previous?.kind === 'text' && !previous.used && token.x0 - previous.x1 <= MAX_LABEL_GAP) {
        previous.used = true
        add(makeField(labelPart(previous.text), previous.text, { x: previous.x0, y: line.y }, layout.page))
      } else if (!previous || previous.kind === 'text') {
        alone.push({ x0: token.x0, x1: token.x1, y: line.y - 2, top: line.y + line.size })
      }
    }
  })

  // Blanks with nothing to their left: a caption just below, else a label just above.
  for (const blank of alone.sort((a, b) => b.y - a.y)) {
    if (blank.x1 - blank.x0 < 25) continue
    const candidates = (below: boolean) =>
      lines
        .filter((line) => (below ? line.y < blank.y && blank.y - (line.y + line.size) <= 8 : line.y > blank.top - 2 && line.y - blank.top <= 1.6 * line.size + 6))
        .flatMap((line) => line.tokens.filter((token): token is TextToken => token.kind === 'text' && !token.used && overlap(token.x0 - 4, token.x1, blank.x0, blank.x1) > 0).map((token) => ({ line, token })))
        .sort((a, b) => (below ? b.line.y - a.line.y : a.line.y - b.line.y) || a.token.x0 - b.token.x0)
    const found = candidates(true)[0] ?? candidates(false)[0]
    if (!found || found.token.text.length > 80) continue
    found.token.used = true
    add(makeField(found.token.text, found.token.text, { x: blank.x0, y: blank.y }, layout.page))
  }
  return fields.sort((a, b) => b.y - a.y || a.x - b.x)
}

/** Fields of a line with check boxes: 'Question? ☐ Yes ☐ No' is one choice; '☐ I agree…' alone is a checkbox. */
function checkFields(line: Line, previousLine: Line | undefined, page: number): PlacedField[] {
  const { tokens } = line
  const firstCheck = tokens.findIndex((token) => token.kind === 'check')
  const options: Array<{ text: string; x: number }> = []
  for (let index = firstCheck; index < tokens.length; index++) {
    if (tokens[index]!.kind !== 'check') continue
    const next = tokens[index + 1]
    if (next?.kind === 'text' && !next.used) {
      next.used = true
      // A trailing blank ('☐ Other: ____') belongs to the option.
      if (tokens[index + 2]?.kind === 'blank') tokens.splice(index + 2, 1)
      options.push({ text: next.text, x: tokens[index]!.x0 })
    }
  }
  const questionTokens = tokens.slice(0, firstCheck).filter((token): token is TextToken => token.kind === 'text' && !token.used)
  let question = questionTokens.at(-1)
  if (!question && options.length > 1 && previousLine) {
    const onlyText = previousLine.tokens.every((token) => token.kind === 'text')
    const last = previousLine.tokens.at(-1)
    // The line above asks the question: it ends with ':' or '?', or is a short heading right above the boxes.
    const close = previousLine.y - line.y <= 2.6 * Math.max(line.size, previousLine.size)
    const asks = last?.kind === 'text' && (/[:?]\s*$/.test(last.text) || (close && last.text.length <= 60 && !/[.!]$/.test(last.text)))
    if (onlyText && last?.kind === 'text' && !last.used && asks) question = last
  }
  const optionLabels = cleanOptions(options.map((option) => cleanLabel(option.text)))
  if (question && optionLabels.length > 0) {
    question.used = true
    const label = cleanLabel(labelPart(question.text))
    if (optionLabels.length === 1) {
      const field = makeField(label, question.text, { x: question.x0, y: line.y }, page, { type: 'checkbox' })
      return field ? [field] : []
    }
    const field = makeField(label, question.text, { x: question.x0, y: line.y }, page, {
      type: choiceFieldType(label, optionLabels),
      options: optionLabels,
    })
    return field ? [field] : []
  }
  return options
    .map((option) => makeField(option.text, option.text, { x: option.x, y: line.y }, page, { type: 'checkbox' }))
    .filter((field): field is PlacedField => field !== null)
}

/** Everything written on a page as text tokens (for labels of fillable fields). */
export type LabelText = { text: string; x0: number; x1: number; y: number; size: number }

export function labelTexts(texts: TextItem[]): LabelText[] {
  return buildLines(texts).flatMap((line) =>
    line.tokens
      .filter((token): token is TextToken => token.kind === 'text')
      .map((token) => ({ text: token.text, x0: token.x0, x1: token.x1, y: line.y, size: line.size })),
  )
}

/**
 * The printed label of a fillable field's widget ([x0, y0, x1, y1]): the
 * nearest text to its left on the same line, else just above it, else just below it. Check boxes
 * and radio buttons look to their right first ('☑ I agree').
 */
export function labelForRect(
  rect: [number, number, number, number],
  texts: LabelText[],
  { preferRight = false, others = [] }: { preferRight?: boolean; others?: Array<[number, number, number, number]> } = {},
): string | null {
  const [x0, y0, x1, y1] = rect
  const sameLine = texts.filter((text) => {
    const middle = text.y + text.size * 0.35
    return middle >= y0 - 3 && middle <= y1 + 3
  })
  const between = (from: number, to: number) =>
    others.some((other) => other !== rect && other[0] >= from - 1 && other[2] <= to + 1 && overlap(other[1], other[3], y0, y1) > 0)
  const left = sameLine
    .filter((text) => text.x1 <= x0 + 3 && x0 - text.x1 <= 160 && !between(text.x1, x0))
    .sort((a, b) => b.x1 - a.x1)[0]
  const right = sameLine
    .filter((text) => text.x0 >= x1 - 3 && text.x0 - x1 <= 40 && !between(x1, text.x0))
    .sort((a, b) => a.x0 - b.x0)[0]
  const above = texts
    .filter((text) => text.y >= y1 - 2 && text.y - y1 <= 22 && overlap(text.x0, text.x1, x0 - 6, x1) > 0)
    .sort((a, b) => a.y - b.y || a.x0 - b.x0)[0]
  // A caption printed under the field ('Signature of patient' under a signature box) comes last.
  const below = texts
    .filter((text) => text.y < y0 && y0 - (text.y + text.size) <= 8 && overlap(text.x0, text.x1, x0, x1) > 0)
    .sort((a, b) => b.y - a.y || a.x0 - b.x0)[0]
  const candidates = preferRight ? [right, left, above, below] : [left, above, below]
  for (const candidate of candidates) {
    if (!candidate) continue
    const label = cleanLabel(labelPart(candidate.text))
    if (label && /[a-z]/i.test(label)) return label
  }
  return null
}

/** The text just right of a check box or radio button: its option ('Male'). */
export function optionTextRightOf(rect: [number, number, number, number], texts: LabelText[]): string | null {
  const [, y0, x1, y1] = rect
  const right = texts
    .filter((text) => {
      const middle = text.y + text.size * 0.35
      return middle >= y0 - 3 && middle <= y1 + 3 && text.x0 >= x1 - 3 && text.x0 - x1 <= 40
    })
    .sort((a, b) => a.x0 - b.x0)[0]
  return right ? cleanLabel(right.text) || null : null
}
