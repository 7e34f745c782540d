import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for Jotform's REST API, for the tests and MOCKS=true,
 * speaking its documented HTTP: the APIKEY header (or apiKey parameter),
 * `{ responseCode, message, content }` answers, GET /user, POST and PUT
 * /user/forms, GET /form/{id}/questions, POST and GET /form/{id}/webhooks,
 * GET /submission/{id}. A test fills a form in with `submit`, which does
 * not deliver the webhook: the test posts the delivery itself.
 */
export type FakeJotformMode =
  | 'ok'
  /** Every call answered 503. */
  | 'server-error'
  /** Every call held unanswered (after doing the work). */
  | 'timeout'
  /** Only webhook registrations fail (500), the rest works. */
  | 'webhook-failure'

export type FakeJotformQuestion = { qid: string; type: string; text: string; name: string; required: string; options?: string; order: string }

export type FakeJotformForm = {
  id: string
  title: string
  url: string
  questions: FakeJotformQuestion[]
  webhooks: string[]
  /** How it was created: POST (form-encoded) or PUT (JSON). */
  createdWith: 'POST' | 'PUT'
}

export type FakeJotformSubmission = {
  id: string
  form_id: string
  created_at: string
  status: 'ACTIVE'
  answers: Record<string, { name: string; order: string; text: string; type: string; answer?: unknown; prettyFormat?: string }>
}

export type FakeJotform = {
  url: string
  apiKey: string
  forms: FakeJotformForm[]
  submissions: FakeJotformSubmission[]
  /** Answers by question name; returns the new submission's id. */
  submit: (formId: string, answers: Record<string, unknown>) => string
  /** Calls received, as 'METHOD /path'. */
  requests: string[]
  setMode: (mode: FakeJotformMode) => void
  reset: () => void
  close: () => Promise<void>
}

/** The key the fake accepts: enter it under Settings → General with MOCKS=true (README). */
export const FAKE_JOTFORM_API_KEY = 'fakejotform0123456789abcdef01234'

