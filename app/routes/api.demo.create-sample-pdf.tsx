import type { ActionFunctionArgs } from '@remix-run/node'
import { FORM_TYPES, type FormType } from '~/features/online-forms/form-fields'
import { SAMPLE_PDF_FILE_NAME, createSamplePdf } from '~/features/pdf-conversion/demo-pdf.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed, readJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * POST /api/demo/create-sample-pdf — `formType` (intake, welcome,
 * appointment, followup; intake when absent) as JSON or a form: a fillable
 * demo PDF to download as healthcare-intake-form.pdf.
 */
export const action = apiRoute('sample PDF', async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  await requireApiUserWithPermission(request, 'records:read')
  const formType = await readFormType(request)
  if (formType !== undefined && !FORM_TYPES.includes(formType as FormType)) {
    return apiError(400, 'Invalid sample PDF', { fieldErrors: { formType: [`Choose one of: ${FORM_TYPES.join(', ')}`] } })
  }
  const bytes = await createSamplePdf((formType as FormType | undefined) ?? 'intake')
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${SAMPLE_PDF_FILE_NAME}"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'no-store',
    },
  })
})

async function readFormType(request: Request): Promise<string | undefined> {
  const contentType = request.headers.get('content-type') ?? ''
  let value: unknown
  if (contentType.includes('application/json')) {
    const body = await readJsonBody(request)
    value = body && typeof body === 'object' ? (body as Record<string, unknown>).formType : undefined
  } else if (contentType.includes('form')) {
    value = (await request.formData()).get('formType')
  }
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' ? value : String(value)
}
