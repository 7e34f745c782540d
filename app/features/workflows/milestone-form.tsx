import { Form } from '@remix-run/react'
import { useId } from 'react'
import { SelectField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { MILESTONE_TRIGGERS, type MilestoneType, triggerLabel } from '~/features/workflows/labels'

/**
 * 'Record milestone': a coordinator's word that something the portal does
 * not see has happened (training finished, intake call held), which starts
 * the workflow stages waiting for it. A plain form: works without JavaScript.
 */
export function MilestoneForm({ type, action, className }: { type: MilestoneType; action: string; className?: string }) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="mb-2 text-lg font-semibold">
        Record milestone
      </h2>
      <Form method="post" action={action} className="flex flex-wrap items-end gap-3">
        <SelectField
          className="min-w-[14rem]"
          labelProps={{ children: 'Milestone' }}
          selectProps={{ id: `${id}-milestone`, name: 'milestone', required: true }}
          options={MILESTONE_TRIGGERS[type].map((milestone) => ({ value: milestone, label: triggerLabel(milestone) }))}
        />
        <Button type="submit" variant="secondary">
          Record milestone
        </Button>
      </Form>
      <p className="mt-2 text-xs text-slate-600">Starts the workflow stages triggered by it (Settings → Workflows).</p>
    </section>
  )
}
