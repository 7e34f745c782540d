import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { DEFAULT_ESIGN_MESSAGE, DEFAULT_EXPIRATION_DAYS, EXPIRATION_DAY_OPTIONS } from '~/features/esign/options'
import { PORTAL_FIELD_LABELS, PORTAL_FIELD_TYPES } from '~/features/portal-signing/field-rules'
import { portalPrepareSchema } from '~/features/portal-signing/forms.server'
import { type FieldRow, PlacementEditor, fieldRowsFrom } from '~/features/portal-signing/placement-editor'
import { portalPrepareChoices, preparePortalRequestFromForm, readPrepareForm } from '~/features/portal-signing/prepare.server'
import { EXTRA_SIGNERS, MANUAL_FIELD_ROWS, PLACEMENT_LABELS, PORTAL_PREPARED_TITLE, PORTAL_UPLOAD_FIELD } from '~/features/portal-signing/prepare-options'
import { parseWithZod } from '~/lib/form-input.server'
import { useHydrated } from '~/lib/use-hydrated'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Sign in the Portal | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  return json(await portalPrepareChoices(userActor(request, user)))
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const { form, uploadError } = await readPrepareForm(request, { ...userActor(request, user), userName: user.name })
  if (!form) return json({ status: 'error' as const, initialValue: {}, error: { [PORTAL_UPLOAD_FIELD]: [uploadError.message] } }, { status: uploadError.status })
  const submission = parseWithZod(form, { schema: portalPrepareSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    const { request: created } = await preparePortalRequestFromForm(submission.value, userActor(request, user), new URL(request.url).origin)
    return redirectWithToast(`/e-signatures/${created.id}`, {
      title: PORTAL_PREPARED_TITLE,
      description: `'${created.title}' was sent to ${created.recipientName}.`,
    })
  } catch (error) {
    return formFailure(error, submission, 'Failed to send the document for signature')
  }
}

const ROW_KEYS = { Page: 'page', X: 'x', Y: 'y', Width: 'width', Height: 'height' } as const

const control = 'mt-1 block w-full rounded border border-slate-400 px-3 py-2 coarse:min-h-11 aria-[invalid=true]:border-red-600'

export default function NewPortalRequestPage() {
  const { documents, people } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const errors = ((result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {}) as Record<string, string[] | null>
  const values = ((result as { initialValue?: Record<string, string> } | undefined)?.initialValue ?? {}) as Record<string, string>
  const formError = errors['']?.[0]
  const errorOf = (name: string) => errors[name]?.[0]
  const describe = (name: string) => (errorOf(name) ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})
  const ErrorText = ({ name }: { name: string }) =>
    errorOf(name) ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
        {errorOf(name)}
      </p>
    ) : null
  return <PrepareForm key={JSON.stringify(values)} documents={documents} people={people} values={values} errorOf={errorOf} describe={describe} ErrorText={ErrorText} formError={formError} busy={busy} />
}

type PrepareFormProps = {
  documents: Array<{ id: string; name: string }>
  people: Array<{ group: string; options: Array<{ value: string; label: string }> }>
  values: Record<string, string>
  errorOf: (name: string) => string | undefined
  describe: (name: string) => object
  ErrorText: (props: { name: string }) => React.ReactNode
  formError: string | undefined
  busy: boolean
}

