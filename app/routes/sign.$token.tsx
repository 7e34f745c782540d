import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { documentPages } from '~/features/portal-signing/page-images.server'
import {
  CONSENT_HEADING,
  ConsentStatement,
  DocumentPage,
  FieldInput,
  fieldAnchor,
  signingInputClass,
} from '~/features/portal-signing/signing-page'
import {
  SIGNING_UNAVAILABLE_TITLES,
  SigningLinkUnavailableError,
  declineSigning,
  finishSigning,
  openSigning,
  readSigning,
} from '~/features/portal-signing/signing.server'
import { DECLINE_REASON_MAX, SIGNATURE_TEXT_MAX } from '~/features/portal-signing/field-rules'
import { SignatureStyle } from '~/features/portal-signing/signature-pad'
import { SIGNING_TOO_MANY_TITLE, countSigningPageHit, signingTooManyMessage } from '~/features/portal-signing/rate-limit.server'
import { TOKEN_PAGE_HEADERS, staticPageHandle, tokenPageHeaders } from '~/lib/static-page'
import { NotFoundError } from '~/platform/errors'
import { getClientAddress } from '~/platform/http/request.server'

/**
 * /sign/{token}: one signer's signing page, for someone without an account.
 * The token is the only credential and grants this signer's view of the
 * document, their fields, Finish and Decline. Plain HTML: no JavaScript is
 * needed or sent; never indexed, never cached.
 */
export const handle = staticPageHandle

export const headers = tokenPageHeaders

export const meta: MetaFunction = () => [{ title: 'Sign a Document | Healthcare Portal' }, { name: 'robots', content: 'noindex, nofollow' }]

const DONE_MESSAGES = {
  signed: { title: 'Thank you for signing', message: 'Your signature is recorded. You will receive the signed document by e-mail when everyone has signed.' },
  declined: { title: 'You declined to sign', message: 'The agency has been told. Nothing more is needed from you.' },
} as const

const UNAVAILABLE_MESSAGES: Record<SigningLinkUnavailableError['reason'], string> = {
  expired: 'Please ask the agency to send you a new link.',
  cancelled: 'The agency withdrew this request. Nothing more is needed from you.',
  declined: 'This document was declined, so it can no longer be signed.',
  completed: 'Everyone has signed. The signed document has been e-mailed to you.',
  signed: 'Your signature is recorded. You will receive the signed document by e-mail when everyone has signed.',
  waiting: 'Someone else signs before you. You will receive an e-mail when it is your turn.',
  failed: 'Please contact the agency.',
}

type Unavailable = { state: 'unavailable'; title: string; message: string }

function unavailable(error: unknown) {
  const answer = (title: string, message: string, status: number) => json<Unavailable>({ state: 'unavailable', title, message }, { status, headers: TOKEN_PAGE_HEADERS })
  if (error instanceof NotFoundError) return answer('Signing link not found', 'Check that the whole link was copied, or ask the agency for a new one.', 404)
  if (error instanceof SigningLinkUnavailableError) return answer(SIGNING_UNAVAILABLE_TITLES[error.reason], UNAVAILABLE_MESSAGES[error.reason], 410)
  throw error
}

/** Counted before anything else: over the limit, a plain page with 429 and Retry-After. */
async function throttled(request: Request, token: string, kind: 'load' | 'post') {
  const wait = await countSigningPageHit(token, getClientAddress(request), kind)
  if (wait <= 0) return null
  return json<Unavailable>(
    { state: 'unavailable', title: SIGNING_TOO_MANY_TITLE, message: signingTooManyMessage(wait) },
    { status: 429, headers: { ...TOKEN_PAGE_HEADERS, 'Retry-After': String(Math.ceil(wait / 1000)) } },
  )
}

function contextOf(request: Request) {
  return { ipAddress: getClientAddress(request), userAgent: request.headers.get('user-agent') }
}

/**
 * Signing in person on staff's tablet (their session is locked meanwhile):
 * the page only says so at the end, to hand the tablet back. The flag grants
 * nothing, so it may travel in the URL (the forms post to the page's URL, so
 * it reaches the answer's redirect too).
 */
const IN_PERSON_PARAM = 'inPerson'

