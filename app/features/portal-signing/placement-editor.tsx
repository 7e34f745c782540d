import { useEffect, useRef, useState } from 'react'
import type { PointerEvent as ReactPointerEvent, KeyboardEvent as ReactKeyboardEvent } from 'react'
import { PORTAL_FIELD_LABELS, PORTAL_FIELD_TYPES, type PortalFieldType } from '~/features/portal-signing/field-rules'
import {
  DEFAULT_FIELD_SIZES,
  type FieldRect,
  type PageSize,
  moveRect,
  pointFromPixel,
  pointsFromPixels,
  rectAtTopLeft,
  rectFromCorners,
  rectPercent,
  resizeRect,
} from '~/features/portal-signing/placement-geometry'

/**
 * The placement editor of the preparation page (with JavaScript): the chosen
 * PDF's pages as images, fields placed on them by clicking or dragging, moved
 * and resized with the pointer (mouse, pen or touch) or the keyboard. It only
 * edits the form's field rows, which stay the inputs the form posts.
 */

/** One field row of the form, as its inputs hold it. */
export type FieldRow = {
  type: PortalFieldType | ''
  signer: string
  label: string
  page: string
  x: string
  y: string
  width: string
  height: string
  required: boolean
}

export const EMPTY_FIELD_ROW: FieldRow = { type: '', signer: '1', label: '', page: '', x: '', y: '', width: '', height: '', required: true }

/** The rows as the form last posted them (or empty). */
export function fieldRowsFrom(values: Record<string, string | undefined>, count: number): FieldRow[] {
  return Array.from({ length: count }, (_v, index) => {
    const value = (part: string) => values[`field${index + 1}${part}`] ?? ''
    const type = value('Type')
    return {
      type: (PORTAL_FIELD_TYPES as readonly string[]).includes(type) ? (type as PortalFieldType) : '',
      signer: value('Signer') || '1',
      label: value('Label'),
      page: value('Page'),
      x: value('X'),
      y: value('Y'),
      width: value('Width'),
      height: value('Height'),
      required: values[`field${index + 1}Type`] === undefined ? true : values[`field${index + 1}Required`] === 'on',
    }
  })
}

type PageInfo = PageSize & { number: number; image: boolean }
type Drag =
  | { kind: 'create'; pointerId: number; page: PageInfo; start: { x: number; y: number }; startPixel: { left: number; top: number } }
  | { kind: 'move' | 'resize'; pointerId: number; page: PageInfo; row: number; origin: FieldRect; startPixel: { left: number; top: number } }

const SIGNER_COLOURS = ['border-blue-700 bg-blue-500/20 text-blue-950', 'border-emerald-700 bg-emerald-500/20 text-emerald-950', 'border-purple-700 bg-purple-500/20 text-purple-950']
const CLICK_SLOP_PX = 5

function rectOf(row: FieldRow): FieldRect | null {
  const [x, y, width, height] = [row.x, row.y, row.width, row.height].map((text) => (text.trim() === '' ? NaN : Number(text)))
  if (![x, y, width, height].every((n) => Number.isFinite(n))) return null
  return { x: x!, y: y!, width: width!, height: height! }
}

function withRect(row: FieldRow, rect: FieldRect): FieldRow {
  return { ...row, x: String(rect.x), y: String(rect.y), width: String(rect.width), height: String(rect.height) }
}

function describeField(index: number, row: FieldRow, rect: FieldRect) {
  const type = row.type ? PORTAL_FIELD_LABELS[row.type] : 'Field'
  return `Field ${index + 1}: ${type} for signer ${row.signer}, page ${row.page}, x ${rect.x}, y ${rect.y}, ${rect.width} by ${rect.height} points`
}

