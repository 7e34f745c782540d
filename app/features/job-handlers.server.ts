import type { EventSubscriber } from '~/platform/events.server'
import type { JobHandlers } from '~/platform/jobs.server'
import type { RecurringJob } from '~/platform/worker.server'
import { DATABASE_MAINTENANCE_EVERY_MS, DATABASE_MAINTENANCE_JOB, maintainEmbeddedDatabase } from '~/platform/db-maintenance.server'
import { GHL_SYNC_JOB, runLeadSyncJob } from '~/features/leads/ghl-sync.server'
import {
  GHL_CONTACT_EVENT_JOB,
  GHL_FORM_SUBMISSION_JOB,
  runGhlContactEventJob,
  runGhlFormSubmissionJob,
} from '~/features/leads/ghl-webhooks.server'
import { ESIGN_SEND_JOB, runEsignSendJob } from '~/features/esign/requests.server'
import {
  ESIGN_FETCH_SIGNED_JOB,
  ESIGN_REFRESH_JOB,
  ESIGN_REMIND_JOB,
  ESIGN_REVOKE_JOB,
  ESIGN_SWEEP_EVERY_MS,
  ESIGN_SWEEP_JOB,
  runEsignFetchSignedJob,
  runEsignRefreshJob,
  runEsignRemindJob,
  runEsignRevokeJob,
  runEsignSweepJob,
} from '~/features/esign/tracking.server'
import { EMAIL_DELIVER_JOB } from '~/features/email/outbox.server'
import { runEmailDeliverJob } from '~/features/email/delivery.server'
import { intakeEmailFollower } from '~/features/online-forms/intake-email.server'
import { PORTAL_COMPLETE_JOB, runPortalCompleteJob } from '~/features/portal-signing/signing.server'
import { GHL_APPOINTMENT_PUSH_JOB, ghlAppointmentFollower, runGhlAppointmentPushJob } from '~/features/calendar-sync/appointment-push.server'
import { WORKFLOW_RUN_JOB, runWorkflowRunJob, workflowSubscriber } from '~/features/workflows/runs.server'

/** Every kind of background job and what runs it. */
export const jobHandlers: JobHandlers = {
  [GHL_SYNC_JOB]: runLeadSyncJob,
  [GHL_CONTACT_EVENT_JOB]: runGhlContactEventJob,
  [GHL_FORM_SUBMISSION_JOB]: runGhlFormSubmissionJob,
  [ESIGN_SEND_JOB]: runEsignSendJob,
  [ESIGN_REFRESH_JOB]: runEsignRefreshJob,
  [ESIGN_REMIND_JOB]: runEsignRemindJob,
  [ESIGN_REVOKE_JOB]: runEsignRevokeJob,
  [ESIGN_FETCH_SIGNED_JOB]: runEsignFetchSignedJob,
  [ESIGN_SWEEP_JOB]: () => runEsignSweepJob(),
  [GHL_APPOINTMENT_PUSH_JOB]: runGhlAppointmentPushJob,
  [EMAIL_DELIVER_JOB]: runEmailDeliverJob,
  [WORKFLOW_RUN_JOB]: runWorkflowRunJob,
  [PORTAL_COMPLETE_JOB]: runPortalCompleteJob,
  [DATABASE_MAINTENANCE_JOB]: async () => {
    await maintainEmbeddedDatabase()
  },
}

/** Sweeps the worker queues by itself, each on its own schedule. */
export const recurringJobs: RecurringJob[] = [
  { type: ESIGN_SWEEP_JOB, everyMs: ESIGN_SWEEP_EVERY_MS },
  { type: DATABASE_MAINTENANCE_JOB, everyMs: DATABASE_MAINTENANCE_EVERY_MS },
]

/**
 * Every subscriber to domain events (docs/adr/0009-domain-events-outbox.md).
 * An area that reacts to changes elsewhere registers here rather than being
 * called from a route. A subscriber is given the events recorded from the
 * time it is deployed on; earlier ones are already dispatched.
 */
export const eventSubscribers: EventSubscriber[] = [ghlAppointmentFollower, intakeEmailFollower, workflowSubscriber]
