import { emailDocument } from '~/features/email-templates/email-document'
export type EmailPreviewData = { subject: string; html: string; text: string; unknownPlaceholders: string[] }

/**
 * A rendered e-mail: subject, the HTML in a sandboxed frame (sandbox=""
 * runs no script and treats the content as another origin, on top of the
 * server's sanitising), and the plain-text part behind a disclosure.
 */
export function EmailPreview({
  preview,
  title,
  headingLevel = 3,
}: {
  preview: EmailPreviewData
  title: string
  headingLevel?: 3 | 4
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <Heading className="text-sm font-semibold text-slate-800">{title}</Heading>
      {preview.unknownPlaceholders.length > 0 ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          Not placeholders (left as written): {preview.unknownPlaceholders.map((name) => `{{${name}}}`).join(', ')}
        </p>
      ) : null}
      <p className="text-sm">
        <span className="font-medium text-slate-700">Subject: </span>
        <span data-testid="preview-subject">{preview.subject}</span>
      </p>
      <iframe
        title={`${title}: message`}
        sandbox=""
        srcDoc={emailDocument(preview.subject, preview.html)}
        className="h-72 w-full rounded border border-slate-200 bg-white"
      />
      <details className="text-sm">
        <summary className="cursor-pointer py-1 text-blue-700 coarse:min-h-11">Plain-text version</summary>
        <pre className="mt-1 whitespace-pre-wrap rounded border border-slate-200 bg-white p-2 font-sans text-slate-800">
          {preview.text}
        </pre>
      </details>
    </div>
  )
}
