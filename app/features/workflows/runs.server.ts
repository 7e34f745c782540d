import { Prisma } from '~/generated/prisma/client'
import { renderEmailTemplate } from '~/features/email-templates/render.server'
import { queueEmail } from '~/features/email/outbox.server'
import { agencySenderValues, publicOrigin } from '~/features/email/sender.server'
import { usesPlaceholder } from '~/features/email-templates/placeholders'
import type { LeadForEmail } from '~/features/online-forms/intake-email.server'
import { LEAD_FOR_EMAIL, createFormLink, findFormToLink } from '~/features/online-forms/submissions.server'
import { getEnv } from '~/platform/env.server'
import { type Actor, systemActor } from '~/platform/actor'
import { recordAudit, recordListView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { jsonDate, type ReadPart } from '~/platform/db/read-together.server'
import type { DomainEvent, EventSubscriber } from '~/platform/events.server'
import { enqueueJobs } from '~/platform/jobs.server'
import { isUuid } from '~/lib/ids'
import { dateIn, zonedDayStart } from '~/lib/time'
import { RUN_OUTCOMES, type RunStatus, WORKFLOW_TYPES, type WorkflowType, emailQueuedOutcome } from '~/features/workflows/options'
import { WORKFLOW_EVENT_TYPES, triggersForEvent } from '~/features/workflows/triggers'
import { triggerLabel } from '~/features/workflows/labels'
import type { AutomationHistoryRun } from '~/features/workflows/automation-history'

export const WORKFLOW_RUN_JOB = 'workflow.run'
const HOUR_MS = 60 * 60 * 1000

export function runDedupeKey(runId: string) {
  return `workflow-run:${runId}`
}

/** The appointment behind an appointment event (its type and patient decide the trigger). */
async function appointmentOf(event: Pick<DomainEvent, 'type' | 'entityId'>) {
  if (!event.type.startsWith('appointment.') || !isUuid(event.entityId)) return null
  return prisma.appointment.findUnique({ where: { id: event.entityId }, select: { appointmentType: true, patientId: true } })
}

/**
 * Turns one domain event into runs: one per active stage of the matching
 * workflow whose trigger it raises, due delayHours after the event, and a
 * job per run. Seeing the same event twice changes nothing: the runs are
 * unique per (stage, event) and the jobs per run.
 */
export async function startWorkflowRuns(event: DomainEvent) {
  const match = triggersForEvent(event, await appointmentOf(event))
  if (!match) return []
  return prisma.$transaction(async (tx) => {
    const stages = await tx.workflowStage.findMany({
      where: { type: match.workflowType, isActive: true, trigger: { in: match.triggers } },
      select: { id: true, name: true, delayHours: true, trigger: true },
    })
    if (!stages.length) return []
    await tx.workflowRun.createMany({
      data: stages.map((stage) => ({
        stageId: stage.id,
        stageName: stage.name,
        workflowType: match.workflowType,
        trigger: stage.trigger,
        eventId: event.id,
        entityType: match.entityType,
        entityId: match.entityId,
        scheduledFor: new Date(event.occurredAt.getTime() + stage.delayHours * HOUR_MS),
      })),
      skipDuplicates: true,
    })
    const runs = await tx.workflowRun.findMany({
      where: { eventId: event.id, stageId: { in: stages.map((stage) => stage.id) }, status: 'pending' },
      select: { id: true, scheduledFor: true },
    })
    await enqueueJobs(
      runs.map((run) => ({ type: WORKFLOW_RUN_JOB, payload: { runId: run.id }, runAt: run.scheduledFor, dedupeKey: runDedupeKey(run.id) })),
      tx,
    )
    return runs
  })
}

export const workflowSubscriber: EventSubscriber = {
  name: 'workflows',
  events: WORKFLOW_EVENT_TYPES,
  handle: async (event) => {
    await startWorkflowRuns(event)
  },
}

type Recipient = { email: string | null; firstName: string; lastName: string; ghlContactId?: string | null; lead?: LeadForEmail }

async function recipientOf(entityType: string, entityId: string, tx: Prisma.TransactionClient): Promise<Recipient | null> {
  if (!isUuid(entityId)) return null
  if (entityType === 'Lead') {
    const lead = await tx.lead.findUnique({ where: { id: entityId }, select: LEAD_FOR_EMAIL })
    return lead && { ...lead, lead }
  }
  if (entityType === 'Patient') return tx.patient.findUnique({ where: { id: entityId }, select: { email: true, firstName: true, lastName: true } })
  if (entityType === 'Caregiver') {
    const caregiver = await tx.caregiver.findUnique({ where: { id: entityId }, select: { email: true, fullName: true } })
    if (!caregiver) return null
    const [firstName = '', ...rest] = caregiver.fullName.trim().split(/\s+/)
    return { email: caregiver.email, firstName, lastName: rest.join(' ') }
  }
  return null
}

const WORKFLOW_ACTOR = systemActor('workflows')

/** Ends the run, audited (workflow_run.completed or .skipped) in the run's transaction. */
async function finishRun(
  tx: Prisma.TransactionClient,
  run: { id: string; stageId: string | null; entityType: string; entityId: string },
  status: RunStatus,
  outcome: string,
  outboundEmailId?: string,
) {
  await tx.workflowRun.update({ where: { id: run.id }, data: { status, outcome, ranAt: new Date(), outboundEmailId: outboundEmailId ?? null } })
  await recordAudit(
    {
      actor: WORKFLOW_ACTOR,
      action: 'update',
      entityType: 'WorkflowRun',
      entityId: run.id,
      eventType: `workflow_run.${status}`,
      details: { stageId: run.stageId, entityType: run.entityType, entityId: run.entityId, status, outboundEmailId: outboundEmailId ?? null },
    },
    tx,
  )
}

/**
 * Runs one stage for one record, once: the run is locked and only a pending
 * one is run, and the e-mail is queued in the transaction that completes it,
 * under the run's dedupe key. The stage is read again, so one switched off
 * or deleted since the trigger sends nothing.
 */
export async function runWorkflowRun(runId: string) {
  if (!isUuid(runId)) return
  await prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT "id"::text AS "id" FROM "WorkflowRun" WHERE "id" = ${runId}::uuid AND "status" = 'pending' FOR UPDATE`
    if (!locked.length) return
    const run = await tx.workflowRun.findUniqueOrThrow({ where: { id: runId } })
    const stage = run.stageId
      ? await tx.workflowStage.findUnique({
          where: { id: run.stageId },
          select: { isActive: true, emailTemplate: { select: { id: true, subject: true, htmlContent: true, isActive: true, formType: true } } },
        })
      : null
    if (!stage) return finishRun(tx, run, 'skipped', RUN_OUTCOMES.deleted)
    if (!stage.isActive) return finishRun(tx, run, 'skipped', RUN_OUTCOMES.switchedOff)
    const template = stage.emailTemplate
    if (!template) return finishRun(tx, run, 'completed', RUN_OUTCOMES.noTemplate)
    if (!template.isActive) return finishRun(tx, run, 'skipped', RUN_OUTCOMES.templateOff)
    const recipient = await recipientOf(run.entityType, run.entityId, tx)
    if (!recipient) return finishRun(tx, run, 'skipped', RUN_OUTCOMES.noRecord)
    const toEmail = recipient.email?.trim()
    if (!toEmail) return finishRun(tx, run, 'skipped', RUN_OUTCOMES.noEmail)
    const origin = publicOrigin()
    if (usesPlaceholder(template, 'intakeFormUrl')) {
      // The link is personal: a form submission of its own, whose e-mail this is.
      if (!recipient.lead) return finishRun(tx, run, 'skipped', RUN_OUTCOMES.formLinkNeedsLead)
      const form = await findFormToLink(template.formType, tx)
      if (!form) return finishRun(tx, run, 'skipped', RUN_OUTCOMES.noFormToLink)
      const sent = await createFormLink({ lead: recipient.lead, form, origin, actor: WORKFLOW_ACTOR, template }, tx)
      return finishRun(tx, run, 'completed', emailQueuedOutcome(toEmail), sent.outboundEmailId ?? undefined)
    }
    const rendered = renderEmailTemplate(template, {
      firstName: recipient.firstName,
      lastName: recipient.lastName,
      ...(await agencySenderValues(origin, tx)),
    })
    const email = await queueEmail(
      {
        dedupeKey: runDedupeKey(run.id),
        toEmail,
        toName: `${recipient.firstName} ${recipient.lastName}`.trim() || null,
        ...rendered,
        entityType: run.entityType,
        entityId: run.entityId,
        ghlContactId: recipient.ghlContactId ?? null,
        templateId: template.id,
      },
      tx,
    )
    await finishRun(tx, run, 'completed', emailQueuedOutcome(toEmail), email.id)
  })
}

export async function runWorkflowRunJob(payload: Prisma.JsonValue) {
  const runId = (payload as { runId?: unknown } | null)?.runId
  if (typeof runId === 'string') await runWorkflowRun(runId)
}

// ---------------------------------------------------------------------------
// Reading runs: a record's automation history, the API's list, the overview.

const runSelect = {
  id: true,
  stageId: true,
  stageName: true,
  workflowType: true,
  trigger: true,
  entityType: true,
  entityId: true,
  scheduledFor: true,
  ranAt: true,
  status: true,
  outcome: true,
  createdAt: true,
  outboundEmail: { select: { id: true, status: true, toEmail: true, lastError: true, sentAt: true, failedAt: true } },
} as const satisfies Prisma.WorkflowRunSelect

export type WorkflowRunRecord = Prisma.WorkflowRunGetPayload<{ select: typeof runSelect }>

export const RUN_LIST_LIMIT = 200

export async function listRuns(filter: { entityType?: string; entityId?: string; stageId?: string; status?: RunStatus } = {}) {
  return prisma.workflowRun.findMany({
    where: { entityType: filter.entityType, entityId: filter.entityId, stageId: filter.stageId, status: filter.status },
    orderBy: [{ scheduledFor: 'desc' }, { id: 'asc' }],
    take: RUN_LIST_LIMIT,
    select: runSelect,
  })
}

/**
 * The API's run list: each run names a record and where its e-mail went, so
 * the read is on the log, one entry per kind of record shown.
 */
export async function viewRuns(filter: Parameters<typeof listRuns>[0], actor: Actor) {
  const runs = await listRuns(filter)
  for (const entityType of new Set(runs.map((run) => run.entityType))) {
    const ids = [...new Set(runs.filter((run) => run.entityType === entityType).map((run) => run.entityId))]
    await recordListView({ actor, entityType, ids, details: { workflowRuns: true } })
  }
  return runs.map(runToJson)
}

const RUN_STATUS_LABELS: Record<string, string> = { pending: 'Pending', completed: 'Completed', skipped: 'Skipped', failed: 'Failed' }

/** The e-mail's delivery, in words, as the outbox knows it now. */
function emailWords(email: { status: string; lastError: string | null }) {
  if (email.status === 'failed') return `E-mail failed${email.lastError ? `: ${email.lastError}` : ''}`
  if (email.status === 'sent') return 'E-mail sent'
  if (email.status === 'sending') return 'E-mail sending'
  return 'E-mail queued'
}

/**
 * A record's automation history, newest first (its page's section), with
 * its words made here so the page ships no labels of its own: a part of the
 * page's one read (readTogether), in listRuns' order and limit.
 */
export function recordAutomationPart(entityType: 'Lead' | 'Patient' | 'Caregiver', entityId: string): ReadPart<AutomationHistoryRun[]> {
  return {
    rows: Prisma.sql`SELECT r.id, r."stageName", r.status, r.trigger, r."scheduledFor", r."ranAt", r.outcome,
        e.id AS "emailId", e.status AS "emailStatus", e."lastError" AS "emailError"
      FROM "WorkflowRun" r LEFT JOIN "OutboundEmail" e ON e.id = r."outboundEmailId"
      WHERE r."entityType" = ${entityType} AND r."entityId" = ${entityId}
      ORDER BY r."scheduledFor" DESC, r.id ASC LIMIT ${RUN_LIST_LIMIT}`,
    read: (rows) =>
      rows.map((row) => ({
        id: row.id as string,
        stageName: row.stageName as string,
        status: RUN_STATUS_LABELS[row.status as string] ?? (row.status as string),
        trigger: triggerLabel(row.trigger as string),
        scheduledFor: jsonDate(row.scheduledFor).toISOString(),
        ranAt: row.ranAt ? jsonDate(row.ranAt).toISOString() : null,
        outcome: row.outcome as string | null,
        email: row.emailId
          ? {
              text: emailWords({ status: row.emailStatus as string, lastError: row.emailError as string | null }),
              failed: row.emailStatus === 'failed',
            }
          : null,
      })),
  }
}

export function runToJson(run: WorkflowRunRecord) {
  return {
    id: run.id,
    stageId: run.stageId,
    stageName: run.stageName,
    workflowType: run.workflowType,
    trigger: run.trigger,
    entityType: run.entityType,
    entityId: run.entityId,
    scheduledFor: run.scheduledFor.toISOString(),
    ranAt: run.ranAt?.toISOString() ?? null,
    status: run.status,
    outcome: run.outcome,
    email: run.outboundEmail
      ? { id: run.outboundEmail.id, status: run.outboundEmail.status, toEmail: run.outboundEmail.toEmail, error: run.outboundEmail.lastError }
      : null,
  }
}
export type AutomationRun = ReturnType<typeof runToJson>

export type WorkflowOverview = {
  stages: { total: number; active: number }
  completedToday: number
  pending: number
  /** Mean hours from the trigger's event to the run's completion; null before any. */
  averageHoursToComplete: number | null
  /** Completed runs among the finished ones (completed, skipped, failed), per type; null before any. */
  completionRate: Record<WorkflowType, number | null>
  timeZone: string
}

/** The Workflows overview's figures, counted from the stages and runs. "Today" is the agency's day. */
export async function workflowOverview(now = new Date()): Promise<WorkflowOverview> {
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const dayStart = zonedDayStart(dateIn(now, timeZone), timeZone)
  const [total, active, completedToday, pending, average, byType] = await Promise.all([
    prisma.workflowStage.count(),
    prisma.workflowStage.count({ where: { isActive: true } }),
    prisma.workflowRun.count({ where: { status: 'completed', ranAt: { gte: dayStart } } }),
    prisma.workflowRun.count({ where: { status: 'pending' } }),
    prisma.$queryRaw<Array<{ hours: number | null }>>`
      SELECT AVG(EXTRACT(EPOCH FROM (r."ranAt" - e."occurredAt")) / 3600)::float8 AS "hours"
      FROM "WorkflowRun" r JOIN "DomainEvent" e ON e."id" = r."eventId"
      WHERE r."status" = 'completed' AND r."ranAt" IS NOT NULL`,
    prisma.workflowRun.groupBy({ by: ['workflowType', 'status'], where: { status: { not: 'pending' } }, _count: { _all: true } }),
  ])
  const completionRate = Object.fromEntries(
    WORKFLOW_TYPES.map((type) => {
      const rows = byType.filter((row) => row.workflowType === type)
      const finished = rows.reduce((sum, row) => sum + row._count._all, 0)
      const completed = rows.find((row) => row.status === 'completed')?._count._all ?? 0
      return [type, finished ? completed / finished : null]
    }),
  ) as Record<WorkflowType, number | null>
  const hours = average[0]?.hours
  return {
    stages: { total, active },
    completedToday,
    pending,
    averageHoursToComplete: hours === null || hours === undefined ? null : Number(hours),
    completionRate,
    timeZone,
  }
}
