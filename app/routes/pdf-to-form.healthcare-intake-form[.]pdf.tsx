import type { LoaderFunctionArgs } from '@remix-run/node'
import { DEMO_PDF_FAILED } from '~/features/online-forms/converter'
import { createSamplePdf, SAMPLE_PDF_FILE_NAME } from '~/features/pdf-conversion/demo-pdf.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithToast } from '~/platform/http/toast.server'

/**
 * The demo PDF download card's file (GET, so a plain link downloads it
 * without JavaScript): the server's real fillable sample intake form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  let bytes: Uint8Array
  try {
    bytes = await createSamplePdf('intake')
  } catch (error) {
    console.error(error)
    return redirectWithToast('/pdf-to-form', { type: 'destructive', title: DEMO_PDF_FAILED })
  }
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${SAMPLE_PDF_FILE_NAME}"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
