import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { parseWithZod } from '~/lib/form-input'
import { validateWithRules } from '~/lib/form-rules'
import { formRules } from '~/lib/form-rules.server'
import {
  LEAD_STATUS_TRIGGERS,
  STAGE_TOASTS,
  WORKFLOW_TRIGGERS,
  defaultStageOrder,
  formatDelay,
  triggerLabel,
} from '~/features/workflows/options'
import { milestoneSchema, stageApiError, stageApiSchema, stageFormSchema } from '~/features/workflows/schema'
import { triggersForEvent } from '~/features/workflows/triggers'

const TEMPLATE_ID = '11111111-1111-4111-8111-111111111111'
const ID = '22222222-2222-4222-8222-222222222222'

describe('delay display', () => {
  test.each([
    [0, 'Immediate'],
    [1, '1 hour'],
    [2, '2 hours'],
    [23, '23 hours'],
    [24, '1 day'],
    [48, '2 days'],
    [30, '1 day 6 hours'],
    [72, '3 days'],
    [168, '1 week'],
    [336, '2 weeks'],
    [170, '7 days 2 hours'],
  ])('%i hours is %s', (hours, words) => {
    expect(formatDelay(hours)).toBe(words)
  })
})

test('a new stage goes after the existing ones', () => {
  expect(defaultStageOrder(0)).toBe(1)
  expect(defaultStageOrder(4)).toBe(5)
})

test('the toasts are the spec texts', () => {
  expect(STAGE_TOASTS).toEqual({
    created: 'Workflow stage created successfully',
    updated: 'Workflow stage updated successfully',
    deleted: 'Workflow stage deleted successfully',
    createFailed: 'Failed to create workflow stage',
    updateFailed: 'Failed to update workflow stage',
    deleteFailed: 'Failed to delete workflow stage',
  })
})

describe('stage schemas', () => {
  const base = { type: 'patient', name: 'Welcome', trigger: 'patient_created' }
  const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

  test('name required, order at least 1, delay 0 or greater: in the spec words', () => {
    expect(messages(stageFormSchema.safeParse({ ...base, name: '  ' }))).toEqual({ name: 'Stage name is required' })
    expect(messages(stageFormSchema.safeParse({ ...base, order: '0' }))).toEqual({ order: 'Order must be at least 1' })
    expect(messages(stageFormSchema.safeParse({ ...base, delayHours: '-1' }))).toEqual({ delayHours: 'Delay must be 0 or greater' })
    expect(stageApiError(stageApiSchema.safeParse({ ...base, name: '' }).error!).error).toBe('Stage name is required')
  })

  test('defaults: delay 0, active (API) / unchecked (form), order left to the service; "none" means no template', () => {
    expect(stageApiSchema.parse({ ...base, emailTemplateId: 'none' })).toEqual({ ...base, delayHours: 0, isActive: true, emailTemplateId: undefined, order: undefined, description: undefined })
    expect(stageFormSchema.parse({ ...base, delayHours: '', order: '' })).toMatchObject({ delayHours: 0, isActive: false, order: undefined })
    expect(stageFormSchema.parse({ ...base, emailTemplateId: TEMPLATE_ID, isActive: 'on' })).toMatchObject({ emailTemplateId: TEMPLATE_ID, isActive: true })
  })

  test('an order that is not a number falls back to 1', () => {
    expect(stageApiSchema.parse({ ...base, order: 'abc' }).order).toBe(1)
    expect(stageFormSchema.parse({ ...base, order: 'x' }).order).toBe(1)
  })

  test('the trigger must be one of the workflow type; conditions.trigger is accepted', () => {
    expect(messages(stageApiSchema.safeParse({ ...base, trigger: 'caregiver_created' }))).toEqual({ trigger: 'Choose a trigger of this workflow' })
    expect(stageApiSchema.parse({ type: 'caregiver', name: 'x', conditions: { trigger: 'verification_passed' } }).trigger).toBe('verification_passed')
  })

  test('milestones are those the portal cannot observe, per type', () => {
    expect(milestoneSchema('caregiver').safeParse({ milestone: 'training_completed' }).success).toBe(true)
    expect(milestoneSchema('caregiver').safeParse({ milestone: 'caregiver_created' }).success).toBe(false)
    expect(milestoneSchema('patient').safeParse({ milestone: 'welcome_acknowledged' }).success).toBe(false)
  })
})