function doneUrl(token: string, done: 'signed' | 'declined', inPerson: boolean) {
  return `/sign/${token}?done=${done}${inPerson ? `&${IN_PERSON_PARAM}=1` : ''}`
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const limited = await throttled(request, params.token ?? '', 'load')
  if (limited) return limited
  const search = new URL(request.url).searchParams
  const done = search.get('done')
  if (done === 'signed' || done === 'declined') {
    return json({ state: 'done' as const, ...DONE_MESSAGES[done] }, { headers: TOKEN_PAGE_HEADERS })
  }
  try {
    const { view, document } = await openSigning(params.token ?? '', contextOf(request))
    const { pageCount, pages } = await documentPages(document)
    const token = params.token ?? ''
    const shown = pages.map((page) => ({ ...page, imageSrc: page.image ? `/sign/${token}/page/${page.number}.png` : null }))
    return json({ state: 'sign' as const, view, pages: shown, pageCount }, { headers: TOKEN_PAGE_HEADERS })
  } catch (error) {
    return unavailable(error)
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  const limited = await throttled(request, token, 'post')
  if (limited) return limited
  const form = await request.formData()
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const context = contextOf(request)
  const inPerson = new URL(request.url).searchParams.get(IN_PERSON_PARAM) === '1'
  try {
    if (text('intent') === 'decline') {
      const result = await declineSigning(token, text('reason'), context)
      if (result.status === 'invalid') return json({ state: 'invalid' as const, errors: result.errors, values: { reason: text('reason') } }, { status: 400, headers: TOKEN_PAGE_HEADERS })
      return redirect(doneUrl(token, 'declined', inPerson), { headers: TOKEN_PAGE_HEADERS })
    }
    const view = await readSigning(token)
    const answers = Object.fromEntries(view.fields.map((field) => [field.id, text(`field.${field.id}`) || undefined]))
    const result = await finishSigning(
      token,
      {
        consent: text('consent') === 'on',
        signatureText: text('signatureText').slice(0, SIGNATURE_TEXT_MAX * 2),
        answers,
        signatureMethod: text('signatureMethod') === 'drawn' ? 'drawn' : 'typed',
        signatureImage: text('signatureImage'),
        initialsImage: text('initialsImage'),
      },
      { ...context, origin: new URL(request.url).origin },
    )
    if (result.status === 'invalid') {
      // The drawings go back too, so a correction elsewhere does not mean drawing again.
      const values: Record<string, string> = {
        signatureText: text('signatureText'),
        consent: text('consent'),
        signatureMethod: text('signatureMethod'),
        signatureImage: 'signatureImage' in result.errors ? '' : text('signatureImage'),
        initialsImage: 'initialsImage' in result.errors ? '' : text('initialsImage'),
      }
      for (const field of view.fields) values[field.id] = text(`field.${field.id}`)
      return json({ state: 'invalid' as const, errors: result.errors, values }, { status: 400, headers: TOKEN_PAGE_HEADERS })
    }
    return redirect(doneUrl(token, 'signed', inPerson), { headers: TOKEN_PAGE_HEADERS })
  } catch (error) {
    return unavailable(error)
  }
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-4 sm:py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-8">{children}</div>
    </main>
  )
}

/** The end of signing in person: the tablet goes back to staff, whose lock screen is one tap away. */
function HandBack() {
  return (
    <div className="mt-6 rounded border border-blue-200 bg-blue-50 p-4">
      <h2 className="font-semibold text-blue-900">Please hand the tablet back to the staff member</h2>
      <p className="mt-1 text-sm text-blue-900">They will sign back in to continue.</p>
      <a href="/signing-lock" className="mt-3 inline-flex min-h-11 items-center rounded bg-blue-700 px-4 font-medium text-white underline-offset-2 hover:bg-blue-800">
        Staff: sign back in
      </a>
    </div>
  )
}

const HANDWRITING_FONT = `@font-face { font-family: 'Dancing Script'; src: url('/fonts/dancing-script.woff') format('woff'); font-display: swap; }`

