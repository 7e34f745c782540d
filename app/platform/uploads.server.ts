/**
 * What every multipart upload shares, whatever it stores: the refusal of a
 * request body (with the HTTP status that says why) and the cleaning of the
 * name a person gave a file.
 */

/**
 * The upload itself was refused before any record was touched: too large
 * (413), not the right kind of file (415), cut off or malformed (400). Its
 * message is for people.
 */
export class UploadError extends Error {
  override name = 'UploadError'

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** Keeps the name a person gave the file, minus any path and control characters. */
export function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? 'document.pdf'
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(0, 200) || 'document.pdf'
}
