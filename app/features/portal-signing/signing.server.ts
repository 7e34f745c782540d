import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import { agencySenderValues } from '~/features/email/sender.server'
import { queueEmail } from '~/features/email/outbox.server'
import { renderEmailTemplate } from '~/features/email-templates/render.server'
import { moveRequest } from '~/features/esign/tracking.server'
import { getDocumentSigner } from '~/features/portal-signing/certificate.server'
import {
  type PortalFieldType,
  DECLINE_REASON_MAX,
  SIGNATURE_TEXT_MAX,
  isPortalFieldType,
  resolveFieldValues,
} from '~/features/portal-signing/field-rules'
import { type PlacedField, appendSignaturePage, fieldsFromFillablePdf } from '~/features/portal-signing/layout.server'
import { buildSignedDocument, sha256Hex } from '~/features/portal-signing/signed-document.server'
import { parseSignaturePng } from '~/features/portal-signing/signature-image.server'
import { recordAudit } from '~/platform/audit.server'
import { type Actor, isStaffActor, systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { decrypt, encrypt } from '~/platform/encryption.server'
import { ConflictError, NotFoundError, RuleViolationError } from '~/platform/errors'
import { enqueueJobs, runJobNow } from '~/platform/jobs.server'
import { assertPdfHead, getStorage } from '~/platform/storage.server'
import { isUuid } from '~/lib/ids'
import { escapeHtml } from '~/lib/html'

/**
 * The portal's own e-signature provider. A request is an EsignRequest with
 * provider 'portal', its signers (in order) and their fields. Each signer has
 * a link /sign/{token}: the token is random, looked up by its SHA-256, kept
 * encrypted so staff can copy the link, and grants that signer's view of the
 * document and nothing else. When the last signer has signed, the signed
 * document (flattened, with a completion certificate, PAdES-signed) goes into
 * the document library and to every signer.
 */

/** Builds, stores and sends the signed document: queued with the last signature, retried by the queue if it fails. */
export const PORTAL_COMPLETE_JOB = 'portal-signing.complete'

const DAY_MS = 24 * 60 * 60 * 1000
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const COMPLETE_ACTOR = systemActor('portal-signing')
const MAX_SOURCE_BYTES = 25 * 1024 * 1024

export type Placement = 'pdf_fields' | 'signature_page' | 'manual'
export type SignerInput = { name: string; email: string; personType: 'lead' | 'patient' | 'caregiver' | 'other'; personId?: string | null }
export type ManualField = Omit<PlacedField, 'pdfFieldName'>

export type PreparePortalInput = {
  documentId: string
  title: string
  message?: string | null
  expirationDays: number
  signers: SignerInput[]
  placement: Placement
  /** For 'manual': the fields staff placed (page and position in PDF points). */
  fields?: ManualField[]
  leadId?: string | null
  /** The portal's public origin, for the links. */
  origin: string
}

/** Who did something on the signing page, from where. */
export type SigningContext = { ipAddress: string | null; userAgent: string | null }

export function signerActor(context: SigningContext, email?: string | null): Actor {
  return { kind: 'signer', userId: null, ipAddress: context.ipAddress, email: email ?? null, label: 'portal-signing' }
}

export function hashSigningToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export function signingPath(token: string) {
  return `/sign/${token}`
}

/** The link staff may copy for a signer. */
export function signingLink(signer: { tokenEncrypted: string }, origin: string) {
  return `${origin.replace(/\/+$/, '')}${signingPath(decrypt(signer.tokenEncrypted))}`
}

async function readStoredBytes(storageKey: string) {
  const chunks: Buffer[] = []
  for await (const chunk of getStorage().read(storageKey)) chunks.push(Buffer.from(chunk as Uint8Array))
  return new Uint8Array(Buffer.concat(chunks))
}

type RequestForDocument = { sourceDocumentId: string | null; formData: Prisma.JsonValue; signers: Array<{ name: string; order: number }> }
/** Kept in the request's formData: how the fields were placed and who has a block on the signature page. */
type PreparedLayout = { placement?: Placement; signaturePageOrders?: number[] }

/** The signers with a block on the signature page, in order, with their index among all signers. */
function signaturePageSigners(signers: Array<{ name: string }>, indices: number[]) {
  return indices.map((signerIndex) => ({ name: signers[signerIndex]!.name, signerIndex }))
}

/**
 * The PDF the signers see and sign: the library file, with the signature page
 * appended when the request has one (rebuilt the same way each time, so it
 * never needs storing twice).
 */
export async function documentToSign(request: RequestForDocument) {
  const source = request.sourceDocumentId ? await prisma.document.findUnique({ where: { id: request.sourceDocumentId } }) : null
  if (!source) throw new ConflictError('The document to sign is no longer in the library')
  const bytes = await readStoredBytes(source.storageKey)
  const orders = (request.formData as PreparedLayout | null)?.signaturePageOrders ?? []
  if (orders.length === 0) return bytes
  const signers = [...request.signers].sort((a, b) => a.order - b.order)
  return (await appendSignaturePage(bytes, signaturePageSigners(signers, orders.map((order) => order - 1)))).bytes
}

function newToken() {
  const token = crypto.randomBytes(32).toString('base64url')
  return { token, tokenHash: hashSigningToken(token), tokenEncrypted: encrypt(token) }
}

/** The built-in invitation: the link, the document's title and the agency's message, signed by the agency. */
export function renderSigningInvitation(input: {
  signerName: string
  title: string
  message: string | null
  link: string
  expiresAt: Date | null
  sender: { providerName: string; contactUrl: string }
}) {
  const [firstName, ...rest] = input.signerName.trim().split(/\s+/)
  const expires = input.expiresAt ? `<p>The link works until ${input.expiresAt.toUTCString()}.</p>` : ''
  const message = input.message ? `<p>${escapeHtml(input.message)}</p>` : ''
  // The link is the signer's own: written into the message here rather than offered as a placeholder to templates.
  return renderEmailTemplate(
    {
      subject: `Please sign: ${input.title}`,
      htmlContent: `<p>Hello {{firstName}},</p><p>{{providerName}} asks you to sign <strong>${escapeHtml(input.title)}</strong>.</p>${message}<p><a href="${escapeHtml(input.link)}">Review and sign the document</a></p>${expires}<p>If you did not expect this, you can ignore this message or <a href="{{contactUrl}}">contact us</a>.</p>`,
    },
    { firstName: firstName ?? '', lastName: rest.join(' '), ...input.sender },
  )
}

async function inviteSigner(
  tx: Prisma.TransactionClient,
  request: { id: string; title: string; message: string | null; expiresAt: Date | null },
  signer: { id: string; name: string; email: string; tokenEncrypted: string },
  origin: string,
  at: Date,
) {
  const email = renderSigningInvitation({
    signerName: signer.name,
    title: request.title,
    message: request.message,
    link: signingLink(signer, origin),
    expiresAt: request.expiresAt,
    sender: await agencySenderValues(origin, tx),
  })
  await queueEmail(
    { dedupeKey: `signing-invite:${signer.id}`, toEmail: signer.email, toName: signer.name, ...email, entityType: 'EsignRequest', entityId: request.id },
    tx,
  )
  await tx.esignSigner.update({ where: { id: signer.id }, data: { status: 'sent', sentAt: at } })
  await tx.esignRequestEvent.create({ data: { requestId: request.id, signerId: signer.id, type: 'sent', detail: `Invitation e-mailed to ${signer.email}`, occurredAt: at } })
}

/**
 * Prepares a portal request from a library PDF and sends the first signer
 * their invitation. Fields come from the PDF's own form ('pdf_fields'), an
 * appended signature page ('signature_page'), or staff ('manual').
 */
export async function preparePortalRequest(input: PreparePortalInput, actor: Actor) {
  const source = isUuid(input.documentId) ? await prisma.document.findUnique({ where: { id: input.documentId } }) : null
  if (!source) throw new NotFoundError('Document')
  if (source.mimeType !== 'application/pdf') throw new RuleViolationError('Choose a PDF document', 'documentId')
  if (input.signers.length === 0) throw new RuleViolationError('Add at least one signer', 'signers')
  const original = await readStoredBytes(source.storageKey)
  let fields: PlacedField[]
  // Signers with a block on an appended signature page (by index).
  let pageFor: number[] = []
  if (input.placement === 'pdf_fields') {
    fields = await fieldsFromFillablePdf(original)
    if (fields.length === 0) throw new RuleViolationError('This PDF has no fillable fields: choose the signature page or place fields', 'placement')
    // The PDF's own fields are the first signer's; the others sign on an appended page.
    pageFor = input.signers.map((_signer, index) => index).slice(1)
    if (!fields.some((field) => field.type === 'signature')) pageFor = [0, ...pageFor]
    if (pageFor.length > 0) fields = [...fields, ...(await appendSignaturePage(original, signaturePageSigners(input.signers, pageFor))).fields]
  } else if (input.placement === 'signature_page') {
    pageFor = input.signers.map((_signer, index) => index)
    fields = (await appendSignaturePage(original, signaturePageSigners(input.signers, pageFor))).fields
  } else {
    fields = (input.fields ?? []).map((field) => ({ ...field, pdfFieldName: null }))
    if (fields.length === 0) throw new RuleViolationError('Place at least one field', 'fields')
  }
  for (const field of fields) {
    if (!isPortalFieldType(field.type)) throw new RuleViolationError('Unknown field type', 'fields')
    if (field.signerIndex < 0 || field.signerIndex >= input.signers.length) throw new RuleViolationError('Every field needs one of the signers', 'fields')
  }
  for (let index = 0; index < input.signers.length; index++) {
    if (!fields.some((field) => field.signerIndex === index && field.type === 'signature')) {
      throw new RuleViolationError(`${input.signers[index]!.name} has no signature field`, 'fields')
    }
  }
  const tokens = input.signers.map(() => newToken())
  const now = new Date()
  const created = await prisma.$transaction(async (tx) => {
    const first = input.signers[0]!
    const request = await tx.esignRequest.create({
      data: {
        provider: 'portal',
        templateId: source.id,
        templateName: source.name,
        title: input.title,
        message: input.message ?? null,
        expirationDays: input.expirationDays,
        expiresAt: new Date(now.getTime() + input.expirationDays * DAY_MS),
        recipientName: first.name,
        recipientEmail: first.email,
        leadId: input.leadId ?? (first.personType === 'lead' ? (first.personId ?? null) : null),
        formData: { placement: input.placement, signaturePageOrders: pageFor.map((index) => index + 1) },
        sentById: isStaffActor(actor) ? actor.userId : null,
        status: 'sent',
        sentAt: now,
        sourceDocumentId: source.id,
        sourceSha256: sha256Hex(original),
        events: { create: { type: 'requested', occurredAt: now } },
      },
    })
    const signers = []
    for (const [index, signer] of input.signers.entries()) {
      signers.push(
        await tx.esignSigner.create({
          data: {
            requestId: request.id,
            order: index + 1,
            name: signer.name,
            email: signer.email,
            personType: signer.personType,
            personId: signer.personId ?? null,
            tokenHash: tokens[index]!.tokenHash,
            tokenEncrypted: tokens[index]!.tokenEncrypted,
          },
        }),
      )
    }
    const positions = new Map<number, number>()
    for (const field of fields) {
      const position = (positions.get(field.signerIndex) ?? 0) + 1
      positions.set(field.signerIndex, position)
      await tx.esignField.create({
        data: {
          requestId: request.id,
          signerId: signers[field.signerIndex]!.id,
          position,
          type: field.type,
          label: field.label,
          required: field.required,
          page: field.page,
          x: field.x,
          y: field.y,
          width: field.width,
          height: field.height,
          pdfFieldName: field.pdfFieldName,
        },
      })
    }
    await recordAudit(
      {
        actor,
        action: 'create',
        entityType: 'EsignRequest',
        entityId: request.id,
        details: { provider: 'portal', documentId: source.id, signers: signers.length, fields: fields.length, placement: input.placement },
      },
      tx,
    )
    await inviteSigner(tx, request, signers[0]!, input.origin, now)
    return { request, signers }
  })
  return { request: created.request, firstLink: `${input.origin.replace(/\/+$/, '')}${signingPath(tokens[0]!.token)}` }
}

/** Why a link cannot be used: the page says which, with 410. */
export class SigningLinkUnavailableError extends ConflictError {
  override name = 'SigningLinkUnavailableError'
  constructor(readonly reason: 'expired' | 'cancelled' | 'declined' | 'completed' | 'signed' | 'waiting' | 'failed') {
    super(SIGNING_UNAVAILABLE_TITLES[reason])
  }
}

export const SIGNING_UNAVAILABLE_TITLES: Record<SigningLinkUnavailableError['reason'], string> = {
  expired: 'This signing link has expired',
  cancelled: 'This signing request was withdrawn',
  declined: 'This document was declined',
  completed: 'This document is signed',
  signed: 'You have signed this document',
  waiting: 'It is not your turn to sign yet',
  failed: 'This signing request cannot be used',
}

const signerInclude = {
  request: { include: { signers: { orderBy: { order: 'asc' } } } },
  fields: { orderBy: { position: 'asc' } },
} satisfies Prisma.EsignSignerInclude

async function signerForToken(token: string, db: Prisma.TransactionClient = prisma) {
  if (!TOKEN.test(token)) throw new NotFoundError('Signing link')
  const signer = await db.esignSigner.findUnique({ where: { tokenHash: hashSigningToken(token) }, include: signerInclude })
  if (!signer || signer.request.provider !== 'portal') throw new NotFoundError('Signing link')
  return signer
}

type LoadedSigner = Awaited<ReturnType<typeof signerForToken>>

/** The signer may act now: their turn, the request open and not past its date. */
function assertUsable(signer: LoadedSigner, now: Date) {
  const { request } = signer
  if (signer.status === 'signed') throw new SigningLinkUnavailableError(request.status === 'completed' ? 'completed' : 'signed')
  if (signer.status === 'declined' || request.status === 'declined') throw new SigningLinkUnavailableError('declined')
  if (request.status === 'cancelled') throw new SigningLinkUnavailableError('cancelled')
  if (request.status === 'completed') throw new SigningLinkUnavailableError('completed')
  if (request.status === 'expired' || (request.expiresAt && request.expiresAt <= now)) throw new SigningLinkUnavailableError('expired')
  if (request.status === 'failed') throw new SigningLinkUnavailableError('failed')
  if (signer.status === 'waiting') throw new SigningLinkUnavailableError('waiting')
}

function eventData(signer: LoadedSigner, type: string, context: SigningContext, at: Date, detail: string | null = null) {
  return { requestId: signer.requestId, signerId: signer.id, type, detail, ipAddress: context.ipAddress, userAgent: context.userAgent?.slice(0, 500) ?? null, occurredAt: at }
}

/** What the signing page shows: the title, the message, the signer's own fields. Nothing else. */
function signingView(signer: LoadedSigner) {
  return {
    title: signer.request.title,
    message: signer.request.message,
    signerName: signer.name,
    consented: signer.consentedAt !== null,
    fields: signer.fields.map((field) => ({
      id: field.id,
      type: field.type as PortalFieldType,
      label: field.label,
      required: field.required,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      value: field.value,
    })),
  }
}

/** Opens the signing page: records 'opened' the first time and moves the request to viewed. */
export async function openSigning(token: string, context: SigningContext, now = new Date()) {
  const signer = await signerForToken(token)
  assertUsable(signer, now)
  if (!signer.openedAt) {
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.esignSigner.updateMany({ where: { id: signer.id, openedAt: null }, data: { status: 'opened', openedAt: now } })
      if (count === 0) return
      await tx.esignRequestEvent.create({ data: eventData(signer, 'opened', context, now) })
      await moveRequest(signer.requestId, { to: 'viewed', actor: signerActor(context, signer.email), detail: `Opened by ${signer.name}`, at: now }, tx)
    })
  }
  return { view: signingView(signer), document: await documentToSign({ ...signer.request, signers: signer.request.signers }) }
}

