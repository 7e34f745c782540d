import { z } from 'zod'
import { describe, expect, test } from 'vitest'
import {
  MAX_FORM_FIELDS,
  UNSTORABLE_TEXT_MESSAGE,
  isUnstorableText,
  parseWithZod,
  storableText,
} from '~/lib/form-input'

const schema = z.object({ name: z.string(), contacts: z.array(z.object({ name: z.string() })).optional() })

function form(entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

async function refusal(run: () => unknown) {
  try {
    run()
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    return { status: response.status, text: await response.text() }
  }
  throw new Error('expected the form to be refused')
}

describe('text the database cannot store', () => {
  test('NUL and lone surrogates are unstorable; paired surrogates (emoji) are fine', () => {
    expect(isUnstorableText('a\0b')).toBe(true)
    expect(isUnstorableText('\uD800')).toBe(true)
    expect(isUnstorableText('x\uDC00y')).toBe(true)
    expect(isUnstorableText('José 👵🏽')).toBe(false)
    expect(storableText('a\0b\uD800c')).toBe('abc')
  })

  test('a field holding it gets a message next to it, and the form does not succeed', () => {
    const submission = parseWithZod(form([['name', 'Ada\0']]), { schema })
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({ name: [UNSTORABLE_TEXT_MESSAGE] })
  })

  test('clean forms parse as before', () => {
    const submission = parseWithZod(form([['name', 'Ada'], ['contacts[0].name', 'Sam']]), { schema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ name: 'Ada', contacts: [{ name: 'Sam' }] })
  })
})

describe('bounded forms', () => {
  test('a list index past 100 is a 400, before any parsing', async () => {
    const started = Date.now()
    const refused = await refusal(() => parseWithZod(form([['name', 'x'], ['contacts[100000].name', 'x']]), { schema }))
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/101 rows/)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  test('more fields than any form has is a 400', async () => {
    const entries = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => [`f${i}`, 'x'] as [string, string])
    expect((await refusal(() => parseWithZod(form(entries), { schema }))).status).toBe(400)
  })

  test('index 100 is still accepted', () => {
    const submission = parseWithZod(form([['name', 'x'], ['contacts[100].name', 'y']]), { schema })
    expect(submission.status).not.toBeUndefined()
  })
})
