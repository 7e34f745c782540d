import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { getSigningCertificateView, uploadSigningCertificate } from '~/features/portal-signing/certificate.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { RuleViolationError } from '~/platform/errors'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Signing Certificate | Settings | Healthcare Portal' }]

const MAX_CERTIFICATE_BYTES = 100 * 1024

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'integrations:manage')
  return json({ certificate: await getSigningCertificateView() })
}

/** An admin's PKCS#12 replaces the generated certificate; it is opened with its password before it is stored. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'integrations:manage')
  const form = await request.formData()
  const file = form.get('certificate')
  const password = form.get('password')
  if (!(file instanceof File) || file.size === 0) return json({ error: 'Choose a PKCS#12 (.p12 or .pfx) file' }, { status: 400 })
  if (file.size > MAX_CERTIFICATE_BYTES) return json({ error: 'The file is larger than 100 KB' }, { status: 400 })
  try {
    await uploadSigningCertificate(new Uint8Array(await file.arrayBuffer()), typeof password === 'string' ? password : '', userActor(request, user))
  } catch (error) {
    if (error instanceof RuleViolationError) return json({ error: error.message }, { status: 400 })
    throw error
  }
  return redirectWithToast('/settings/signing-certificate', { title: 'Signing certificate saved' })
}

export default function SigningCertificateSettings() {
  const { certificate } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <div className="max-w-2xl space-y-6">
      <section aria-labelledby="current-certificate" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="current-certificate" className="text-lg font-semibold">
          Current certificate
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every document signed in the portal is sealed with it, so any later change shows.</p>
        {certificate ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Subject</dt>
            <dd>{certificate.subject}</dd>
            <dt className="text-slate-600">Source</dt>
            <dd>{certificate.source === 'generated' ? 'Made by the portal (self-signed)' : 'Uploaded by an admin'}</dd>
            <dt className="text-slate-600">Valid until</dt>
            <dd>{certificate.notAfter.slice(0, 10)}</dd>
            <dt className="text-slate-600">SHA-256 fingerprint</dt>
            <dd className="break-all font-mono text-xs">{certificate.fingerprintSha256}</dd>
          </dl>
        ) : (
          <p className="mt-3 text-sm">None yet: the portal makes a self-signed certificate when the first document is signed.</p>
        )}
      </section>
      <section aria-labelledby="upload-certificate" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="upload-certificate" className="text-lg font-semibold">
          Upload the agency&rsquo;s own certificate
        </h2>
        <Form method="post" encType="multipart/form-data" noValidate className="mt-3 space-y-4">
          {result?.error ? (
            <p id="certificate-error" role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {result.error}
            </p>
          ) : null}
          <div>
            <label htmlFor="certificate" className="font-medium">
              PKCS#12 file (.p12, .pfx) *
            </label>
            <input
              id="certificate"
              name="certificate"
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              className="mt-1 block w-full coarse:min-h-11"
              {...(result?.error ? { 'aria-invalid': true, 'aria-describedby': 'certificate-error' } : {})}
            />
          </div>
          <div>
            <label htmlFor="password" className="font-medium">
              Password
            </label>
            <input id="password" name="password" type="password" autoComplete="off" className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 coarse:min-h-11" />
          </div>
          <Button type="submit" className="coarse:min-h-11">
            Save certificate
          </Button>
        </Form>
      </section>
    </div>
  )
}
