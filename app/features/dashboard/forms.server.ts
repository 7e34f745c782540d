import { z } from 'zod'
import { WORK_QUEUE_COUNT_CAP, WORK_QUEUE_LIMIT } from '~/features/dashboard/work-queue'

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${WORK_QUEUE_COUNT_CAP}`

/** GET /api/work-queue?limit=: how many tasks to list, the dashboard's few by default. */
export const workQueueLimitSchema = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int({ message: LIMIT_MESSAGE })
  .min(1, { message: LIMIT_MESSAGE })
  .max(WORK_QUEUE_COUNT_CAP, { message: LIMIT_MESSAGE })
  .default(WORK_QUEUE_LIMIT)
