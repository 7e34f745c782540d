import { EXTRA_SIGNERS, MANUAL_FIELD_ROWS, PORTAL_UPLOAD_FIELD } from '~/features/portal-signing/prepare-options'
import type { PortalLeadSendInput, PortalPrepareInput } from '~/features/portal-signing/schema'
import { type ManualField, type SignerInput, preparePortalRequest } from '~/features/portal-signing/signing.server'
import { PORTAL_FIELD_LABELS, type PortalFieldType } from '~/features/portal-signing/field-rules'
import { createDocument } from '~/features/documents/documents.server'
import { receivePdfUpload } from '~/features/documents/upload.server'
import type { Actor } from '~/platform/actor'
import { UploadError } from '~/platform/uploads.server'
import { recordListView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { NotFoundError, RuleViolationError } from '~/platform/errors'
import { isUuid } from '~/lib/ids'

/** What the portal request form offers: library PDFs and the people with an e-mail address. */
export async function portalPrepareChoices(actor: Actor) {
  const [documents, leads, patients, caregivers] = await Promise.all([
    prisma.document.findMany({ where: { mimeType: 'application/pdf' }, select: { id: true, name: true }, orderBy: { createdAt: 'desc' }, take: 200 }),
    prisma.lead.findMany({ select: { id: true, firstName: true, lastName: true, email: true }, orderBy: { createdAt: 'desc' }, take: 200 }),
    prisma.patient.findMany({ where: { email: { not: null } }, select: { id: true, firstName: true, lastName: true, email: true }, orderBy: { createdAt: 'desc' }, take: 200 }),
    prisma.caregiver.findMany({ where: { email: { not: null } }, select: { id: true, fullName: true, email: true }, orderBy: { createdAt: 'desc' }, take: 200 }),
  ])
  // The choices name people and files: a read of each, on the audit trail like any list.
  for (const [entityType, rows] of [['Document', documents], ['Lead', leads], ['Patient', patients], ['Caregiver', caregivers]] as const) {
    if (rows.length > 0) await recordListView({ actor, entityType, ids: rows.map((row) => row.id), details: { purpose: 'signer choices' } })
  }
  const person = (type: string) => (row: { id: string; firstName?: string; lastName?: string; fullName?: string; email: string | null }) => ({
    value: `${type}:${row.id}`,
    label: `${row.fullName ?? `${row.firstName} ${row.lastName}`} (${row.email})`,
  })
  return {
    documents,
    people: [
      { group: 'Leads', options: leads.map(person('lead')) },
      { group: 'Patients', options: patients.map(person('patient')) },
      { group: 'Caregivers', options: caregivers.map(person('caregiver')) },
    ],
  }
}

async function firstSigner(person: string): Promise<SignerInput> {
  const [type, id] = person.split(':') as ['lead' | 'patient' | 'caregiver', string]
  const select = { id: true, firstName: true, lastName: true, email: true }
  const row =
    type === 'lead'
      ? await prisma.lead.findUnique({ where: { id }, select })
      : type === 'patient'
        ? await prisma.patient.findUnique({ where: { id }, select })
        : await prisma.caregiver
            .findUnique({ where: { id }, select: { id: true, fullName: true, email: true } })
            .then((caregiver) => caregiver && { id: caregiver.id, firstName: caregiver.fullName, lastName: '', email: caregiver.email })
  if (!row) throw new NotFoundError('Signer')
  if (!row.email) throw new RuleViolationError('This person has no e-mail address', 'person')
  return { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email, personType: type, personId: row.id }
}

/** Staff send a library PDF for signature in the portal: the form's answer turned into a request. */
export async function preparePortalRequestFromForm(input: PortalPrepareInput, actor: Actor, origin: string) {
  const record = input as Record<string, unknown>
  const signers: SignerInput[] = [await firstSigner(input.person)]
  for (let index = 2; index <= EXTRA_SIGNERS + 1; index++) {
    const name = record[`signer${index}Name`] as string | undefined
    const email = record[`signer${index}Email`] as string | undefined
    if (name && email) signers.push({ name, email, personType: 'other' })
  }
  const fields: ManualField[] = []
  if (input.placement === 'manual') {
    for (let index = 1; index <= MANUAL_FIELD_ROWS; index++) {
      const type = record[`field${index}Type`] as PortalFieldType | undefined
      if (!type) continue
      const signerNumber = record[`field${index}Signer`] as number
      if (signerNumber > signers.length) throw new RuleViolationError('There is no such signer', `field${index}Signer`)
      fields.push({
        signerIndex: signerNumber - 1,
        type,
        label: (record[`field${index}Label`] as string | undefined) || PORTAL_FIELD_LABELS[type],
        required: record[`field${index}Required`] === 'on',
        page: record[`field${index}Page`] as number,
        x: record[`field${index}X`] as number,
        y: record[`field${index}Y`] as number,
        width: record[`field${index}Width`] as number,
        height: record[`field${index}Height`] as number,
      })
    }
  }
  return preparePortalRequest(
    {
      documentId: input.documentId,
      title: input.title,
      message: input.message ?? null,
      expirationDays: input.expirationDays,
      signers,
      placement: input.placement,
      fields,
      leadId: signers[0]!.personType === 'lead' ? signers[0]!.personId : null,
      origin,
    },
    actor,
  )
}

/** The sending dialog on a lead, with the Portal chosen: the lead signs a library PDF alone. */
export async function sendLeadPortalRequest(leadId: string, input: PortalLeadSendInput, actor: Actor, origin: string) {
  const lead = isUuid(leadId) ? await prisma.lead.findUnique({ where: { id: leadId }, select: { id: true, firstName: true, lastName: true, email: true } }) : null
  if (!lead) throw new NotFoundError('Lead')
  return preparePortalRequest(
    {
      documentId: input.documentId,
      title: input.title,
      message: input.message ?? null,
      expirationDays: input.expirationDays,
      signers: [{ name: `${lead.firstName} ${lead.lastName}`.trim(), email: lead.email, personType: 'lead', personId: lead.id }],
      placement: input.placement,
      leadId: lead.id,
      origin,
    },
    actor,
  )
}

/**
 * The preparation form as posted. A PDF uploaded with it goes through the
 * library's own upload (streamed, checked to be a PDF, scripts taken out)
 * into the library like any other document, and is the one to sign; it stays
 * there (and chosen) if the rest of the form needs correcting.
 */
export async function readPrepareForm(request: Request, actor: Actor & { userName: string }) {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return { form: await request.formData(), uploadError: null }
  let upload
  try {
    upload = await receivePdfUpload(request, PORTAL_UPLOAD_FIELD)
  } catch (error) {
    if (error instanceof UploadError) return { form: null, uploadError: error }
    throw error
  }
  const { file, form } = upload
  if (file) {
    const document = await createDocument(file, { category: 'agreements', description: 'Uploaded to be signed in the portal' }, actor)
    form.set('documentId', document.id)
  }
  return { form, uploadError: null }
}
