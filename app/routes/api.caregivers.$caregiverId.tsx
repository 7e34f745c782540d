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
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { discardCaregiverFiles } from '~/features/caregivers/upload.server'
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const caregiver = await getCaregiver(params.caregiverId ?? '')
  if (!caregiver) throw apiError(404, NOT_FOUND)
  await recordCaregiverView(caregiver.id, userActor(request, user))
  return json(caregiverToJson(caregiver))
}

/**
 * PUT /api/caregivers/{id}: the application's fields (status,
 * backgroundCheckStatus and applicationProgress are ignored; an expiry date
 * whose key is absent stays as stored, null clears it);
 * PATCH: { status?, backgroundCheckStatus? }; DELETE removes it and its files.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const existing = await getCaregiver(params.caregiverId ?? '')
  if (request.method === 'DELETE') {
    const storageKeys = existing ? await deleteCaregiver(existing.id, actor) : null
    if (!existing || !storageKeys) throw apiError(404, NOT_FOUND)
    await discardCaregiverFiles(storageKeys.map((storageKey) => ({ storageKey })))
    return json({ success: true, id: existing.id })
  }
  if (request.method !== 'PUT' && request.method !== 'PATCH') return methodNotAllowed(['GET', 'PUT', 'PATCH', 'DELETE'])
  if (!existing) throw apiError(404, NOT_FOUND)
  if (request.method === 'PATCH') {
    const body = await parseJsonBody(request, stateChangeSchema, 'caregiver state')
    const changes: CaregiverStateChange[] = []
    if (body.status) changes.push({ field: 'status', to: body.status })
    if (body.backgroundCheckStatus) changes.push({ field: 'backgroundCheckStatus', to: body.backgroundCheckStatus })
    // One transaction: a failure part-way leaves both as they were.
    if (!(await setCaregiverStates(existing.id, changes, actor))) throw apiError(404, NOT_FOUND)
  } else {
    const input = await parseJsonBody(request, caregiverApiSchema, 'caregiver')
    if (!(await updateCaregiver(existing.id, input, [], actor))) throw apiError(404, NOT_FOUND)
  }
  const saved = await getCaregiver(existing.id)
  if (!saved) throw apiError(404, NOT_FOUND)
  return json(caregiverToJson(saved))
}
