import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import { agencySenderValues } from '~/features/email/sender.server'
import { queueEmail } from '~/features/email/outbox.server'
import { hashSigningToken, renderSigningInvitation, signingLink } from '~/features/portal-signing/signing.server'
import { recordAudit } from '~/platform/audit.server'
import { type Actor, isStaffActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { encrypt } from '~/platform/encryption.server'
import { ConflictError, NotFoundError } from '~/platform/errors'
import { isUuid } from '~/lib/ids'

/**
 * Staff's hold on a portal signer's link: a reminder (the same link again),
 * revoking it (the token stops opening anything at once) and a new link in
 * its place. Only the signer whose turn it is has a live link to act on.
 */

/** A portal request still waiting for signatures: its signers may be reminded or sent a new link. */
const OPEN_REQUEST_STATUSES = ['sent', 'viewed', 'signed']
/** The signer whose turn it is: invited and not yet signed or declined. */
const CURRENT_SIGNER_STATUSES = ['sent', 'opened']

async function currentSigner(tx: Prisma.TransactionClient, requestId: string, signerId: string, now: Date) {
  if (!isUuid(requestId) || !isUuid(signerId)) throw new NotFoundError('Signer')
  const signer = await tx.esignSigner.findUnique({ where: { id: signerId }, include: { request: true } })
  if (!signer || signer.requestId !== requestId || signer.request.provider !== 'portal') throw new NotFoundError('Signer')
  if (!OPEN_REQUEST_STATUSES.includes(signer.request.status)) throw new ConflictError(`A ${signer.request.status} request has no link to change`)
  if (signer.request.expiresAt && signer.request.expiresAt <= now) throw new ConflictError('This request has expired')
  if (!CURRENT_SIGNER_STATUSES.includes(signer.status)) throw new ConflictError(`${signer.name} has no link to change: it is not their turn to sign`)
  return signer
}

/** A token no link can carry: a revoked signer's stored hash, so their old link finds nothing. */
function revokedHash() {
  return `revoked:${crypto.randomBytes(16).toString('hex')}`
}

function invitationFor(
  request: { title: string; message: string | null; expiresAt: Date | null },
  signer: { name: string },
  link: string,
  sender: { providerName: string; contactUrl: string },
  reminder: boolean,
) {
  const email = renderSigningInvitation({ signerName: signer.name, title: request.title, message: request.message, link, expiresAt: request.expiresAt, sender })
  return reminder ? { ...email, subject: `Reminder: ${email.subject}` } : email
}

/**
 * A reminder for the signer whose turn it is: their invitation again, with
 * the same link, through the outbox; dated on the request so the automatic
 * reminders keep their pace.
 */
export async function remindPortalSigner(requestId: string, actor: Actor, origin: string, now = new Date()) {
  await prisma.$transaction(async (tx) => {
    const request = await tx.esignRequest.findUniqueOrThrow({ where: { id: requestId } })
    const signer = await tx.esignSigner.findFirst({
      where: { requestId, status: { in: CURRENT_SIGNER_STATUSES }, linkRevokedAt: null },
      orderBy: { order: 'asc' },
    })
    if (!signer) throw new ConflictError('No signer has a link to be reminded of: send a new link instead')
    const email = invitationFor(request, signer, signingLink(signer, origin), await agencySenderValues(origin, tx), true)
    await queueEmail(
      {
        dedupeKey: `signing-reminder:${signer.id}:${now.getTime()}`,
        toEmail: signer.email,
        toName: signer.name,
        ...email,
        entityType: 'EsignRequest',
        entityId: request.id,
      },
      tx,
    )
    await tx.esignRequest.update({ where: { id: request.id }, data: { lastReminderAt: now } })
    await tx.esignRequestEvent.create({
      data: {
        requestId: request.id,
        signerId: signer.id,
        type: 'reminder_sent',
        detail: `${isStaffActor(actor) ? 'Sent by staff' : 'Automatic'}: invitation e-mailed again to ${signer.email}`,
        occurredAt: now,
      },
    })
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'EsignRequest',
        entityId: request.id,
        eventType: 'esign_request.reminded',
        details: { automatic: !isStaffActor(actor), signerId: signer.id },
      },
      tx,
    )
  })
}

/** Staff revoke a signer's link: the old token stops working at once; a new link may be sent later. */
export async function revokeSigningLink(requestId: string, signerId: string, actor: Actor, now = new Date()) {
  return prisma.$transaction(async (tx) => {
    const signer = await currentSigner(tx, requestId, signerId, now)
    if (signer.linkRevokedAt) throw new ConflictError(`${signer.name}'s link is already revoked`)
    await tx.esignSigner.update({ where: { id: signer.id }, data: { tokenHash: revokedHash(), tokenEncrypted: '', linkRevokedAt: now } })
    await tx.esignRequestEvent.create({ data: { requestId, signerId: signer.id, type: 'link_revoked', detail: `${signer.name}'s link revoked`, occurredAt: now } })
    await recordAudit(
      { actor, action: 'update', entityType: 'EsignRequest', entityId: requestId, eventType: 'esign_request.link_revoked', details: { signerId: signer.id } },
      tx,
    )
    return signer
  })
}

/**
 * Staff send a signer a new link: a fresh token (the old one, revoked or
 * not, stops working) e-mailed to them through the outbox.
 */
export async function sendNewSigningLink(requestId: string, signerId: string, actor: Actor, origin: string, now = new Date()) {
  return prisma.$transaction(async (tx) => {
    const signer = await currentSigner(tx, requestId, signerId, now)
    const token = crypto.randomBytes(32).toString('base64url')
    const updated = await tx.esignSigner.update({
      where: { id: signer.id },
      data: { tokenHash: hashSigningToken(token), tokenEncrypted: encrypt(token), linkRevokedAt: null },
    })
    const email = invitationFor(signer.request, signer, signingLink(updated, origin), await agencySenderValues(origin, tx), false)
    await queueEmail(
      { dedupeKey: `signing-invite:${signer.id}:${now.getTime()}`, toEmail: signer.email, toName: signer.name, ...email, entityType: 'EsignRequest', entityId: requestId },
      tx,
    )
    await tx.esignRequestEvent.create({
      data: { requestId, signerId: signer.id, type: 'link_reissued', detail: `New link e-mailed to ${signer.email}`, occurredAt: now },
    })
    await recordAudit(
      { actor, action: 'update', entityType: 'EsignRequest', entityId: requestId, eventType: 'esign_request.link_reissued', details: { signerId: signer.id } },
      tx,
    )
    return signer
  })
}