/** For a posted form: the signer and their fields, checked usable. */
export async function readSigning(token: string, now = new Date()) {
  const signer = await signerForToken(token)
  assertUsable(signer, now)
  return signingView(signer)
}

/** The document as the signer sees it, for its page images: while the link is usable, and recording nothing. */
export async function readSigningDocument(token: string, now = new Date()) {
  const signer = await signerForToken(token)
  assertUsable(signer, now)
  return documentToSign({ ...signer.request, signers: signer.request.signers })
}

export type FinishInput = {
  consent: boolean
  signatureText: string
  answers: Record<string, string | undefined>
  /** 'drawn' with the pad's PNG data URLs (initials optional: typed initials otherwise); else typed. */
  signatureMethod?: 'typed' | 'drawn'
  signatureImage?: string
  initialsImage?: string
}

/**
 * The signer finishes: consent, the adopted signature and every required
 * field are checked (messages by field), then the values, the events and the
 * next signer's invitation are written together. The last signer's finish
 * builds and stores the signed document.
 */
export async function finishSigning(token: string, input: FinishInput, context: SigningContext & { origin: string }, now = new Date()) {
  const signer = await signerForToken(token)
  assertUsable(signer, now)
  const errors: Record<string, string> = {}
  if (!input.consent && !signer.consentedAt) errors.consent = 'Agree to use electronic records and signatures to sign'
  const signatureText = input.signatureText.trim()
  if (signatureText.length > SIGNATURE_TEXT_MAX) errors.signatureText = `Your name must be at most ${SIGNATURE_TEXT_MAX} characters`
  const needsSignature = signer.fields.some((field) => field.type === 'signature' || field.type === 'initials' || field.type === 'date_signed')
  if (needsSignature && !signatureText) errors.signatureText = 'Type your full name to adopt your signature'
  const { values, errors: fieldErrors } = resolveFieldValues(
    signer.fields.map((field) => ({ id: field.id, type: field.type as PortalFieldType, label: field.label, required: field.required })),
    input.answers,
    { signatureText, signedAt: now },
  )
  Object.assign(errors, fieldErrors)
  const drawn = input.signatureMethod === 'drawn'
  let signatureImage: Uint8Array<ArrayBuffer> | null = null
  let initialsImage: Uint8Array<ArrayBuffer> | null = null
  if (drawn) {
    const signature = input.signatureImage ? parseSignaturePng(input.signatureImage) : { ok: false as const, message: 'Draw your signature, or choose Type' }
    if (signature.ok) signatureImage = signature.bytes
    else errors.signatureImage = signature.message
    if (input.initialsImage && signer.fields.some((field) => field.type === 'initials')) {
      const initials = parseSignaturePng(input.initialsImage)
      if (initials.ok) initialsImage = initials.bytes
      else errors.initialsImage = initials.message
    }
  }
  if (Object.keys(errors).length > 0) return { status: 'invalid' as const, errors }

  const actor = signerActor(context, signer.email)
  const remaining = await prisma.$transaction(async (tx) => {
    const { count } = await tx.esignSigner.updateMany({
      where: { id: signer.id, status: { in: ['sent', 'opened'] } },
      data: {
        status: 'signed',
        signedAt: now,
        consentedAt: signer.consentedAt ?? now,
        openedAt: signer.openedAt ?? now,
        signatureText: signatureText || null,
        signatureMethod: drawn ? 'drawn' : 'typed',
        signatureImage,
        initialsImage,
        ipAddress: context.ipAddress,
        userAgent: context.userAgent?.slice(0, 500) ?? null,
      },
    })
    if (count === 0) throw new SigningLinkUnavailableError('signed')
    if (!signer.consentedAt) await tx.esignRequestEvent.create({ data: eventData(signer, 'consented', context, now, 'Agreed to use electronic records and signatures') })
    for (const field of signer.fields) {
      const value = values[field.id] ?? null
      await tx.esignField.update({ where: { id: field.id }, data: { value, filledAt: value === null ? null : now } })
      if (value !== null) await tx.esignRequestEvent.create({ data: eventData(signer, 'field_filled', context, now, field.label) })
    }
    await tx.esignRequestEvent.create({ data: eventData(signer, 'signed', context, now, `Signed as ${signatureText || signer.name}${drawn ? ' (drawn signature)' : ''}`) })
    await recordAudit(
      { actor, action: 'update', entityType: 'EsignRequest', entityId: signer.requestId, eventType: 'esign_request.signer_signed', details: { signerId: signer.id, order: signer.order } },
      tx,
    )
    const next = signer.request.signers.find((other) => other.order > signer.order && other.status === 'waiting')
    if (next) {
      await moveRequest(signer.requestId, { to: 'signed', actor, detail: `Signed by ${signer.name}`, at: now }, tx)
      await inviteSigner(tx, signer.request, next, context.origin, now)
      return true
    }
    await enqueueJobs([{ type: PORTAL_COMPLETE_JOB, payload: { requestId: signer.requestId }, dedupeKey: `${PORTAL_COMPLETE_JOB}:${signer.requestId}` }], tx)
    return false
  })
  // Tried at once so the signer's copy is usually on its way before the page answers; a failure stays queued.
  if (!remaining) await runJobNow(`${PORTAL_COMPLETE_JOB}:${signer.requestId}`, runPortalCompleteJob)
  return { status: 'signed' as const }
}

