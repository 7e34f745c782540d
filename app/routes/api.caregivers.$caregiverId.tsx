import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import {
  caregiverToJson,
  deleteCaregiver,
  getCaregiver,
  recordCaregiverView,
  setCaregiverStates,
  updateCaregiver,
  type CaregiverStateChange,
} from '~/features/caregivers/caregivers.server'
import { BACKGROUND_CHECK_STATUSES, CAREGIVER_STATUSES, caregiverApiSchema } from '~/features/caregivers/schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

const NOT_FOUND = 'Caregiver not found'

/** PATCH moves status and background check only, both or neither (each change audited). */
const stateChangeSchema = z
  .object({
    status: z.enum(CAREGIVER_STATUSES, { error: `Status must be one of: ${CAREGIVER_STATUSES.join(', ')}` }).optional(),
    backgroundCheckStatus: z
      .enum(BACKGROUND_CHECK_STATUSES, { error: `Background check status must be one of: ${BACKGROUND_CHECK_STATUSES.join(', ')}` })
      .optional(),
  })
  .refine((body) => body.status !== undefined || body.backgroundCheckStatus !== undefined, {
    message: 'Give status or backgroundCheckStatus',
  })

export const loader = apiRoute('caregiver', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const caregiver = await getCaregiver(params.caregiverId ?? '')
  if (!caregiver) throw apiError(404, NOT_FOUND)
  await recordCaregiverView(caregiver.id, userActor(request, user))
  return json(caregiverToJson(caregiver))
})

/**
 * PUT /api/caregivers/{id}: the application's fields (status,
 * backgroundCheckStatus and applicationProgress are ignored; an expiry date
 * whose key is absent stays as stored, null clears it);
 * PATCH: { status?, backgroundCheckStatus? }; DELETE removes it and its files.
 */
export const action = apiRoute('caregiver', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.caregiverId ?? ''
  if (request.method === 'DELETE') {
    await deleteCaregiver(id, actor)
    return json({ success: true, id })
  }
  if (request.method === 'PATCH') {
    const body = await parseJsonBody(request, stateChangeSchema, 'caregiver state')
    const changes: CaregiverStateChange[] = []
    if (body.status) changes.push({ field: 'status', to: body.status })
    if (body.backgroundCheckStatus) changes.push({ field: 'backgroundCheckStatus', to: body.backgroundCheckStatus })
    // One transaction: a failure part-way leaves both as they were.
    await setCaregiverStates(id, changes, actor)
  } else if (request.method === 'PUT') {
    await updateCaregiver(id, await parseJsonBody(request, caregiverApiSchema, 'caregiver'), [], actor)
  } else {
    return methodNotAllowed(['GET', 'PUT', 'PATCH', 'DELETE'])
  }
  const saved = await getCaregiver(id)
  if (!saved) throw apiError(404, NOT_FOUND)
  return json(caregiverToJson(saved))
})
