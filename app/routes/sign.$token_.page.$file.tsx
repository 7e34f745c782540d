import type { LoaderFunctionArgs } from '@remix-run/node'
import { PAGE_IMAGE_HEADERS, pageImage, pageNumberFromFile } from '~/features/portal-signing/page-images.server'
import { SigningLinkUnavailableError, readSigningDocument } from '~/features/portal-signing/signing.server'
import { TOKEN_PAGE_HEADERS } from '~/lib/static-page'
import { NotFoundError } from '~/platform/errors'

/**
 * /sign/{token}/page/{n}.png: a page of the document being signed, as an
 * image, for the signing page. The same token rules as the page (only while
 * the signer may sign); no staff session; never cached or indexed.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const headers = { ...TOKEN_PAGE_HEADERS, 'Cache-Control': 'private, no-store' }
  const pageNumber = pageNumberFromFile(params.file)
  try {
    if (pageNumber === null) throw new NotFoundError('Page')
    const png = await pageImage(await readSigningDocument(params.token ?? ''), pageNumber)
    if (!png) throw new NotFoundError('Page')
    return new Response(new Uint8Array(png), { headers: { ...headers, ...PAGE_IMAGE_HEADERS, 'Content-Length': String(png.byteLength) } })
  } catch (error) {
    if (error instanceof NotFoundError) return new Response('Not found', { status: 404, headers })
    if (error instanceof SigningLinkUnavailableError) return new Response('This signing link can no longer be used', { status: 410, headers })
    throw error
  }
}
