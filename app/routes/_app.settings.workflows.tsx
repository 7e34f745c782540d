import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { ActionMenu, ActionMenuLink } from '~/components/action-menu'
import { useDialogOutletOnly } from '~/components/dialog-links'
import { ActiveBadge } from '~/components/status-badge'
import { Button, buttonClassName } from '~/components/ui/button'
import {
  WORKFLOWS_PATH,
  WORKFLOW_TYPES,
  WORKFLOW_TYPE_LABELS,
  type WorkflowType,
  formatDelay,
  isWorkflowType,
  triggerLabel,
} from '~/features/workflows/options'
import { listStages, nextStageOrder } from '~/features/workflows/stages.server'
import { workflowOverview } from '~/features/workflows/runs.server'
import { cn } from '~/lib/misc'
import { useFragmentFocus } from '~/lib/use-fragment-focus'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Workflows | Settings | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const requested = new URL(request.url).searchParams.get('type')
  const type: WorkflowType = isWorkflowType(requested) ? requested : 'lead'
  const [stages, overview, counts] = await Promise.all([
    listStages({ type }),
    workflowOverview(),
    Promise.all(WORKFLOW_TYPES.map(async (each) => [each, (await nextStageOrder(each)) - 1] as const)),
  ])
  return json({
    type,
    overview,
    stageCounts: Object.fromEntries(counts) as Record<WorkflowType, number>,
    stages: stages.map((stage) => ({
      id: stage.id,
      name: stage.name,
      description: stage.description,
      order: stage.order,
      isActive: stage.isActive,
      delayHours: stage.delayHours,
      trigger: stage.trigger,
      templateName: stage.emailTemplate?.name ?? null,
    })),
  })
}

function percent(rate: number | null) {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`
}

function hours(value: number | null) {
  if (value === null) return '—'
  return value < 1 ? `${Math.round(value * 60)} min` : `${value.toFixed(1)} h`
}

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  )
}

export default function WorkflowsTab() {
  const { type, overview, stages, stageCounts } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const canWrite = useCan('records:write')
  useFragmentFocus()
  if (useDialogOutletOnly(outlet)) return outlet
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="workflows-overview-heading">
        <h2 id="workflows-overview-heading" className="mb-3 text-xl font-semibold">
          Workflows overview
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          <Figure label="Stages (active)" value={`${overview.stages.total} (${overview.stages.active})`} />
          <Figure label="Runs completed today" value={overview.completedToday} />
          <Figure label="Pending runs" value={overview.pending} />
          <Figure label="Average time to complete" value={hours(overview.averageHoursToComplete)} />
          <div className="col-span-2 rounded-lg border border-slate-200 bg-white p-4 md:col-span-1">
            <dt className="text-sm text-slate-600">Completion rate</dt>
            <dd className="mt-1 text-sm">
              <ul>
                {WORKFLOW_TYPES.map((each) => (
                  <li key={each} className="flex justify-between gap-2">
                    <span className="capitalize">{each}</span>
                    <span className="font-semibold tabular-nums">{percent(overview.completionRate[each])}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-600">"Today" is the agency's day ({overview.timeZone}). Completion rate: completed runs among finished ones.</p>
      </section>

      <nav aria-label="Workflows" className="overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {WORKFLOW_TYPES.map((each) => (
            <li key={each}>
              <Link
                to={`${WORKFLOWS_PATH}?type=${each}`}
                aria-current={each === type ? 'page' : undefined}
                className={cn(
                  'flex min-h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium coarse:min-h-11',
                  each === type ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {WORKFLOW_TYPE_LABELS[each]} ({stageCounts[each]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="workflow-stages-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="workflow-stages-heading" tabIndex={-1} className="text-xl font-semibold">
            {WORKFLOW_TYPE_LABELS[type]}
          </h2>
          {canWrite ? (
            <Link to={`${WORKFLOWS_PATH}/new?type=${type}`} preventScrollReset className={buttonClassName('primary')}>
              Add Stage
            </Link>
          ) : null}
        </div>
        {stages.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            No stages in this workflow yet.
          </p>
        ) : (
          <ol aria-label={`${WORKFLOW_TYPE_LABELS[type]} stages, in order`} className="flex flex-col gap-3">
            {stages.map((stage) => (
              <li key={stage.id} id={`stage-${stage.id}`} tabIndex={-1} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold text-slate-900">
                      <span className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-blue-100 text-xs text-blue-900">
                        {stage.order}
                      </span>
                      {stage.name}
                    </h3>
                    {stage.description ? <p className="mt-1 text-sm text-slate-700">{stage.description}</p> : null}
                    <p className="mt-1 text-sm text-slate-600">
                      Trigger: {triggerLabel(stage.trigger)} · Delay: {formatDelay(stage.delayHours)} · E-mail template:{' '}
                      {stage.templateName ?? 'None'}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <ActiveBadge active={stage.isActive} labels={['Active', 'Inactive']} />
                    {canWrite ? (
                      <>
                        <Form method="post" action={`${WORKFLOWS_PATH}/${stage.id}/toggle?type=${type}`} preventScrollReset>
                          <input type="hidden" name="isActive" value={stage.isActive ? 'false' : 'true'} />
                          <Button type="submit" variant="secondary" aria-label={`${stage.isActive ? 'Switch off' : 'Switch on'} ${stage.name}`}>
                            {stage.isActive ? 'Switch off' : 'Switch on'}
                          </Button>
                        </Form>
                        <ActionMenu label={`Actions for ${stage.name}`}>
                          <ActionMenuLink to={`${WORKFLOWS_PATH}/${stage.id}/edit?type=${type}`}>Edit</ActionMenuLink>
                          <ActionMenuLink to={`${WORKFLOWS_PATH}/${stage.id}/delete?type=${type}`} className="text-red-800">
                            Delete
                          </ActionMenuLink>
                        </ActionMenu>
                      </>
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      {outlet}
    </div>
  )
}
