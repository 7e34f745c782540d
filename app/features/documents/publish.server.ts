import { getDocument, setBoldsignTemplate } from '~/features/documents/documents.server'
import { getBoldsignConfig } from '~/integrations/settings.server'
import type { Actor } from '~/platform/actor'
import { BoldsignError, createBoldsignTemplate } from '~/integrations/boldsign/client.server'
import { getStorage } from '~/platform/storage.server'

export const BOLDSIGN_NOT_CONFIGURED =
  'BoldSign is not configured: an administrator must add its API key under Settings → BoldSign'

export type PublishResult = { ok: true; templateId: string } | { ok: false; status: number; message: string }

/** 'Publish Bold Template': makes a BoldSign template from a library PDF and remembers its id. */
export async function publishDocumentTemplate(documentId: string, actor: Actor): Promise<PublishResult> {
  const document = await getDocument(documentId)
  if (!document) return { ok: false, status: 404, message: 'Document not found' }
  if (document.mimeType !== 'application/pdf') {
    return { ok: false, status: 400, message: 'Only PDF documents can become BoldSign templates' }
  }
  const config = await getBoldsignConfig()
  if (!config) return { ok: false, status: 503, message: BOLDSIGN_NOT_CONFIGURED }
  try {
    const pdf = await getStorage().openBlob(document.storageKey, 'application/pdf')
    const { templateId } = await createBoldsignTemplate(config, {
      title: document.name,
      description: document.description,
      fileName: document.fileName,
      pdf,
    })
    await setBoldsignTemplate(document.id, templateId, actor)
    return { ok: true, templateId }
  } catch (error) {
    if (error instanceof BoldsignError) return { ok: false, status: 502, message: error.message }
    throw error
  }
}