/** The form; its document, placement and field rows are state so the placement editor can work on them (with JavaScript). */
function PrepareForm({ documents, people, values, errorOf, describe, ErrorText, formError, busy }: PrepareFormProps) {
  const hydrated = useHydrated()
  // Arriving from a lead's sending dialog: that lead signs first unless staff choose another.
  const personFromLink = useSearchParams()[0].get('person')
  const [documentId, setDocumentId] = useState(values.documentId ?? '')
  const [placement, setPlacement] = useState(values.placement ?? 'signature_page')
  const [rows, setRows] = useState<FieldRow[]>(() => fieldRowsFrom(values, MANUAL_FIELD_ROWS))
  const setRow = (index: number, change: Partial<FieldRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)))
  // With JavaScript, the rows in use and one empty row show; the hidden ones still post (empty).
  const lastUsed = rows.reduce((last, row, index) => (row.type ? index : last), -1)
  const signerCount = EXTRA_SIGNERS + 1
  const formRef = useRef<HTMLFormElement>(null)
  // What was chosen or typed before the page hydrated is in the inputs, not yet in the state.
  useEffect(() => {
    if (!formRef.current) return
    const current: Record<string, string> = {}
    new FormData(formRef.current).forEach((value, name) => {
      if (typeof value === 'string') current[name] = value
    })
    setDocumentId(current.documentId ?? '')
    setPlacement(current.placement ?? 'signature_page')
    setRows(fieldRowsFrom(current, MANUAL_FIELD_ROWS))
  }, [])
  return (
    <div className="space-y-6">
      <PageHeader title="Sign in the Portal" subtitle="Send a PDF from the library for signature by link. Signers sign in order." />
      <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className="max-w-3xl space-y-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        {formError ? (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <div>
          <label htmlFor="documentId" className="font-medium">
            Document *
          </label>
          <select id="documentId" name="documentId" value={documentId} onChange={(event) => setDocumentId(event.target.value)} className={control} {...describe('documentId')}>
            <option value="">Choose a PDF</option>
            {documents.map((document) => (
              <option key={document.id} value={document.id}>
                {document.name}
              </option>
            ))}
          </select>
          <ErrorText name="documentId" />
          <label htmlFor={PORTAL_UPLOAD_FIELD} className="mt-3 block font-medium">
            Or upload a PDF
          </label>
          <p id={`${PORTAL_UPLOAD_FIELD}-hint`} className="text-sm text-slate-600">
            It is added to the document library (Agreements) and sent instead of the one chosen above.
          </p>
          <input
            id={PORTAL_UPLOAD_FIELD}
            name={PORTAL_UPLOAD_FIELD}
            type="file"
            accept="application/pdf,.pdf"
            className={control}
            aria-invalid={errorOf(PORTAL_UPLOAD_FIELD) ? true : undefined}
            aria-describedby={errorOf(PORTAL_UPLOAD_FIELD) ? `${PORTAL_UPLOAD_FIELD}-error ${PORTAL_UPLOAD_FIELD}-hint` : `${PORTAL_UPLOAD_FIELD}-hint`}
          />
          <ErrorText name={PORTAL_UPLOAD_FIELD} />
        </div>
        <div>
          <label htmlFor="title" className="font-medium">
            Title *
          </label>
          <input id="title" name="title" defaultValue={values.title ?? ''} className={control} {...describe('title')} />
          <ErrorText name="title" />
        </div>
        <div>
          <label htmlFor="message" className="font-medium">
            Message
          </label>
          <textarea id="message" name="message" rows={3} defaultValue={values.message ?? DEFAULT_ESIGN_MESSAGE} className={control} {...describe('message')} />
          <ErrorText name="message" />
        </div>
        <div>
          <label htmlFor="expirationDays" className="font-medium">
            Link expires after
          </label>
          <select id="expirationDays" name="expirationDays" defaultValue={values.expirationDays ?? String(DEFAULT_EXPIRATION_DAYS)} className={control}>
            {EXPIRATION_DAY_OPTIONS.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </select>
        </div>

        <fieldset className="space-y-3">
          <legend className="font-semibold">Signers, in signing order</legend>
          <div>
            <label htmlFor="person" className="font-medium">
              1. Lead, patient or caregiver *
            </label>
            <select id="person" name="person" defaultValue={values.person ?? personFromLink ?? ''} className={control} {...describe('person')}>
              <option value="">Choose who signs first</option>
              {people.map((group) => (
                <optgroup key={group.group} label={group.group}>
                  {group.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <ErrorText name="person" />
          </div>
          {Array.from({ length: EXTRA_SIGNERS }, (_v, i) => i + 2).map((number) => (
            <div key={number} className="grid gap-3 sm:grid-cols-2">
              <div>
                <label htmlFor={`signer${number}Name`} className="font-medium">
                  {number}. Name
                </label>
                <input id={`signer${number}Name`} name={`signer${number}Name`} defaultValue={values[`signer${number}Name`] ?? ''} className={control} {...describe(`signer${number}Name`)} />
                <ErrorText name={`signer${number}Name`} />
              </div>
              <div>
                <label htmlFor={`signer${number}Email`} className="font-medium">
                  {number}. E-mail
                </label>
                <input id={`signer${number}Email`} name={`signer${number}Email`} type="email" defaultValue={values[`signer${number}Email`] ?? ''} className={control} {...describe(`signer${number}Email`)} />
                <ErrorText name={`signer${number}Email`} />
              </div>
            </div>
          ))}
        </fieldset>

        <fieldset className="space-y-2" {...(errorOf('placement') ? { 'aria-describedby': 'placement-error' } : {})}>
          <legend className="font-semibold">Fields *</legend>
          {(Object.keys(PLACEMENT_LABELS) as Array<keyof typeof PLACEMENT_LABELS>).map((option) => (
            <label key={option} className="flex items-start gap-3 coarse:min-h-11">
              <input type="radio" name="placement" value={option} checked={placement === option} onChange={() => setPlacement(option)} className="mt-1 h-5 w-5" />
              <span>{PLACEMENT_LABELS[option]}</span>
            </label>
          ))}
          <ErrorText name="placement" />
        </fieldset>

        {hydrated && placement === 'manual' ? <PlacementEditor documentId={documentId} rows={rows} onRowsChange={setRows} signerCount={signerCount} /> : null}

        <fieldset className="space-y-4">
          <legend className="font-semibold">Placed fields (when placing by position)</legend>
          {Array.from({ length: MANUAL_FIELD_ROWS }, (_v, i) => i + 1).map((row) => (
            <fieldset
              key={row}
              className={`${hydrated && row - 1 > lastUsed + 1 ? 'hidden' : 'grid'} grid-cols-2 gap-3 rounded border border-slate-200 p-3 sm:grid-cols-4`}
            >
              <legend className="px-1 text-sm font-medium">Field {row}</legend>
              <div>
                <label htmlFor={`field${row}Type`} className="text-sm">
                  Type
                </label>
                <select
                  id={`field${row}Type`}
                  name={`field${row}Type`}
                  value={rows[row - 1]!.type}
                  onChange={(event) => setRow(row - 1, { type: event.target.value as FieldRow['type'] })}
                  className={control}
                  {...describe(`field${row}Type`)}
                >
                  <option value="">None</option>
                  {PORTAL_FIELD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {PORTAL_FIELD_LABELS[type]}
                    </option>
                  ))}
                </select>
                <ErrorText name={`field${row}Type`} />
              </div>
              <div>
                <label htmlFor={`field${row}Signer`} className="text-sm">
                  Signer
                </label>
                <select
                  id={`field${row}Signer`}
                  name={`field${row}Signer`}
                  value={rows[row - 1]!.signer}
                  onChange={(event) => setRow(row - 1, { signer: event.target.value })}
                  className={control}
                  {...describe(`field${row}Signer`)}
                >
                  {Array.from({ length: EXTRA_SIGNERS + 1 }, (_v, i) => i + 1).map((number) => (
                    <option key={number} value={number}>
                      Signer {number}
                    </option>
                  ))}
                </select>
                <ErrorText name={`field${row}Signer`} />
              </div>
              <div className="col-span-2">
                <label htmlFor={`field${row}Label`} className="text-sm">
                  Label
                </label>
                <input
                  id={`field${row}Label`}
                  name={`field${row}Label`}
                  value={rows[row - 1]!.label}
                  onChange={(event) => setRow(row - 1, { label: event.target.value })}
                  className={control}
                />
              </div>
              {(['Page', 'X', 'Y', 'Width', 'Height'] as const).map((part) => (
                <div key={part}>
                  <label htmlFor={`field${row}${part}`} className="text-sm">
                    {part}
                  </label>
                  <input
                    id={`field${row}${part}`}
                    name={`field${row}${part}`}
                    inputMode="decimal"
                    value={rows[row - 1]![ROW_KEYS[part]]}
                    onChange={(event) => setRow(row - 1, { [ROW_KEYS[part]]: event.target.value })}
                    className={control}
                    {...describe(`field${row}${part}`)}
                  />
                  <ErrorText name={`field${row}${part}`} />
                </div>
              ))}
              <label className="flex items-center gap-2 self-end text-sm coarse:min-h-11">
                <input
                  type="checkbox"
                  name={`field${row}Required`}
                  checked={rows[row - 1]!.required}
                  onChange={(event) => setRow(row - 1, { required: event.target.checked })}
                  className="h-5 w-5"
                />
                Required
              </label>
            </fieldset>
          ))}
        </fieldset>

        <Button type="submit" disabled={busy} className="coarse:min-h-11">
          Send for signature
        </Button>
      </Form>
    </div>
  )
}
