import type { Prisma } from '~/generated/prisma/client'
import { isUuid } from '~/lib/ids'
import type { Actor } from '~/platform/actor'
import { listViewQuery, recordAudit, recordListView, recordView } from '~/platform/audit.server'
import type { LeadInput, LeadListQuery, LeadSort } from '~/features/leads/schema'
import { changeExisting } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import { countRows } from '~/platform/row-counts.server'
import { searchColumns, textSearchWhere } from '~/lib/search'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'

export const leadListSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  source: true,
  status: true,
  createdAt: true,
} as const

function leadSearchColumns(input: Pick<LeadInput, 'firstName' | 'lastName' | 'email' | 'phone'>) {
  return searchColumns([input.firstName, input.lastName, input.email], input.phone)
}

export function leadSearchWhere(q: string): Prisma.LeadWhereInput | undefined {
  return textSearchWhere(q)
}

type ListQuery = Pick<LeadListQuery, 'q' | 'status' | 'source' | 'page' | 'pageSize'> & { sort?: LeadSort }

/** Each order ends with the id, so rows that tie keep their place from page to page. */
const LEAD_ORDER: Record<LeadSort, Prisma.LeadOrderByWithRelationInput[]> = {
  '-created': NEWEST_FIRST,
  created: [{ createdAt: 'asc' }, { id: 'asc' }],
  name: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  '-name': [{ lastName: 'desc' }, { firstName: 'desc' }, { id: 'desc' }],
  status: [{ status: 'asc' }, ...NEWEST_FIRST],
  '-status': [{ status: 'desc' }, ...NEWEST_FIRST],
}

function leadListWhere(query: ListQuery): Prisma.LeadWhereInput {
  return {
    AND: [
      leadSearchWhere(query.q) ?? {},
      query.status ? { status: query.status } : {},
      query.source ? { source: query.source } : {},
    ],
  }
}

/** A list or search shows leads: the trail keeps which ones, and for what search. */
async function recordLeadListView(leads: Array<{ id: string }>, query: ListQuery, actor: Actor) {
  const { q, status, source, page } = query
  await recordListView({ actor, entityType: 'Lead', ids: leads.map((lead) => lead.id), details: listViewQuery({ q, status, source, page }) })
}

export async function listLeads(query: ListQuery, actor: Actor) {
  const where = leadListWhere(query)
  const { rows, total, page } = await paginate(
    {
      count: () => countRows('Lead', where, (where) => prisma.lead.count({ where })),
      findMany: (window) => prisma.lead.findMany({ where, select: leadListSelect, orderBy: LEAD_ORDER[query.sort ?? '-created'], ...window }),
    },
    { page: query.page, pageSize: query.pageSize, pastTheEnd: 'last-page' },
  )
  await recordLeadListView(rows, { ...query, page }, actor)
  return { total, page, leads: rows }
}

export async function getLead(id: string) {
  if (!isUuid(id)) return null
  return prisma.lead.findUnique({ where: { id } })
}

/**
 * A lead opened by a person or an API caller, on the trail: its page, its
 * dialogs, its communications (which are part of the lead's record).
 */
export async function viewLead(id: string, actor: Actor) {
  const lead = await getLead(id)
  if (lead) await recordView({ actor, entityType: 'Lead', entityId: lead.id })
  return lead
}

function leadData(input: LeadInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    status: input.status,
    source: input.source ?? null,
    assignedTo: input.assignedTo ?? null,
    notes: input.notes ?? null,
    ...leadSearchColumns(input),
  }
}

export async function createLead(input: LeadInput, actor: Actor) {
  return prisma.$transaction(async (tx) => {
    const lead = await tx.lead.create({ data: leadData(input) })
    await recordAudit({ actor, action: 'create', entityType: 'Lead', entityId: lead.id }, tx)
    return lead
  })
}