export async function startFakeJotform(): Promise<FakeJotform> {
  const apiKey = FAKE_JOTFORM_API_KEY
  const forms: FakeJotformForm[] = []
  const submissions: FakeJotformSubmission[] = []
  const requests: string[] = []
  const held = new Set<http.ServerResponse>()
  let mode: FakeJotformMode = 'ok'
  let nextId = 240000000000000 + Math.floor(Math.random() * 1000) * 1000

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    requests.push(`${req.method} ${url.pathname}`)
    const answer = (status: number, content: unknown, message = status === 200 ? 'success' : 'error') => {
      if (mode === 'timeout') {
        held.add(res)
        return
      }
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ responseCode: status, message, content, 'limit-left': 999 }))
    }
    if (mode === 'server-error') return answer(503, '', 'Service Unavailable')
    const key = req.headers.apikey ?? url.searchParams.get('apiKey')
    if (key !== apiKey) return answer(401, '', `You're not authorized to use (${url.pathname}) `)

    if (req.method === 'GET' && url.pathname === '/user') {
      return answer(200, { username: 'agency', name: 'Sunrise Home Care', email: 'forms@example.com', account_type: 'PREMIUM' })
    }
    if ((req.method === 'POST' || req.method === 'PUT') && url.pathname === '/user/forms') {
      const created = req.method === 'POST' ? fromFormBody(raw) : fromJson(raw)
      if (!created) return answer(400, '', 'Questions are required')
      const id = String(++nextId)
      const form: FakeJotformForm = {
        id,
        title: created.title,
        url: `https://form.jotform.com/${id}`,
        questions: created.questions,
        webhooks: [],
        createdWith: req.method,
      }
      forms.push(form)
      return answer(200, { id, title: form.title, url: form.url, status: 'ENABLED', count: '0', new: '0' })
    }
    const formMatch = /^\/form\/([^/]+)\/(questions|webhooks)$/.exec(url.pathname)
    if (formMatch) {
      const form = forms.find((candidate) => candidate.id === formMatch[1])
      if (!form) return answer(404, '', 'Form not found')
      if (formMatch[2] === 'questions' && req.method === 'GET') {
        return answer(200, Object.fromEntries(form.questions.map((question) => [question.qid, question])))
      }
      if (formMatch[2] === 'webhooks' && req.method === 'POST') {
        if (mode === 'webhook-failure') return answer(500, '', 'Internal Server Error')
        const webhookUrl = new URLSearchParams(raw).get('webhookURL')
        if (!webhookUrl) return answer(400, '', 'webhookURL is required')
        form.webhooks.push(webhookUrl)
        return answer(200, Object.fromEntries(form.webhooks.map((hook, index) => [String(index), hook])))
      }
      if (formMatch[2] === 'webhooks' && req.method === 'GET') {
        return answer(200, Object.fromEntries(form.webhooks.map((hook, index) => [String(index), hook])))
      }
    }
    const submissionMatch = /^\/submission\/([^/]+)$/.exec(url.pathname)
    if (submissionMatch && req.method === 'GET') {
      const submission = submissions.find((candidate) => candidate.id === submissionMatch[1])
      return submission ? answer(200, submission) : answer(404, '', 'Submission not found')
    }
    return answer(404, '', 'Not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    forms,
    submissions,
    requests,
    submit(formId, values) {
      const form = forms.find((candidate) => candidate.id === formId)
      if (!form) throw new Error(`No fake Jotform form ${formId}`)
      const id = String(++nextId * 10)
      const answers: FakeJotformSubmission['answers'] = {}
      for (const question of form.questions) {
        const value = values[question.name]
        answers[question.qid] = {
          name: question.name,
          order: question.order,
          text: question.text,
          type: question.type,
          ...(value === undefined ? {} : { answer: value }),
        }
      }
      submissions.push({ id, form_id: formId, created_at: '2026-11-24 10:00:00', status: 'ACTIVE', answers })
      return id
    },
    setMode(next) {
      mode = next
      if (next !== 'timeout') {
        for (const res of held) res.destroy()
        held.clear()
      }
    },
    reset() {
      mode = 'ok'
      for (const res of held) res.destroy()
      held.clear()
      forms.length = 0
      submissions.length = 0
      requests.length = 0
    },
    close: async () => {
      for (const res of held) res.destroy()
      held.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function question(qid: string, values: Record<string, string>): FakeJotformQuestion | null {
  if (!values.type || !values.text) return null
  return {
    qid,
    type: values.type,
    text: values.text,
    name: values.name || `q${qid}`,
    required: values.required ?? 'No',
    order: values.order ?? qid,
    ...(values.options ? { options: values.options } : {}),
  }
}

function fromFormBody(raw: string) {
  const params = new URLSearchParams(raw)
  const byQid = new Map<string, Record<string, string>>()
  for (const [key, value] of params) {
    const match = /^questions\[(\d+)\]\[(\w+)\]$/.exec(key)
    if (!match) continue
    const entry = byQid.get(match[1]!) ?? {}
    entry[match[2]!] = value
    byQid.set(match[1]!, entry)
  }
  return built(params.get('properties[title]') ?? 'Form', [...byQid.entries()])
}

function fromJson(raw: string) {
  try {
    const body = JSON.parse(raw) as { properties?: { title?: string }; questions?: Record<string, Record<string, string>> }
    return built(body.properties?.title ?? 'Form', Object.entries(body.questions ?? {}))
  } catch {
    return null
  }
}

function built(title: string, entries: Array<[string, Record<string, string>]>) {
  const questions = entries.map(([qid, values]) => question(qid, values))
  if (!questions.length || questions.some((entry) => entry === null)) return null
  return { title, questions: questions as FakeJotformQuestion[] }
}