/** The signer declines, with a reason: the request stops for everyone. */
export async function declineSigning(token: string, reason: string, context: SigningContext, now = new Date()) {
  const signer = await signerForToken(token)
  assertUsable(signer, now)
  const trimmed = reason.trim()
  if (!trimmed) return { status: 'invalid' as const, errors: { reason: 'Tell the agency why you decline' } }
  if (trimmed.length > DECLINE_REASON_MAX) return { status: 'invalid' as const, errors: { reason: `The reason must be at most ${DECLINE_REASON_MAX} characters` } }
  const actor = signerActor(context, signer.email)
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.esignSigner.updateMany({
      where: { id: signer.id, status: { in: ['sent', 'opened'] } },
      data: { status: 'declined', declinedAt: now, declineReason: trimmed, ipAddress: context.ipAddress, userAgent: context.userAgent?.slice(0, 500) ?? null },
    })
    if (count === 0) throw new SigningLinkUnavailableError('declined')
    await tx.esignRequestEvent.create({ data: eventData(signer, 'declined', context, now, trimmed) })
    await moveRequest(signer.requestId, { to: 'declined', actor, detail: `Declined by ${signer.name}: ${trimmed}`, at: now }, tx)
  })
  return { status: 'declined' as const }
}

/** The signer's drawing for a signature or initials field, when they drew one. */
function drawnImageFor(field: { type: string; signerId: string }, signers: Array<{ id: string; signatureImage: Uint8Array | null; initialsImage: Uint8Array | null }>) {
  const signer = signers.find((candidate) => candidate.id === field.signerId)
  if (field.type === 'signature') return signer?.signatureImage ?? null
  if (field.type === 'initials') return signer?.initialsImage ?? null
  return null
}

