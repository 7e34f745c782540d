// pdfjs-dist ships no types for its worker module; the extraction only hands it to pdfjs (no worker thread).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown
}
