import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { changeExisting } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import { RuleViolationError } from '~/platform/errors'
import { isUuid } from '~/lib/ids'
import { type WorkflowType, defaultStageOrder } from '~/features/workflows/options'
import type { StageInput } from '~/features/workflows/schema'

const ENTITY_TYPE = 'WorkflowStage'
const NOUN = 'Workflow stage'

const stageSelect = {
  id: true,
  type: true,
  name: true,
  description: true,
  order: true,
  isActive: true,
  emailTemplateId: true,
  delayHours: true,
  trigger: true,
  createdAt: true,
  updatedAt: true,
  emailTemplate: { select: { name: true } },
} as const satisfies Prisma.WorkflowStageSelect

export type WorkflowStageRecord = Prisma.WorkflowStageGetPayload<{ select: typeof stageSelect }>

/** In order within each type (lead, patient, caregiver), then by creation. */
export async function listStages({ type }: { type?: WorkflowType } = {}) {
  return prisma.workflowStage.findMany({
    where: type ? { type } : undefined,
    orderBy: [{ type: 'asc' }, { order: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: stageSelect,
  })
}

export async function getStage(id: string) {
  if (!isUuid(id)) return null
  return prisma.workflowStage.findUnique({ where: { id }, select: stageSelect })
}

/** The order a new stage of this type gets when none is given: after the others. */
export async function nextStageOrder(type: WorkflowType, db: Prisma.TransactionClient = prisma) {
  return defaultStageOrder(await db.workflowStage.count({ where: { type } }))
}

/** The templates a stage may send (the select's options), active ones first. */
export async function listTemplateChoices() {
  return prisma.emailTemplate.findMany({
    select: { id: true, name: true, isActive: true },
    orderBy: [{ isActive: 'desc' }, { name: 'asc' }],
  })
}

async function checkTemplate(emailTemplateId: string | undefined, db: Prisma.TransactionClient) {
  if (!emailTemplateId) return
  const found = await db.emailTemplate.findUnique({ where: { id: emailTemplateId }, select: { id: true } })
  if (!found) throw new RuleViolationError('That e-mail template no longer exists', 'emailTemplateId')
}

function stageData(input: StageInput, order: number) {
  return {
    type: input.type,
    name: input.name,
    description: input.description ?? null,
    order,
    isActive: input.isActive,
    emailTemplateId: input.emailTemplateId ?? null,
    delayHours: input.delayHours,
    trigger: input.trigger,
  }
}

export async function createStage(input: StageInput, actor: Actor) {
  return prisma.$transaction(async (tx) => {
    await checkTemplate(input.emailTemplateId, tx)
    const order = input.order ?? (await nextStageOrder(input.type, tx))
    const stage = await tx.workflowStage.create({ data: stageData(input, order), select: stageSelect })
    await recordAudit(
      { actor, action: 'create', entityType: ENTITY_TYPE, entityId: stage.id, details: { type: stage.type, name: stage.name, trigger: stage.trigger } },
      tx,
    )
    return stage
  })
}

export async function updateStage(id: string, input: StageInput, actor: Actor) {
  return changeExisting(NOUN, id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.workflowStage.findUniqueOrThrow({ where: { id } })
      await checkTemplate(input.emailTemplateId, tx)
      const data = stageData(input, input.order ?? before.order)
      const stage = await tx.workflowStage.update({ where: { id }, data, select: stageSelect })
      const changed = (Object.keys(data) as Array<keyof typeof data>).filter((key) => before[key] !== stage[key])
      await recordAudit({ actor, action: 'update', entityType: ENTITY_TYPE, entityId: id, details: { changed } }, tx)
      return stage
    }),
  )
}

/** The active toggle: only isActive changes. */
export async function setStageActive(id: string, isActive: boolean, actor: Actor) {
  return changeExisting(NOUN, id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.workflowStage.findUniqueOrThrow({ where: { id }, select: { isActive: true } })
      const stage = await tx.workflowStage.update({ where: { id }, data: { isActive }, select: stageSelect })
      if (before.isActive !== isActive) {
        await recordAudit(
          { actor, action: 'update', entityType: ENTITY_TYPE, entityId: id, details: { changed: ['isActive'], from: before.isActive, to: isActive } },
          tx,
        )
      }
      return stage
    }),
  )
}

/** Its pending runs stay and are skipped when due (the run job finds the stage gone); past runs keep its name. */
export async function deleteStage(id: string, actor: Actor) {
  await changeExisting(NOUN, id, () =>
    prisma.$transaction(async (tx) => {
      const deleted = await tx.workflowStage.delete({ where: { id }, select: { type: true, name: true, trigger: true } })
      await recordAudit({ actor, action: 'delete', entityType: ENTITY_TYPE, entityId: id, details: deleted }, tx)
    }),
  )
}

/** The JSON API's view of a stage; `conditions.trigger` as the product's clients read it. */
export function stageToJson(stage: WorkflowStageRecord) {
  return {
    id: stage.id,
    type: stage.type,
    name: stage.name,
    description: stage.description,
    order: stage.order,
    isActive: stage.isActive,
    emailTemplateId: stage.emailTemplateId,
    emailTemplateName: stage.emailTemplate?.name ?? null,
    delayHours: stage.delayHours,
    trigger: stage.trigger,
    conditions: { trigger: stage.trigger },
    createdAt: stage.createdAt.toISOString(),
    updatedAt: stage.updatedAt.toISOString(),
  }
}