/** Which records the signed copy belongs to: the lead, patient and caregiver who signed (the first of each). */
function personLinks(signers: Array<{ personType: string; personId: string | null }>, leadId: string | null) {
  const of = (type: string) => signers.find((signer) => signer.personType === type && signer.personId)?.personId ?? null
  return { leadId: of('lead') ?? leadId, patientId: of('patient'), caregiverId: of('caregiver') }
}

export async function runPortalCompleteJob(payload: unknown) {
  const requestId = (payload as { requestId?: unknown } | null)?.requestId
  if (typeof requestId !== 'string' || !isUuid(requestId)) return
  await completePortalRequest(requestId)
}

/**
 * Builds, stores and sends the signed document once every signer has signed.
 * Run again it does nothing (the request already has its copy). A failure
 * leaves the request 'signed' and the job queued to try again.
 */
export async function completePortalRequest(requestId: string, now = new Date()) {
  const request = await prisma.esignRequest.findUniqueOrThrow({
    where: { id: requestId },
    include: {
      signers: { orderBy: { order: 'asc' } },
      fields: { orderBy: [{ page: 'asc' }, { position: 'asc' }] },
      events: { orderBy: { occurredAt: 'asc' }, include: { signer: { select: { name: true } } } },
    },
  })
  if (request.signedDocumentId || request.signers.some((signer) => signer.status !== 'signed')) return null
  const original = await documentToSign(request)
  const completionEvent = { type: 'completed', occurredAt: now, signerName: null, ipAddress: null, userAgent: null, detail: 'Every signer has signed' }
  const signed = await buildSignedDocument(
    {
      requestId: request.id,
      title: request.title,
      original,
      librarySha256: request.sourceSha256,
      completedAt: now,
      signers: request.signers,
      fields: request.fields.map((field) => ({ ...field, type: field.type as PortalFieldType, image: drawnImageFor(field, request.signers) })),
      events: [
        ...request.events.map((event) => ({
          type: event.type,
          occurredAt: event.occurredAt,
          signerName: event.signer?.name ?? null,
          ipAddress: event.ipAddress,
          userAgent: event.userAgent,
          detail: event.detail,
        })),
        completionEvent,
      ],
    },
    await getDocumentSigner(),
  )
  const storage = getStorage()
  const stored = await storage.write(
    `documents/${crypto.randomUUID()}.pdf`,
    (async function* () {
      yield signed.bytes
    })(),
    { maxBytes: MAX_SOURCE_BYTES * 2, checkHead: assertPdfHead },
  )
  const fileName = `${request.title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 120) || 'signed-document'} (signed).pdf`
  try {
    await prisma.$transaction(async (tx) => {
      const document = await tx.document.create({
        data: {
          name: `${request.title} (signed)`,
          description: `Signed in the portal by ${request.signers.map((signer) => signer.name).join(', ')}`,
          category: 'agreements',
          fileName,
          fileSize: stored.size,
          mimeType: 'application/pdf',
          storageKey: stored.key,
          sha256: stored.sha256,
          uploadedById: null,
          uploadedBy: 'Portal (e-signature)',
          // On the signers' records: the first lead, patient and caregiver among them.
          ...personLinks(request.signers, request.leadId),
        },
        select: { id: true },
      })
      const { count } = await tx.esignRequest.updateMany({ where: { id: request.id, signedDocumentId: null }, data: { signedDocumentId: document.id } })
      if (count === 0) throw new ConflictError('The signed copy is already stored')
      await moveRequest(request.id, { to: 'completed', actor: COMPLETE_ACTOR, detail: 'Every signer has signed', at: now }, tx)
      await tx.esignRequestEvent.create({ data: { requestId: request.id, type: 'signed_copy_stored', detail: document.id, occurredAt: now } })
      await recordAudit(
        { actor: COMPLETE_ACTOR, action: 'create', entityType: 'Document', entityId: document.id, details: { esignRequestId: request.id, category: 'agreements', sha256: signed.signedSha256 } },
        tx,
      )
      for (const signer of request.signers) {
        const [firstName, ...rest] = signer.name.split(/\s+/)
        const email = renderEmailTemplate(
          {
            subject: `Signed: ${request.title}`,
            htmlContent: '<p>Hello {{firstName}},</p><p>Everyone has signed. The signed document is attached to this message for your records.</p>',
          },
          { firstName: firstName ?? '', lastName: rest.join(' ') },
        )
        await queueEmail(
          {
            dedupeKey: `signing-completed:${signer.id}`,
            toEmail: signer.email,
            toName: signer.name,
            ...email,
            attachments: [{ storageKey: stored.key, fileName, mimeType: 'application/pdf' }],
            entityType: 'EsignRequest',
            entityId: request.id,
          },
          tx,
        )
      }
    })
  } catch (error) {
    await storage.remove(stored.key)
    if (error instanceof ConflictError) return null
    throw error
  }
  return signed
}

/** Staff view of a portal request's signers: status, times and the link to copy. */
export async function listPortalSigners(requestId: string, origin: string) {
  const signers = await prisma.esignSigner.findMany({ where: { requestId }, orderBy: { order: 'asc' } })
  return signers.map(({ tokenEncrypted, tokenHash: _hash, ...signer }) => ({
    ...signer,
    link: signer.status === 'signed' || signer.status === 'declined' || signer.linkRevokedAt ? null : signingLink({ tokenEncrypted }, origin),
  }))
}
