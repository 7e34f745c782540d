import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { getBoldsignConfig } from '~/integrations/settings.server'
import { MAX_DOCUMENT_BYTES } from '~/features/documents/schema'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { BoldsignError, createBoldsignTemplate } from '~/integrations/boldsign/client.server'
import { BOLDSIGN_NOT_CONFIGURED, pdfForSigning } from '~/features/documents/publish.server'
import { RuleViolationError } from '~/platform/errors'
import { apiRoute } from '~/platform/http/errors.server'

const bodySchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, { message: 'Title is required' }).max(200),
  description: z.string().max(1000).optional().nullable(),
  fileName: z.string().trim().min(1).max(200).default('document.pdf'),
  pdfBase64: z.string({ error: 'pdfBase64 is required' }).min(1, { message: 'pdfBase64 is required' }),
})

/** POST /api/boldsign/create-template — { title, description, pdfBase64, fileName } → { success, templateId }. */
export const action = apiRoute('template', async ({ request }: ActionFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await parseJsonBody(request, bodySchema, 'template')
  const pdf = Buffer.from(body.pdfBase64, 'base64')
  if (pdf.length > MAX_DOCUMENT_BYTES) return json({ success: false, error: 'The file is larger than 50MB' }, { status: 413 })
  if (!pdf.subarray(0, 1024).includes(Buffer.from('%PDF-'))) {
    return json({ success: false, error: 'pdfBase64 is not a PDF' }, { status: 400 })
  }
  const config = await getBoldsignConfig()
  if (!config) return json({ success: false, error: BOLDSIGN_NOT_CONFIGURED }, { status: 503 })
  let cleaned
  try {
    cleaned = await pdfForSigning(pdf)
  } catch (error) {
    if (error instanceof RuleViolationError) return json({ success: false, error: error.message }, { status: 400 })
    throw error
  }
  try {
    const { templateId } = await createBoldsignTemplate(config, {
      title: body.title,
      description: body.description,
      fileName: body.fileName,
      pdf: cleaned,
    })
    return json({ success: true, templateId })
  } catch (error) {
    if (error instanceof BoldsignError) return json({ success: false, error: error.message }, { status: 502 })
    throw error
  }
})