export async function updateLead(id: string, input: LeadInput, actor: Actor) {
  return changeExisting('Lead', id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.lead.findUniqueOrThrow({ where: { id } })
      const lead = await tx.lead.update({ where: { id }, data: leadData(input) })
      const changed = (Object.keys(input) as Array<keyof LeadInput>).filter(
        (key) => (before[key] ?? null) !== (lead[key] ?? null),
      )
      // The new status rides along so subscribers (workflows) know where the lead moved.
      const statusMove = before.status !== lead.status ? { from: before.status, to: lead.status } : {}
      await recordAudit({ actor, action: 'update', entityType: 'Lead', entityId: id, details: { changed, ...statusMove } }, tx)
      return lead
    }),
  )
}

/**
 * What deleting the lead takes with it: its communications (deleted by
 * cascade) and the patient registered from it (kept, but unlinked).
 */
export async function leadDeletionImpact(id: string) {
  if (!isUuid(id)) return { communications: 0, patient: null }
  const [communications, patient] = await Promise.all([
    prisma.communication.count({ where: { leadId: id } }),
    prisma.patient.findUnique({ where: { leadId: id }, select: { id: true, firstName: true, lastName: true } }),
  ])
  return { communications, patient }
}

/** The gentler alternative to deleting: the lead and its history stay, as lost. Null when it was lost already. */
export async function markLeadLost(id: string, actor: Actor) {
  return changeExisting('Lead', id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.lead.findUniqueOrThrow({ where: { id }, select: { status: true } })
      if (before.status === 'lost') return null
      const lead = await tx.lead.update({ where: { id }, data: { status: 'lost' } })
      await recordAudit(
        { actor, action: 'update', entityType: 'Lead', entityId: id, details: { changed: ['status'], from: before.status, to: 'lost' } },
        tx,
      )
      return lead
    }),
  )
}

/** Removes the lead and (by cascade) its communications; a patient registered from it loses the link. */
export async function deleteLead(id: string, actor: Actor) {
  await changeExisting('Lead', id, () =>
    prisma.$transaction(async (tx) => {
      const deleted = await tx.lead.delete({ where: { id }, select: { firstName: true, lastName: true } })
      // The record is gone, so the entry keeps what it was called.
      await recordAudit({ actor, action: 'delete', entityType: 'Lead', entityId: id, details: { name: `${deleted.firstName} ${deleted.lastName}` } }, tx)
    }),
  )
}

export async function setLeadSyncState(
  id: string,
  state: { ghlSyncStatus: string; ghlSyncError?: string | null; ghlContactId?: string; ghlSyncedAt?: Date },
) {
  await prisma.lead.updateMany({ where: { id }, data: { ghlSyncError: null, ...state } })
}

type LeadRecord = NonNullable<Awaited<ReturnType<typeof getLead>>>

/** The JSON API's view of a lead (no internal search columns). */
export function leadToJson(lead: LeadRecord) {
  return {
    id: lead.id,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    city: lead.city,
    state: lead.state,
    zipCode: lead.zipCode,
    status: lead.status,
    source: lead.source,
    assignedTo: lead.assignedTo,
    notes: lead.notes,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    ghl: {
      status: lead.ghlSyncStatus,
      contactId: lead.ghlContactId,
      error: lead.ghlSyncError,
      syncedAt: lead.ghlSyncedAt?.toISOString() ?? null,
    },
  }
}

/** The API lists whole leads. */
export async function listLeadsForApi(query: ListQuery, actor: Actor) {
  const where = leadListWhere(query)
  const { rows, total } = await paginate(
    {
      count: () => countRows('Lead', where, (where) => prisma.lead.count({ where })),
      findMany: (window) => prisma.lead.findMany({ where, orderBy: LEAD_ORDER[query.sort ?? '-created'], ...window }),
    },
    query,
  )
  await recordLeadListView(rows, query, actor)
  return { total, leads: rows.map(leadToJson) }
}
