import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { changeExisting } from '~/platform/db-errors'
import { resetEnvCache } from '~/platform/env.server'
import { ConflictError, NotFoundError, RuleViolationError } from '~/platform/errors'
import { apiErrorResponse, apiRoute, formFailure, redirectWithFailure } from '~/platform/http/errors.server'
import { getToast } from '~/platform/http/toast.server'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

beforeEach(() => {
  // The toast cookie is signed; with both secrets given, nothing is written to disk.
  vi.stubEnv('SESSION_SECRET', 'unit-test-secret-that-is-long-enough-for-the-schema')
  vi.stubEnv('ENCRYPTION_KEY', '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef')
  resetEnvCache()
})

afterEach(() => {
  vi.unstubAllEnvs()
  resetEnvCache()
})

async function toastOf(response: Response) {
  const match = /__toast=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')
  if (!match) return null
  return (await getToast(new Request('http://localhost/', { headers: { cookie: `__toast=${match[1]}` } }))).toast
}

async function thrownBy(promise: Promise<unknown>) {
  try {
    await promise
  } catch (thrown) {
    return thrown
  }
  throw new Error('expected a throw')
}

/** Prisma's error for a row that is not there, as far as the code reads it. */
const recordNotFound = Object.assign(new Error('No record was found'), { code: 'P2025' })

describe('the typed errors', () => {
  test('NotFoundError says what was not found', () => {
    const error = new NotFoundError('Document type')
    expect(error).toMatchObject({ name: 'NotFoundError', what: 'Document type', message: 'Document type not found' })
  })

  test('RuleViolationError may name the field its message belongs to', () => {
    expect(new RuleViolationError('A user with this email already exists', 'email')).toMatchObject({ field: 'email' })
    expect(new RuleViolationError('You cannot deactivate your own account.').field).toBeUndefined()
  })
})

describe('changeExisting', () => {
  test('an id that cannot name a record is not found, and the change never runs', async () => {
    const change = vi.fn()
    await expect(changeExisting('Lead', 'not-a-uuid', change)).rejects.toMatchObject({ name: 'NotFoundError', message: 'Lead not found' })
    expect(change).not.toHaveBeenCalled()
  })

  test("a row deleted meanwhile (Prisma's P2025) is a NotFoundError, not a database failure", async () => {
    await expect(changeExisting('Lead', UNKNOWN_ID, () => Promise.reject(recordNotFound))).rejects.toBeInstanceOf(NotFoundError)
  })

  test('any other failure passes through as it is', async () => {
    const outage = new Error('database is down')
    await expect(changeExisting('Lead', UNKNOWN_ID, () => Promise.reject(outage))).rejects.toBe(outage)
    await expect(changeExisting('Lead', UNKNOWN_ID, async () => 'saved')).resolves.toBe('saved')
  })
})

describe('the JSON API answers', () => {
  test.each([
    [new NotFoundError('Lead'), 404, { error: 'Lead not found' }],
    [new ConflictError('This lead already has a patient registration, or no longer exists'), 409, { error: 'This lead already has a patient registration, or no longer exists' }],
    [
      new RuleViolationError('A complete registration keeps at least one emergency contact', 'emergencyContacts'),
      400,
      { error: 'Invalid patient', fieldErrors: { emergencyContacts: ['A complete registration keeps at least one emergency contact'] } },
    ],
    [new RuleViolationError('Only PDF documents can become BoldSign templates'), 400, { error: 'Only PDF documents can become BoldSign templates' }],
  ])('%s answers %i', async (error, status, body) => {
    const response = apiErrorResponse(error, 'patient')
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(body)
  })

  test('anything unexpected is logged and answers 500 without details', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const outage = new Error('connection refused at 10.0.0.5')
    const response = apiErrorResponse(outage, 'lead')
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: 'Internal error' })
    expect(logged).toHaveBeenCalledWith(outage)
  })

  test('a Response (401, 403, a 400 from the body parser) passes through', async () => {
    const refused = new Response('{"error":"Authentication required"}', { status: 401 })
    const handler = apiRoute('lead', async () => {
      throw refused
    })
    expect(await thrownBy(handler({}))).toBe(refused)
  })

  test('apiRoute answers what the handler throws in the API format', async () => {
    const handler = apiRoute('lead', async () => {
      throw new NotFoundError('Lead')
    })
    const thrown = (await thrownBy(handler({}))) as Response
    expect(thrown.status).toBe(404)
    expect(await thrown.json()).toEqual({ error: 'Lead not found' })
  })
})

describe('a form whose save threw', () => {
  const schema = z.object({ email: z.string(), name: z.string() })
  const submission = () => {
    const form = new FormData()
    form.set('email', 'taken@example.com')
    form.set('name', 'Pat')
    return parseWithZod(form, { schema })
  }

  test('a rule violation shows next to its field: 400, no toast', async () => {
    const response = await formFailure(new RuleViolationError('A user with this email already exists', 'email'), submission(), 'Failed to create user')
    expect(response.status).toBe(400)
    const reply = await response.json()
    expect(reply.error).toEqual({ email: ['A user with this email already exists'] })
    expect(reply.initialValue).toMatchObject({ email: 'taken@example.com', name: 'Pat' })
    expect(await toastOf(response)).toBeNull()
  })

  test('a rule violation without a field shows above the form', async () => {
    const response = await formFailure(new RuleViolationError('You cannot deactivate your own account.'), submission(), 'Failed to update user')
    expect((await response.json()).error).toEqual({ '': ['You cannot deactivate your own account.'] })
  })

  test('a conflict shows above the form with the Error toast: 409', async () => {
    const response = await formFailure(new ConflictError('This lead already has a patient registration, or no longer exists'), submission(), 'Failed to register patient')
    expect(response.status).toBe(409)
    expect((await response.json()).error).toEqual({ '': ['This lead already has a patient registration, or no longer exists'] })
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Error', description: 'This lead already has a patient registration, or no longer exists' })
  })

  test('anything unexpected is logged and answered with the failure message and the Error toast: 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const outage = new Error('database is down')
    const response = await formFailure(outage, submission(), 'Failed to update lead')
    expect(response.status).toBe(500)
    expect((await response.json()).error).toEqual({ '': ['Failed to update lead'] })
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to update lead' })
    expect(logged).toHaveBeenCalledWith(outage)
  })

  test('a record gone meanwhile is the 404 page', async () => {
    const thrown = (await thrownBy(formFailure(new NotFoundError('Lead'), submission(), 'Failed to update lead'))) as Response
    expect(thrown.status).toBe(404)
    expect(await thrown.text()).toBe('Lead not found')
  })
})

describe('a button action whose change threw', () => {
  test('a conflict goes back with its own message in the toast', async () => {
    const response = await redirectWithFailure(new ConflictError('Only a registration pending review can be approved'), '/patients/1', 'Failed to update patient')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/patients/1')
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Only a registration pending review can be approved' })
  })

  test('anything unexpected is logged and toasts the failure, under the area’s title', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await redirectWithFailure(new Error('boom'), '/documents-new', 'Failed to create BoldSign template', { title: 'Template Creation Failed' })
    expect(await toastOf(response)).toMatchObject({ title: 'Template Creation Failed', description: 'Failed to create BoldSign template' })
    expect(logged).toHaveBeenCalled()
  })

  test('a record gone meanwhile is the 404 page', async () => {
    const thrown = (await thrownBy(redirectWithFailure(new NotFoundError('Caregiver'), '/caregivers', 'Failed to delete caregiver'))) as Response
    expect(thrown.status).toBe(404)
  })
})