describe('triggers', () => {
  test('the sequences of the spec, and a trigger per lead status a lead moves into', () => {
    expect(WORKFLOW_TRIGGERS.patient).toEqual(['patient_created', 'registration_confirmed', 'intake_completed', 'assessment_completed'])
    expect(WORKFLOW_TRIGGERS.caregiver).toEqual([
      'caregiver_created',
      'welcome_acknowledged',
      'documents_submitted',
      'verification_passed',
      'training_completed',
      'assignment_active',
    ])
    expect(LEAD_STATUS_TRIGGERS).toEqual(['lead_status_contacted', 'lead_status_qualified', 'lead_status_converted', 'lead_status_lost'])
    expect(triggerLabel('lead_status_lost')).toBe('Lead status: Lost')
    expect(triggerLabel('verification_passed')).toBe('Verification passed')
  })

  const event = (type: string, payload: unknown = null) => ({ type, entityId: ID, payload })
  test.each([
    ['lead.created', null, 'lead', ['lead_created']],
    ['lead.updated', { changed: ['status'], from: 'new', to: 'qualified' }, 'lead', ['lead_status_qualified']],
    ['patient.created', null, 'patient', ['patient_created']],
    ['patient.updated', { field: 'registrationStatus', from: 'pending-review', to: 'complete' }, 'patient', ['registration_confirmed']],
    ['patient.registration_submitted', { step: 'contacts' }, 'patient', ['intake_completed']],
    ['patient.milestone_recorded', { milestone: 'assessment_completed' }, 'patient', ['assessment_completed']],
    ['caregiver.created', null, 'caregiver', ['caregiver_created']],
    ['caregiver.updated', { field: 'backgroundCheckStatus', from: 'in_progress', to: 'cleared' }, 'caregiver', ['verification_passed']],
    ['caregiver.milestone_recorded', { milestone: 'training_completed' }, 'caregiver', ['training_completed']],
  ])('%s %j raises %s %j', (type, payload, workflowType, triggers) => {
    expect(triggersForEvent(event(type, payload))).toMatchObject({ workflowType, entityId: ID, triggers })
  })

  test.each([
    ['lead.updated', { changed: ['phone'] }],
    ['lead.updated', { changed: ['status'], to: 'new' }],
    ['patient.updated', { step: 'medical' }],
    ['caregiver.updated', { field: 'backgroundCheckStatus', to: 'failed' }],
    ['caregiver.milestone_recorded', { milestone: 'intake_completed' }],
    ['document.created', null],
  ])('%s %j raises nothing', (type, payload) => {
    expect(triggersForEvent(event(type, payload))).toBeNull()
  })

  test("a completed initial assessment is its patient's assessment_completed; other appointments raise nothing", () => {
    const patientId = '33333333-3333-4333-8333-333333333333'
    expect(triggersForEvent(event('appointment.completed'), { appointmentType: 'initial_assessment', patientId })).toEqual({
      workflowType: 'patient',
      entityType: 'Patient',
      entityId: patientId,
      triggers: ['assessment_completed'],
    })
    expect(triggersForEvent(event('appointment.completed'), { appointmentType: 'follow_up', patientId })).toBeNull()
    expect(triggersForEvent(event('appointment.completed'), { appointmentType: 'initial_assessment', patientId: null })).toBeNull()
  })
})

describe('the page checks the stage form as the server does', () => {
  const formData = (entries: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(entries)) data.append(name, value)
    return data
  }
  beforeAll(() => {
    for (const name of ['HTMLInputElement', 'HTMLTextAreaElement', 'HTMLSelectElement']) vi.stubGlobal(name, class {})
  })
  afterAll(() => vi.unstubAllGlobals())

  test.each([
    ['no name', { name: '' }],
    ['order 0', { name: 'x', order: '0' }],
    ['a negative delay', { name: 'x', delayHours: '-1' }],
    ['all fine', { name: 'x', order: '2', delayHours: '24' }],
  ])('%s', (_, entries) => {
    const all = { type: 'lead', trigger: 'lead_created', ...entries }
    const server = parseWithZod(formData(all), { schema: stageFormSchema })
    const form = { elements: { namedItem: () => null } } as unknown as HTMLFormElement
    const page = validateWithRules(formRules(stageFormSchema))({ form, formData: formData(all) })
    expect(page.status === 'error' ? page.error : {}).toEqual(server.status === 'error' ? server.error : {})
  })
})
