import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { PageFrame } from '~/components/page-header'
import { DEMO_FAILED, PAGE_TITLE, processingErrorMessage } from '~/features/online-forms/converter'
import { ConverterCards } from '~/features/online-forms/converter-cards'
import { runConversionDemo } from '~/features/online-forms/conversion.server'
import { PdfExtractionError } from '~/features/pdf-conversion/extract.server'
import { getJotformStatus } from '~/integrations/jotform/status.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: `${PAGE_TITLE} | Healthcare Portal` }]

/** The converter's frame: its title, the demo, sample PDF and system status cards; the steps are its children. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return json({ jotform: await getJotformStatus() })
}

// Jotform's status is checked on arrival, not again after every correction of a draft.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET' && formAction !== '/pdf-to-form') return false
  return defaultShouldRevalidate
}

/** The quick demo (POST /pdf-to-form): the server's sample PDF through the real extraction, to step 2. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  // Only the demo button posts here; anything else would make a draft by accident.
  if ((await request.formData()).get('intent') !== 'demo') return json({ error: 'Unknown action' }, { status: 400 })
  let formId: string
  try {
    formId = (await runConversionDemo(userActor(request, user))).id
  } catch (error) {
    if (!(error instanceof PdfExtractionError)) console.error(error)
    return redirectWithToast('/pdf-to-form', { type: 'destructive', title: DEMO_FAILED, description: processingErrorMessage(error) })
  }
  return redirectWithToast(`/pdf-to-form/${formId}#step-2`, {
    title: 'Demo complete',
    description: 'The sample intake PDF was converted: review its fields below.',
  })
}

export default function PdfToFormPage() {
  const { jotform } = useLoaderData<typeof loader>()
  return (
    <PageFrame title={PAGE_TITLE} subtitle="Turn a PDF form into an online form families can fill in on any device">
      <ConverterCards jotform={jotform} />
      <Outlet />
    </PageFrame>
  )
}
