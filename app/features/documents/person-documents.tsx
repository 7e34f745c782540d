import { cn } from '~/lib/misc'
import { formatDateTime } from '~/lib/time'

type Row = { id: string; name: string; fileName: string; createdAt: string }

/** The documents on a person's record: each downloads from the library. */
export function PersonDocuments({ documents, timeZone, className }: { documents: Row[]; timeZone: string; className?: string }) {
  return (
    <section aria-labelledby="person-documents-heading" className={cn('rounded-lg border border-slate-200 bg-white p-5', className)}>
      <h2 id="person-documents-heading" className="mb-3 text-lg font-semibold">
        Documents
      </h2>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">No documents on this record yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <a href={`/api/documents/${document.id}/download`} className="font-medium text-blue-700 underline">
                  {document.name}
                </a>
                <p className="text-xs text-slate-600">
                  <span className="break-all">{document.fileName}</span> · {formatDateTime(document.createdAt, timeZone)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
