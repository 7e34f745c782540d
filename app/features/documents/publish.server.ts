import { getDocument, setBoldsignTemplate } from '~/features/documents/documents.server'
import { getBoldsignConfig, type BoldsignConfig } from '~/integrations/settings.server'
import type { Actor } from '~/platform/actor'
import { BoldsignError, createBoldsignTemplate } from '~/integrations/boldsign/client.server'
import { ConflictError, NotFoundError, RuleViolationError } from '~/platform/errors'
import { stripActiveContent } from '~/platform/pdf-safety.server'
import { InvalidFileError, getStorage } from '~/platform/storage.server'

export const BOLDSIGN_NOT_CONFIGURED =
  'BoldSign is not configured: an administrator must add its API key under Settings → BoldSign'

/** 'Publish Bold Template': makes a BoldSign template from a library PDF and remembers its id. */
export async function publishDocumentTemplate(documentId: string, actor: Actor) {
  const document = await getDocument(documentId)
  if (!document) throw new NotFoundError('Document')
  if (document.mimeType !== 'application/pdf') throw new RuleViolationError('Only PDF documents can become BoldSign templates')
  const config = await getBoldsignConfig()
  if (!config) throw new ConflictError(BOLDSIGN_NOT_CONFIGURED)
  const { templateId } = await createTemplate(config, document)
  await setBoldsignTemplate(document.id, templateId, actor)
  return templateId
}

/**
 * A PDF as it may be sent for signature: without scripts or actions that
 * run by themselves (files uploaded before uploads were cleaned may still
 * hold them). One that cannot be checked is a RuleViolationError saying why.
 */
export async function pdfForSigning(pdf: Uint8Array) {
  try {
    const { bytes } = await stripActiveContent(pdf)
    // Bytes of a plain ArrayBuffer (the input's or pdf-lib's), never shared memory.
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' })
  } catch (error) {
    if (error instanceof InvalidFileError) throw new RuleViolationError(error.message)
    throw error
  }
}

/** BoldSign refusing the PDF or failing is a ConflictError with BoldSign's reason, for the person to read. */
async function createTemplate(config: BoldsignConfig, document: NonNullable<Awaited<ReturnType<typeof getDocument>>>) {
  const stored = await getStorage().openBlob(document.storageKey, 'application/pdf')
  const pdf = await pdfForSigning(new Uint8Array(await stored.arrayBuffer()))
  try {
    return await createBoldsignTemplate(config, { title: document.name, description: document.description, fileName: document.fileName, pdf })
  } catch (error) {
    if (error instanceof BoldsignError) throw new ConflictError(error.message)
    throw error
  }
}
