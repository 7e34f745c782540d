import type { PortalFieldType } from '~/features/portal-signing/field-rules'
import { PORTAL_FIELD_LABELS, isAutomaticField } from '~/features/portal-signing/field-rules'
import { rectPercent } from '~/features/portal-signing/placement-geometry'

/** The signing page's parts: the pages as images, the consent statement, the fields. */

export type SigningField = {
  id: string
  type: PortalFieldType
  label: string
  required: boolean
  page: number
  x: number
  y: number
  width: number
  height: number
  value: string | null
}
type PageView = { number: number; width: number; height: number; runs: Array<{ text: string; x: number; y: number; size: number }>; text: string }

export const CONSENT_HEADING = 'Consent to electronic records and signatures'

/** The ESIGN Act (15 U.S.C. 7001) and UETA disclosure a signer accepts before signing. */
export function ConsentStatement() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        By ticking the box below you agree to receive this document and any related notices electronically, and to sign it
        electronically. Your electronic signature has the same legal effect as a handwritten signature (US Electronic
        Signatures in Global and National Commerce Act and the Uniform Electronic Transactions Act).
      </p>
      <p>
        You may instead ask the agency for a paper copy to sign by hand, at no charge, and you may withdraw this consent at any
        time before you finish by choosing Decline. To view and keep the signed document you need a device with a web browser
        and a PDF reader; a copy is e-mailed to you when everyone has signed.
      </p>
    </div>
  )
}

export function fieldAnchor(fieldId: string) {
  return `field-${fieldId}`
}

/**
 * One page: its image (rendered on the server) with this signer's fields as
 * boxes over it that jump to their inputs. A page that could not be rendered
 * shows its text where the PDF puts it instead.
 */
export function DocumentPage({ page, pageCount, imageSrc, fields }: { page: PageView; pageCount: number; imageSrc: string | null; fields: SigningField[] }) {
  const captionId = `page-${page.number}-caption`
  return (
    <figure role="group" aria-labelledby={captionId} className="overflow-hidden rounded border border-slate-300 bg-white shadow-sm">
      <div className="relative" style={{ aspectRatio: `${page.width} / ${page.height}` }}>
        {imageSrc ? (
          <img
            src={imageSrc}
            alt={`Page ${page.number} of ${pageCount}`}
            loading={page.number > 2 ? 'lazy' : undefined}
            decoding="async"
            className="absolute inset-0 block h-full w-full"
          />
        ) : (
          <svg viewBox={`0 0 ${page.width} ${page.height}`} className="absolute inset-0 block h-full w-full" role="img" aria-label={`Page ${page.number} of ${pageCount}`}>
            {page.runs.map((run, index) => (
              <text key={index} x={run.x} y={page.height - run.y} fontSize={run.size} fontFamily="Helvetica, Arial, sans-serif" fill="#111">
                {run.text}
              </text>
            ))}
          </svg>
        )}
        {fields.map((field) => {
          const box = rectPercent(field, page)
          return (
            <a
              key={field.id}
              href={`#${fieldAnchor(field.id)}`}
              aria-label={`${field.label}: go to the field`}
              className="absolute flex items-start overflow-hidden border border-yellow-600 bg-yellow-300/30 text-[10px] leading-tight text-yellow-900 hover:bg-yellow-300/50 focus:outline focus:outline-2 focus:outline-offset-1 focus:outline-blue-700 sm:text-xs"
              style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
            >
              <span className="truncate px-0.5">
                {field.label}
                {field.required ? ' *' : ''}
              </span>
            </a>
          )
        })}
      </div>
      <figcaption id={captionId} className="border-t border-slate-200 px-3 py-1 text-xs text-slate-600">
        Page {page.number}
        {fields.length > 0 ? ` (${fields.length} field${fields.length === 1 ? '' : 's'} for you)` : ''}
      </figcaption>
      {imageSrc && page.text ? (
        <details className="border-t border-slate-200 px-3 py-1 text-xs text-slate-700">
          <summary className="cursor-pointer text-slate-600 coarse:min-h-11 coarse:py-3">Text of page {page.number}</summary>
          <p className="mt-1 whitespace-pre-line pb-2">{page.text}</p>
        </details>
      ) : null}
    </figure>
  )
}

const inputClass = 'mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-base coarse:min-h-11 aria-[invalid=true]:border-red-600'

/** A field's input, with its error and a link on to the next field. */
export function FieldInput({
  field,
  error,
  value,
  nextId,
}: {
  field: SigningField
  error?: string
  value?: string
  nextId: string | null
}) {
  const id = fieldAnchor(field.id)
  const errorId = `${id}-error`
  const described = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
  return (
    <li className="rounded border border-slate-200 p-3">
      {isAutomaticField(field.type) ? (
        <p id={id} tabIndex={-1} className="text-sm">
          <span className="font-medium">
            {field.label}
            {field.required ? ' *' : ''}
          </span>{' '}
          <span className="text-slate-600">
            (page {field.page}): filled with your adopted signature{field.type === 'date_signed' ? ' date' : field.type === 'initials' ? "'s initials" : ''}.
          </span>
        </p>
      ) : field.type === 'checkbox' ? (
        <label className="flex items-center gap-3 text-sm font-medium coarse:min-h-11">
          <input id={id} type="checkbox" name={`field.${field.id}`} defaultChecked={value === 'on'} className="h-5 w-5" {...described} />
          {field.label}
          {field.required ? ' *' : ''} <span className="font-normal text-slate-600">(page {field.page})</span>
        </label>
      ) : (
        <>
          <label htmlFor={id} className="text-sm font-medium">
            {field.label}
            {field.required ? ' *' : ''} <span className="font-normal text-slate-600">({PORTAL_FIELD_LABELS[field.type].toLowerCase()}, page {field.page})</span>
          </label>
          <input
            id={id}
            name={`field.${field.id}`}
            type="text"
            defaultValue={value ?? ''}
            autoComplete={field.type === 'full_name' ? 'name' : 'off'}
            className={inputClass}
            {...described}
          />
        </>
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {nextId ? (
        <a href={`#${fieldAnchor(nextId)}`} className="mt-2 inline-block text-sm text-blue-700 underline coarse:min-h-11">
          Next field
        </a>
      ) : null}
    </li>
  )
}

export { inputClass as signingInputClass }
