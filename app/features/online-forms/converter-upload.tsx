import { Form, useFetcher, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/misc'
import { useHydrated } from '~/lib/use-hydrated'
import {
  CONVERSION_PROGRESS,
  MAX_PDF_TEXT,
  fileSizeInMb,
  pdfFileProblem,
  type ConversionStage,
} from './converter'
import type { ExtractedFormSchema } from './form-fields'

/** What the index route's action answers (the page's and the fetchers' shared shape). */
export type ConvertActionData =
  | { ok: false; title: string; message: string }
  | { ok: true; stage: 'extracted'; schema: ExtractedFormSchema; fileName: string }
  | { ok: true; stage: 'saved'; formId: string }

export const CONVERT_ACTION = '/pdf-to-form?index'

function ProgressBar({ stage }: { stage: ConversionStage }) {
  const { value, message } = CONVERSION_PROGRESS[stage]
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label="Conversion progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={message ? `${value}%: ${message}` : `${value}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-700 transition-[width] duration-300" style={{ width: `${value}%` }} />
      </div>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
    </div>
  )
}

/**
 * Step 1: choose a PDF and convert it. Without JavaScript the form is a plain
 * multipart POST that redirects to the draft. With it, the file is sent for
 * extraction (20 → 50), the result saved as a draft (70), then the page opens
 * it (100); an error resets the bar to 0 and shows the catalogue's message.
 */
export function ConverterUpload({ canWrite, actionData }: { canWrite: boolean; actionData?: ConvertActionData | null }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const extractFetcher = useFetcher<ConvertActionData>({ key: 'pdf-extract' })
  const draftFetcher = useFetcher<ConvertActionData>({ key: 'pdf-draft' })
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [file, setFile] = useState<{ name: string; size: number } | null>(null)
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const [stage, setStage] = useState<ConversionStage>('idle')
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null)
  const [dragging, setDragging] = useState(false)
  const handled = useRef<{ extract: unknown; draft: unknown }>({ extract: null, draft: null })

  // The extraction answered: save its schema as a draft (70), or show why it failed.
  useEffect(() => {
    const data = extractFetcher.data
    if (extractFetcher.state !== 'idle' || !data || handled.current.extract === data) return
    handled.current.extract = data
    if (!data.ok) {
      setStage('failed')
      setFailure({ title: data.title, message: data.message })
      return
    }
    if (data.stage !== 'extracted') return
    setStage('analysed')
    const body = new FormData()
    body.set('intent', 'save-draft')
    body.set('fileName', data.fileName)
    body.set('schema', JSON.stringify(data.schema))
    draftFetcher.submit(body, { method: 'post', action: CONVERT_ACTION })
    setStage('creating')
  }, [extractFetcher.state, extractFetcher.data, draftFetcher])

  // The draft is saved: done (100), then step 2.
  useEffect(() => {
    const data = draftFetcher.data
    if (draftFetcher.state !== 'idle' || !data || handled.current.draft === data) return
    handled.current.draft = data
    if (!data.ok) {
      setStage('failed')
      setFailure({ title: data.title, message: data.message })
      return
    }
    if (data.stage !== 'saved') return
    setStage('done')
    navigate(`/pdf-to-form/${data.formId}#step-2`)
  }, [draftFetcher.state, draftFetcher.data, navigate])

  function choose(chosen: File | null | undefined) {
    setFailure(null)
    setStage('idle')
    setFile(chosen ? { name: chosen.name, size: chosen.size } : null)
    setFileProblem(chosen ? pdfFileProblem(chosen) : null)
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return
    event.preventDefault()
    const chosen = inputRef.current?.files?.[0]
    const problem = pdfFileProblem(chosen)
    if (problem) {
      setFileProblem(problem)
      inputRef.current?.focus()
      return
    }
    setFailure(null)
    const body = new FormData(event.currentTarget)
    body.set('intent', 'extract')
    extractFetcher.submit(body, { method: 'post', action: CONVERT_ACTION, encType: 'multipart/form-data' })
    setStage('uploading')
  }

  function onDrop(event: React.DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files
    if (!dropped.length || !inputRef.current) return
    inputRef.current.files = dropped
    choose(dropped[0])
  }

  const running = stage === 'uploading' || stage === 'analysed' || stage === 'creating' || stage === 'done'
  const postingWithoutScript = navigation.state === 'submitting' && navigation.formAction === CONVERT_ACTION
  const shownFailure = failure ?? (actionData && !actionData.ok ? { title: actionData.title, message: actionData.message } : null)
  const fileError = fileProblem
  const describedBy = [`${inputId}-hint`, fileError ? `${inputId}-error` : null].filter(Boolean).join(' ')

  return (
    <section aria-labelledby="step-1" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="step-1" tabIndex={-1} className="mb-1 text-lg font-semibold text-slate-900 outline-none">
        Step 1: Upload PDF
      </h2>
      <p className="mb-4 text-sm text-slate-600">Choose a PDF form ({MAX_PDF_TEXT}). Its fields are found on the server.</p>
      {canWrite ? (
        <Form method="post" action={CONVERT_ACTION} encType="multipart/form-data" onSubmit={onSubmit} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="convert" />
          <div
            onDragOver={(event) => {
              event.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-6 text-center',
              dragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-slate-50',
            )}
          >
            <p className="text-sm text-slate-700">{hydrated ? 'Drag and drop a PDF here, or browse' : 'Browse for a PDF'}</p>
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              PDF file
            </label>
            <input
              ref={inputRef}
              id={inputId}
              name="pdf"
              type="file"
              accept="application/pdf"
              required
              disabled={running}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => choose(event.currentTarget.files?.[0])}
              className="block w-full max-w-sm text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
            />
            <p id={`${inputId}-hint`} className="text-xs text-slate-600">
              PDF files only, {MAX_PDF_TEXT}
              {file ? (
                <>
                  {' '}
                  · Selected: <span className="font-medium">{file.name}</span> ({fileSizeInMb(file.size)})
                </>
              ) : null}
            </p>
            {fileError ? (
              <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
                {fileError}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" disabled={running || postingWithoutScript}>
              {running || postingWithoutScript ? 'Converting...' : 'Convert'}
            </Button>
          </div>
          {hydrated && stage !== 'idle' ? <ProgressBar stage={stage} /> : null}
          {shownFailure ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-semibold">{shownFailure.title}</p>
              <p>{shownFailure.message}</p>
            </div>
          ) : null}
        </Form>
      ) : (
        <p className="text-sm text-slate-600">Converting a PDF needs edit access.</p>
      )}
    </section>
  )
}

