import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ComingSoon } from '~/components/page-header'
import { RouteDialog } from '~/components/route-dialog'
import { viewLead } from '~/features/leads/leads.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Send E-Signature Request | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw new Response('Lead not found', { status: 404 })
  return json({
    lead: { id: lead.id, name: `${lead.firstName} ${lead.lastName}`, email: lead.email, phone: lead.phone },
    closeTo: dialogExitPath(request, `/leads/${lead.id}`),
  })
}

export default function LeadESign() {
  const { lead, closeTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Send E-Signature Request" closeTo={closeTo}>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Name</dt>
        <dd>{lead.name}</dd>
        <dt className="text-slate-600">Email</dt>
        <dd>{lead.email}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>{lead.phone}</dd>
      </dl>
      <ComingSoon>Sending documents for e-signature through GoFormz or BoldSign is being built.</ComingSoon>
    </RouteDialog>
  )
}
