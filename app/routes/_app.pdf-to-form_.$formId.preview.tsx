import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { PageFrame } from '~/components/page-header'
import { FormPreview } from '~/features/online-forms/form-preview'
import { getOnlineForm } from '~/features/online-forms/online-forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { NotFoundError } from '~/platform/errors'
import { notFoundResponse } from '~/platform/http/errors.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Preview: ${data?.title ?? 'Form'} | Healthcare Portal` }]

/** A converted form read-only, as respondents will see it (a portal-hosted form's Open Form link). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  try {
    const form = await getOnlineForm(params.formId ?? '')
    return json({ id: form.id, title: form.title, status: form.status, fields: form.fields })
  } catch (error) {
    if (error instanceof NotFoundError) throw notFoundResponse(error)
    throw error
  }
}

export default function PdfFormPreview() {
  const form = useLoaderData<typeof loader>()
  return (
    <PageFrame title={form.title} subtitle={`Preview of the ${form.status === 'draft' ? 'draft' : 'created'} form, as respondents will see it`}>
      <div className="mx-auto flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <FormPreview fields={form.fields} />
      </div>
      <p className="mt-4">
        <Link to={`/pdf-to-form/${form.id}`} className="text-sm text-blue-800 underline">
          Back to the form&apos;s review
        </Link>
      </p>
    </PageFrame>
  )
}
