import { Form, useMatches, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { Button, buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/misc'
import { useCan } from '~/platform/auth/user'
import type { JotformStatus } from '~/integrations/jotform/status.server'
import { DEMO_PDF_CREATED, DEMO_PDF_FAILED } from './converter'

export const SAMPLE_PDF_PATH = '/pdf-to-form/healthcare-intake-form.pdf'
const SAMPLE_FILE_NAME = 'healthcare-intake-form.pdf'

const REGION_LABELS: Record<JotformStatus['region'], string> = { standard: 'Standard', eu: 'EU', hipaa: 'HIPAA' }

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function StatusPill({ good, children }: { good: boolean | null; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        good === true ? 'bg-green-100 text-green-900' : good === false ? 'bg-red-100 text-red-900' : 'bg-slate-200 text-slate-800',
      )}
    >
      {children}
    </span>
  )
}

/**
 * The converter's three cards above the steps: the quick demo (a POST that
 * runs the sample PDF through the real extraction), the sample PDF's
 * download (a plain link; with JavaScript it says whether it worked), and
 * Jotform's status.
 */
export function ConverterCards({ jotform }: { jotform: JotformStatus }) {
  const navigation = useNavigation()
  const canWrite = useCan('records:write')
  const demoRunning = navigation.state !== 'idle' && navigation.formAction === '/pdf-to-form'
  // After a demo, its draft is on screen: the button offers it again.
  const showingDemo = useMatches().some((match) => (match.data as { isDemo?: boolean } | undefined)?.isDemo === true)
  const [download, setDownload] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  })

  async function downloadSample(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    if (download.busy || demoRunning) return
    setDownload({ busy: true, message: null, failed: false })
    try {
      const response = await fetch(SAMPLE_PDF_PATH)
      if (!response.ok || response.headers.get('content-type') !== 'application/pdf') throw new Error(`${response.status}`)
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = SAMPLE_FILE_NAME
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      setDownload({ busy: false, message: DEMO_PDF_CREATED, failed: false })
    } catch {
      setDownload({ busy: false, message: DEMO_PDF_FAILED, failed: true })
    }
  }

  return (
    <div className="mb-6 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Card id="converter-demo" title="Quick Demo">
        <p className="text-sm text-slate-700">
          Converts the sample healthcare intake PDF with the real extraction, so you can try the review and the form
          creation without a file of your own.
        </p>
        {canWrite ? (
          <Form method="post" action="/pdf-to-form">
            <input type="hidden" name="intent" value="demo" />
            <Button type="submit" disabled={demoRunning} aria-describedby="converter-demo-status">
              {demoRunning ? 'Running Demo...' : showingDemo ? 'Run Demo Again' : 'Run Demo'}
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">You can view converted forms; running the demo needs edit access.</p>
        )}
        <p id="converter-demo-status" role="status" className="text-sm text-slate-600">
          {demoRunning ? 'Converting the sample PDF...' : ''}
        </p>
      </Card>
      <Card id="converter-sample" title="Demo PDF">
        <p className="text-sm text-slate-700">
          Download the fillable sample, <span className="font-medium">{SAMPLE_FILE_NAME}</span>, to try a conversion
          from Step 1.
        </p>
        <a
          href={SAMPLE_PDF_PATH}
          download={SAMPLE_FILE_NAME}
          onClick={downloadSample}
          aria-disabled={download.busy || demoRunning ? true : undefined}
          className={cn(buttonClassName('secondary'), 'self-start', (download.busy || demoRunning) && 'pointer-events-none opacity-60')}
        >
          {download.busy ? 'Creating Demo PDF...' : 'Download Demo PDF'}
        </a>
        <p role="status" className={cn('text-sm', download.failed ? 'text-red-700' : 'text-green-800')}>
          {download.message ?? ''}
        </p>
      </Card>
      <Card id="converter-status" title="System Status">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
          <dt className="text-slate-700">Jotform API</dt>
          <dd>
            <StatusPill good={jotform.configured}>{jotform.configured ? 'Configured' : 'Not configured'}</StatusPill>
          </dd>
          <dt className="text-slate-700">Connection</dt>
          <dd>
            <StatusPill good={jotform.reachable}>
              {jotform.reachable === null ? 'Not checked' : jotform.reachable ? 'Reachable' : 'Unreachable'}
            </StatusPill>
          </dd>
          {jotform.configured ? (
            <>
              <dt className="text-slate-700">Region</dt>
              <dd>{REGION_LABELS[jotform.region]}</dd>
            </>
          ) : null}
          <dt className="text-slate-700">Portal-hosted forms</dt>
          <dd>
            <StatusPill good>Available</StatusPill>
          </dd>
        </dl>
        {jotform.error ? <p className="text-sm text-red-700">{jotform.error}</p> : null}
        {!jotform.configured ? (
          <p className="text-sm text-slate-600">
            Without a Jotform API key, forms are created as portal-hosted forms. An administrator can add the key in
            Settings → General.
          </p>
        ) : null}
      </Card>
    </div>
  )
}
