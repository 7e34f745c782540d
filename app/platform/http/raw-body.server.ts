/** The body was larger than the route accepts. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Body larger than ${limitBytes} bytes`)
  }
}

/**
 * The request body as bytes, exactly as sent (for signature checks), read no
 * further than `limitBytes`: a declared or actual larger body throws
 * BodyTooLargeError without buffering the rest.
 */
export async function readRawBody(request: Request, limitBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(limitBytes)
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      await reader.cancel()
      throw new BodyTooLargeError(limitBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}