export function PlacementEditor({
  documentId,
  rows,
  onRowsChange,
  signerCount,
}: {
  documentId: string
  rows: FieldRow[]
  onRowsChange: (rows: FieldRow[]) => void
  signerCount: number
}) {
  const [pages, setPages] = useState<PageInfo[] | null>(null)
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle')
  const [newType, setNewType] = useState<PortalFieldType>('signature')
  const [newSigner, setNewSigner] = useState('1')
  const [draft, setDraft] = useState<{ page: number; rect: FieldRect } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [focusRow, setFocusRow] = useState<number | null>(null)
  const drag = useRef<Drag | null>(null)
  const rowsRef = useRef(rows)
  rowsRef.current = rows

  useEffect(() => {
    setPages(null)
    if (!documentId) return setStatus('idle')
    const controller = new AbortController()
    setStatus('loading')
    fetch(`/api/esign/portal-pages/${encodeURIComponent(documentId)}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ pages: PageInfo[] }>) : Promise.reject(new Error(String(response.status)))))
      .then((answer) => {
        setPages(answer.pages)
        setStatus('idle')
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('failed')
      })
    return () => controller.abort()
  }, [documentId])

  useEffect(() => {
    if (focusRow === null) return
    document.querySelector<HTMLElement>(`[data-field-row="${focusRow}"]`)?.focus()
    setFocusRow(null)
  }, [focusRow])

  const updateRow = (index: number, row: FieldRow) => onRowsChange(rowsRef.current.map((current, i) => (i === index ? row : current)))

  function place(page: PageInfo, rect: FieldRect) {
    const index = rowsRef.current.findIndex((row) => row.type === '')
    if (index === -1) {
      setAnnouncement(`All ${rowsRef.current.length} field rows are in use: remove a field first.`)
      return
    }
    const row = withRect({ ...EMPTY_FIELD_ROW, type: newType, signer: newSigner, page: String(page.number) }, rect)
    updateRow(index, row)
    setAnnouncement(`Placed ${describeField(index, row, rect)}.`)
    setFocusRow(index)
  }

  function pixelIn(surface: HTMLElement, event: { clientX: number; clientY: number }) {
    const box = surface.getBoundingClientRect()
    return { pixel: { left: event.clientX - box.left, top: event.clientY - box.top }, box: { width: box.width, height: box.height } }
  }

  function onPointerDown(page: PageInfo, event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || drag.current) return
    const surface = event.currentTarget
    const { pixel, box } = pixelIn(surface, event)
    const fieldElement = (event.target as HTMLElement).closest<HTMLElement>('[data-field-row]')
    if (fieldElement) {
      const row = Number(fieldElement.dataset.fieldRow)
      const origin = rectOf(rowsRef.current[row]!)
      if (!origin) return
      const kind = (event.target as HTMLElement).closest('[data-resize-handle]') ? 'resize' : 'move'
      drag.current = { kind, pointerId: event.pointerId, page, row, origin, startPixel: pixel }
      fieldElement.focus()
    } else {
      drag.current = { kind: 'create', pointerId: event.pointerId, page, start: pointFromPixel(pixel, box, page), startPixel: pixel }
    }
    event.preventDefault()
    surface.setPointerCapture(event.pointerId)
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    const { pixel, box } = pixelIn(event.currentTarget, event)
    if (current.kind === 'create') {
      setDraft({ page: current.page.number, rect: rectFromCorners(current.start, pointFromPixel(pixel, box, current.page), current.page) })
      return
    }
    const { dx, dy } = pointsFromPixels(pixel.left - current.startPixel.left, pixel.top - current.startPixel.top, box, current.page)
    const rect = current.kind === 'move' ? moveRect(current.origin, dx, dy, current.page) : resizeRect(current.origin, dx, -dy, current.page)
    updateRow(current.row, withRect(rowsRef.current[current.row]!, rect))
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    drag.current = null
    setDraft(null)
    const { pixel, box } = pixelIn(event.currentTarget, event)
    const moved = Math.hypot(pixel.left - current.startPixel.left, pixel.top - current.startPixel.top) > CLICK_SLOP_PX
    if (current.kind === 'create') {
      const end = pointFromPixel(pixel, box, current.page)
      place(current.page, moved ? rectFromCorners(current.start, end, current.page) : rectAtTopLeft(current.start, DEFAULT_FIELD_SIZES[newType], current.page))
    } else if (moved) {
      const row = rowsRef.current[current.row]!
      const rect = rectOf(row)
      if (rect) setAnnouncement(`${current.kind === 'move' ? 'Moved' : 'Resized'} ${describeField(current.row, row, rect)}.`)
    }
  }

  function onPointerCancel() {
    drag.current = null
    setDraft(null)
  }

  function onFieldKeyDown(index: number, page: PageInfo, event: ReactKeyboardEvent<HTMLButtonElement>) {
    const row = rowsRef.current[index]!
    const rect = rectOf(row)
    if (!rect) return
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      updateRow(index, { ...EMPTY_FIELD_ROW })
      setAnnouncement(`Removed field ${index + 1}.`)
      document.getElementById('placement-new-type')?.focus()
      return
    }
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }
    const direction = arrows[event.key]
    if (!direction) return
    event.preventDefault()
    const step = event.shiftKey ? 10 : 1
    const [dx, dy] = [direction[0] * step, direction[1] * step]
    // Alt+arrows resize from the bottom right corner: right and down make it bigger.
    const next = event.altKey ? resizeRect(rect, dx, -dy, page) : moveRect(rect, dx, dy, page)
    const moved = withRect(row, next)
    updateRow(index, moved)
    setAnnouncement(`${event.altKey ? 'Size' : 'Position'}: x ${next.x}, y ${next.y}, ${next.width} by ${next.height}.`)
  }

  const placed = rows
    .map((row, index) => ({ row, index, rect: rectOf(row) }))
    .filter((entry): entry is { row: FieldRow; index: number; rect: FieldRect } => entry.row.type !== '' && entry.rect !== null)

  return (
    <section aria-labelledby="placement-editor-heading" className="space-y-3 rounded border border-slate-200 p-3">
      <h3 id="placement-editor-heading" className="font-semibold">
        Place fields on the pages
      </h3>
      <p id="placement-editor-help" className="text-sm text-slate-600">
        Choose a field and a signer, then click or tap a page to place it, or drag to draw it. Drag a field to move it and its corner to resize it.
        With the keyboard, Tab to a field: arrow keys move it (Shift for 10 points), Alt and arrow keys resize it, Delete removes it. The rows below
        show each field's exact position.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="placement-new-type" className="text-sm font-medium">
            Field to place
          </label>
          <select
            id="placement-new-type"
            value={newType}
            onChange={(event) => setNewType(event.target.value as PortalFieldType)}
            className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 coarse:min-h-11"
          >
            {PORTAL_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {PORTAL_FIELD_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="placement-new-signer" className="text-sm font-medium">
            For signer
          </label>
          <select
            id="placement-new-signer"
            value={newSigner}
            onChange={(event) => setNewSigner(event.target.value)}
            className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 coarse:min-h-11"
          >
            {Array.from({ length: signerCount }, (_v, i) => String(i + 1)).map((number) => (
              <option key={number} value={number}>
                Signer {number}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {!documentId ? <p className="text-sm text-slate-600">Choose a document above to see its pages.</p> : null}
      {status === 'loading' ? <p className="text-sm text-slate-600">Loading the pages…</p> : null}
      {status === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          The pages could not be shown. Place fields by page and position in the rows below.
        </p>
      ) : null}
      {pages ? (
        <ol className="space-y-4" aria-label="Pages">
          {pages.map((page) => (
            <li key={page.number}>
              <div
                data-testid={`placement-page-${page.number}`}
                className="relative touch-pan-y select-none overflow-hidden border border-slate-300 bg-white shadow-sm"
                style={{ aspectRatio: `${page.width} / ${page.height}`, cursor: 'crosshair' }}
                onPointerDown={(event) => onPointerDown(page, event)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerCancel}
              >
                {page.image ? (
                  <img
                    src={`/api/esign/portal-pages/${encodeURIComponent(documentId)}/${page.number}.png`}
                    alt={`Page ${page.number} of ${pages.length}`}
                    draggable={false}
                    loading={page.number > 2 ? 'lazy' : undefined}
                    className="pointer-events-none absolute inset-0 h-full w-full"
                  />
                ) : (
                  <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">Page {page.number} (no preview)</p>
                )}
                {draft?.page === page.number ? (
                  <div aria-hidden className="absolute border-2 border-dashed border-blue-700 bg-blue-500/10" style={percentStyle(draft.rect, page)} />
                ) : null}
                {placed
                  .filter(({ row }) => row.page === String(page.number))
                  .map(({ row, index, rect }) => (
                    <button
                      key={index}
                      type="button"
                      data-field-row={index}
                      aria-describedby="placement-editor-help"
                      onKeyDown={(event) => onFieldKeyDown(index, page, event)}
                      className={`absolute flex touch-none items-start overflow-hidden border-2 text-left text-[10px] leading-tight focus:outline-none focus:ring-4 focus:ring-amber-400 sm:text-xs ${SIGNER_COLOURS[(Number(row.signer) - 1) % SIGNER_COLOURS.length]}`}
                      style={{ ...percentStyle(rect, page), cursor: 'move' }}
                    >
                      <span className="truncate px-0.5">
                        {index + 1}. {row.label || (row.type ? PORTAL_FIELD_LABELS[row.type] : '')} · S{row.signer}
                        <span className="sr-only">
                          {' '}
                          (signer {row.signer}, page {row.page}, x {rect.x}, y {rect.y}, {rect.width} by {rect.height} points)
                        </span>
                      </span>
                      <span
                        data-resize-handle
                        aria-hidden
                        className="absolute bottom-0 right-0 h-3 w-3 cursor-nwse-resize bg-current coarse:h-5 coarse:w-5"
                      />
                    </button>
                  ))}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}

function percentStyle(rect: FieldRect, page: PageSize) {
  const box = rectPercent(rect, page)
  return { left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }
}
