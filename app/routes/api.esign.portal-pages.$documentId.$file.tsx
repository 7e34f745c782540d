import type { LoaderFunctionArgs } from '@remix-run/node'
import { PAGE_IMAGE_HEADERS, pageNumberFromFile } from '~/features/portal-signing/page-images.server'
import { placementPageImage } from '~/features/portal-signing/placement-pages.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/esign/portal-pages/{documentId}/{n}.png: one page of a library PDF as an image, for the placement editor. */
export const loader = apiRoute('document', async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:write')
  const pageNumber = pageNumberFromFile(params.file)
  const png = pageNumber === null ? null : await placementPageImage(params.documentId ?? '', pageNumber)
  if (!png) throw apiError(404, 'Page not found')
  return new Response(new Uint8Array(png), { headers: { ...PAGE_IMAGE_HEADERS, 'Cache-Control': 'private, no-store', 'Content-Length': String(png.byteLength) } })
})