export default function SignDocumentPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const shown = actionData?.state === 'unavailable' ? actionData : data
  const inPerson = useSearchParams()[0].get(IN_PERSON_PARAM) === '1'
  if (shown.state === 'unavailable' || shown.state === 'done') {
    return (
      <Shell>
        <h1 className="text-xl font-semibold">{shown.title}</h1>
        <p className="mt-2 text-slate-700">{shown.message}</p>
        {inPerson ? <HandBack /> : null}
      </Shell>
    )
  }
  const { view, pages, pageCount } = shown
  const errors: Record<string, string> = actionData?.state === 'invalid' ? actionData.errors : {}
  const values: Record<string, string> = actionData?.state === 'invalid' ? (actionData.values as Record<string, string>) : {}
  const errorList = Object.entries(errors)
  const fieldIds = view.fields.map((field) => field.id)
  const OWN_KEYS: Record<string, { link: string; label: string }> = {
    consent: { link: '#consent', label: 'Consent' },
    signatureText: { link: '#signatureText', label: 'Signature' },
    signatureImage: { link: '#signatureImage-pad', label: 'Drawn signature' },
    initialsImage: { link: '#initialsImage-pad', label: 'Drawn initials' },
    reason: { link: '#reason', label: 'Reason' },
  }
  const linkFor = (key: string) => OWN_KEYS[key]?.link ?? `#${fieldAnchor(key)}`
  const labelFor = (key: string) => view.fields.find((field) => field.id === key)?.label ?? OWN_KEYS[key]?.label ?? key
  return (
    <Shell>
      <style>{HANDWRITING_FONT}</style>
      <h1 className="text-xl font-semibold sm:text-2xl">{view.title}</h1>
      <p className="mt-1 text-sm text-slate-600">For {view.signerName}. Fields marked * are required.</p>
      {view.message ? <p className="mt-3 whitespace-pre-line text-slate-700">{view.message}</p> : null}
      {errorList.length > 0 ? (
        <div role="alert" aria-labelledby="error-summary-heading" className="mt-4 rounded border border-red-300 bg-red-50 p-3">
          <h2 id="error-summary-heading" className="font-semibold text-red-800">
            Please correct {errorList.length === 1 ? 'this' : `these ${errorList.length}`} before you finish
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {errorList.map(([key, message]) => (
              <li key={key}>
                <a href={linkFor(key)} className="text-red-800 underline">
                  {labelFor(key)}: {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <nav aria-labelledby="your-fields-heading" className="mt-5">
        <h2 id="your-fields-heading" className="text-base font-semibold">
          Your fields ({view.fields.length})
        </h2>
        <ol className="mt-1 flex flex-wrap gap-2 text-sm">
          {view.fields.map((field, index) => (
            <li key={field.id}>
              <a href={`#${fieldAnchor(field.id)}`} className="inline-block rounded border border-slate-300 px-2 py-1 text-blue-700 underline coarse:min-h-11">
                {index + 1}. {field.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <section aria-labelledby="document-heading" className="mt-6">
        <h2 id="document-heading" className="text-base font-semibold">
          Document
        </h2>
        <div className="mt-2 space-y-4">
          {pages.map((page) => (
            <DocumentPage
              key={page.number}
              page={page}
              pageCount={pageCount}
              imageSrc={page.imageSrc}
              fields={view.fields.filter((field) => field.page === page.number)}
            />
          ))}
        </div>
      </section>

      <form method="post" noValidate className="mt-8 space-y-6">
        <section aria-labelledby="consent-heading">
          <h2 id="consent-heading" className="text-base font-semibold">
            {CONSENT_HEADING}
          </h2>
          <ConsentStatement />
          <label className="mt-3 flex items-center gap-3 font-medium coarse:min-h-11">
            <input
              id="consent"
              type="checkbox"
              name="consent"
              defaultChecked={view.consented || values.consent === 'on'}
              className="h-5 w-5"
              {...(errors.consent ? { 'aria-invalid': true, 'aria-describedby': 'consent-error' } : {})}
            />
            I agree to use electronic records and signatures
          </label>
          {errors.consent ? (
            <p id="consent-error" className="mt-1 text-sm text-red-700">
              {errors.consent}
            </p>
          ) : null}
        </section>

        <section aria-labelledby="adopt-heading">
          <h2 id="adopt-heading" className="text-base font-semibold">
            Adopt your signature
          </h2>
          <label htmlFor="signatureText" className="mt-2 block text-sm font-medium">
            Type your full name *
          </label>
          <input
            id="signatureText"
            name="signatureText"
            type="text"
            autoComplete="name"
            maxLength={SIGNATURE_TEXT_MAX}
            defaultValue={values.signatureText ?? ''}
            className={`${signingInputClass} text-2xl`}
            style={{ fontFamily: "'Dancing Script', cursive" }}
            aria-describedby={errors.signatureText ? 'signatureText-hint signatureText-error' : 'signatureText-hint'}
            {...(errors.signatureText ? { 'aria-invalid': true } : {})}
          />
          <p id="signatureText-hint" className="mt-1 text-sm text-slate-600">
            Your name is shown in handwriting as your signature; it fills your signature, initials and date fields.
          </p>
          {errors.signatureText ? (
            <p id="signatureText-error" className="mt-1 text-sm text-red-700">
              {errors.signatureText}
            </p>
          ) : null}
          <SignatureStyle hasInitials={view.fields.some((field) => field.type === 'initials')} values={values} errors={errors} />
        </section>

        <section aria-labelledby="fields-heading">
          <h2 id="fields-heading" className="text-base font-semibold">
            Fill in your fields
          </h2>
          <ol className="mt-2 space-y-3">
            {view.fields.map((field, index) => (
              <FieldInput
                key={field.id}
                field={field}
                error={errors[field.id]}
                value={values[field.id]}
                nextId={fieldIds[index + 1] ?? null}
              />
            ))}
          </ol>
        </section>

        <Button type="submit" name="intent" value="finish" className="w-full sm:w-auto coarse:min-h-11">
          Finish
        </Button>
      </form>

      <form method="post" noValidate className="mt-10 border-t border-slate-200 pt-6">
        <h2 className="text-base font-semibold">Decline to sign</h2>
        <label htmlFor="reason" className="mt-2 block text-sm font-medium">
          Reason *
        </label>
        <textarea
          id="reason"
          name="reason"
          rows={3}
          maxLength={DECLINE_REASON_MAX}
          defaultValue={values.reason ?? ''}
          className={signingInputClass}
          {...(errors.reason ? { 'aria-invalid': true, 'aria-describedby': 'reason-error' } : {})}
        />
        {errors.reason ? (
          <p id="reason-error" className="mt-1 text-sm text-red-700">
            {errors.reason}
          </p>
        ) : null}
        <Button type="submit" name="intent" value="decline" variant="secondary" className="mt-3 w-full sm:w-auto coarse:min-h-11">
          Decline
        </Button>
      </form>
    </Shell>
  )
}
