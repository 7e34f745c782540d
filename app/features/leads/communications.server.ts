import type { Prisma } from '~/generated/prisma/client'
import { recordAudit, recordView } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { isUuid } from '~/lib/ids'
import type { CommunicationInput } from '~/features/leads/communication-schema'
import { changeExisting } from '~/platform/db-errors'
import { NotFoundError } from '~/platform/errors'
import { prisma } from '~/platform/db.server'

/** A lead's communications as its page and the API list them: newest first. */
export const LEAD_COMMUNICATIONS = { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } satisfies Prisma.Lead$communicationsArgs

export async function listCommunications(leadId: string) {
  return prisma.communication.findMany({ where: { leadId }, ...LEAD_COMMUNICATIONS })
}

export async function getCommunication(leadId: string, id: string) {
  if (!isUuid(leadId) || !isUuid(id)) return null
  return prisma.communication.findFirst({ where: { id, leadId } })
}

/** A communication opened in a dialog: on the trail as a view of its lead, whose record it is part of. */
export async function viewCommunication(leadId: string, id: string, actor: Actor) {
  const communication = await getCommunication(leadId, id)
  if (communication) {
    await recordView({ actor, entityType: 'Lead', entityId: communication.leadId, details: { communicationId: communication.id } })
  }
  return communication
}

function communicationData(input: CommunicationInput) {
  return {
    type: input.type,
    direction: input.direction,
    status: input.status,
    subject: input.subject ?? null,
    content: input.content ?? null,
    scheduledDate: input.scheduledDate ?? null,
    completedDate: input.completedDate ?? null,
  }
}

/** Logs a communication on a lead (NotFoundError when the lead is not there). */
export async function createCommunication(leadId: string, input: CommunicationInput, createdBy: string, actor: Actor) {
  return changeExisting('Lead', leadId, () =>
    prisma.$transaction(async (tx) => {
      await tx.lead.findUniqueOrThrow({ where: { id: leadId }, select: { id: true } })
      const communication = await tx.communication.create({
        data: { leadId, createdBy, ...communicationData(input) },
      })
      await recordAudit(
        { actor, action: 'create', entityType: 'Communication', entityId: communication.id, details: { leadId } },
        tx,
      )
      return communication
    }),
  )
}

/** A communication is changed through its lead: an id under another lead is not found. */
export async function updateCommunication(leadId: string, id: string, input: CommunicationInput, actor: Actor) {
  if (!isUuid(leadId)) throw new NotFoundError('Communication')
  return changeExisting('Communication', id, () =>
    prisma.$transaction(async (tx) => {
      await tx.communication.findFirstOrThrow({ where: { id, leadId }, select: { id: true } })
      const communication = await tx.communication.update({ where: { id }, data: communicationData(input) })
      await recordAudit({ actor, action: 'update', entityType: 'Communication', entityId: id, details: { leadId } }, tx)
      return communication
    }),
  )
}

export async function deleteCommunication(leadId: string, id: string, actor: Actor) {
  if (!isUuid(leadId)) throw new NotFoundError('Communication')
  await changeExisting('Communication', id, () =>
    prisma.$transaction(async (tx) => {
      const { count } = await tx.communication.deleteMany({ where: { id, leadId } })
      if (count === 0) throw new NotFoundError('Communication')
      await recordAudit({ actor, action: 'delete', entityType: 'Communication', entityId: id, details: { leadId } }, tx)
    }),
  )
}

type CommunicationRecord = NonNullable<Awaited<ReturnType<typeof getCommunication>>>

export function communicationToJson(communication: CommunicationRecord) {
  return {
    id: communication.id,
    leadId: communication.leadId,
    type: communication.type,
    direction: communication.direction,
    subject: communication.subject,
    content: communication.content,
    status: communication.status,
    scheduledDate: communication.scheduledDate,
    completedDate: communication.completedDate,
    createdBy: communication.createdBy,
    createdAt: communication.createdAt.toISOString(),
  }
}
