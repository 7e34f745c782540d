import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { NotFoundError } from '~/platform/errors'
import { isUuid } from '~/lib/ids'
import type { MILESTONE_TRIGGERS, MilestoneType } from '~/features/workflows/options'

/**
 * A coordinator's word that something the portal cannot see has happened
 * (a caregiver finished training, a patient's intake call took place): an
 * audit entry on the record and the domain event the workflows start from.
 */
export async function recordMilestone<T extends MilestoneType>(
  type: T,
  id: string,
  milestone: (typeof MILESTONE_TRIGGERS)[T][number],
  actor: Actor,
) {
  const entityType = type === 'patient' ? 'Patient' : 'Caregiver'
  if (!isUuid(id)) throw new NotFoundError(entityType)
  await prisma.$transaction(async (tx) => {
    const exists =
      type === 'patient'
        ? await tx.patient.findUnique({ where: { id }, select: { id: true } })
        : await tx.caregiver.findUnique({ where: { id }, select: { id: true } })
    if (!exists) throw new NotFoundError(entityType)
    await recordAudit(
      { actor, action: 'update', entityType, entityId: id, eventType: `${type}.milestone_recorded`, details: { milestone } },
      tx,
    )
  })
}
