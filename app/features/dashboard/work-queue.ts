/**
 * The work queue's rules as data: what a task is, how urgent each kind is,
 * and the order the list shows. Isomorphic (no database), so the page and
 * the tests read the same constants. The queries behind each rule are in
 * work-queue.server.ts; docs/dashboard.md says the rules in words.
 */
import { formatCount } from '~/lib/misc'

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const
export type TaskPriority = (typeof TASK_PRIORITIES)[number]

export const TASK_KINDS = [
  'lead-not-contacted',
  'task-due',
  'registration-review',
  'application-review',
  'background-check',
  'credential-expiry',
  'signature-waiting',
  'appointment-unconfirmed',
  'job-failed',
] as const
export type TaskKind = (typeof TASK_KINDS)[number]

export type WorkQueueTask = {
  /** Stable per record and rule: `${kind}:${record id}`. */
  id: string
  kind: TaskKind
  /** What to do, e.g. 'Contact new lead Ada Lovelace'. */
  task: string
  priority: TaskPriority
  /** Who the record names as responsible, or 'Unassigned'. */
  assignee: string
  /** ISO instant the task fell (or falls) due. */
  dueDate: string
  /** The page where the task is handled. */
  href: string
  /** The user's own task (assigned to their name, e-mail or id). */
  mine: boolean
}

/** A new lead is due for a first contact this long after it arrived. */
export const LEAD_CONTACT_WITHIN_MS = 24 * 60 * 60 * 1000
/** A signature request sent this long ago and still unsigned needs a reminder. */
export const SIGNATURE_WAIT_MS = 3 * 24 * 60 * 60 * 1000
/** Licences and certifications expiring within this many days are listed. */
export const CREDENTIAL_WARNING_DAYS = 30
/** The most tasks the dashboard lists; the rest are counted, and 'Show all' lists up to WORK_QUEUE_COUNT_CAP. */
export const WORK_QUEUE_LIMIT = 10
/** Each rule counts its tasks up to this many; past it the total shows as "100+". */
export const WORK_QUEUE_COUNT_CAP = 100

export const UNASSIGNED = 'Unassigned'

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 }

/**
 * The user's own tasks first, then the most urgent; among equals today's
 * unconfirmed appointments (the visit is today: it cannot wait behind a
 * backlog), then the longest overdue.
 */
export function compareTasks(a: WorkQueueTask, b: WorkQueueTask) {
  if (a.mine !== b.mine) return a.mine ? -1 : 1
  const byPriority = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]
  if (byPriority !== 0) return byPriority
  const [aToday, bToday] = [a.kind === 'appointment-unconfirmed', b.kind === 'appointment-unconfirmed']
  if (aToday !== bToday) return aToday ? -1 : 1
  return a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id < b.id ? -1 : 1
}

/** Whether `assignee` (free text, a user's id) names this user. */
export function isAssignedTo(assignee: string | null | undefined, user: { id: string; name: string; email: string }) {
  if (!assignee) return false
  const value = assignee.trim().toLowerCase()
  return value === user.id.toLowerCase() || value === user.name.trim().toLowerCase() || value === user.email.toLowerCase()
}

/** '1 task', '12 tasks', '1,000+ tasks' (a lower bound). */
export function taskCountLabel(count: number, atLeast = false) {
  return `${formatCount(count)}${atLeast ? '+' : ''} ${count === 1 && !atLeast ? 'task' : 'tasks'}`
}
