import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, test } from 'vitest'
import noServerValueInRender from '../../eslint-rules/no-server-value-in-render.js'

// RuleTester reports through the test framework's globals.
RuleTester.describe = describe
RuleTester.it = test
RuleTester.itOnly = test.only

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
})

tester.run('no-server-value-in-render', noServerValueInRender, {
  valid: [
    // In the loader, a server value is what it is for.
    `import { listLeads, PAGE_SIZE } from '~/features/leads/leads.server'
     export async function loader() { return { leads: await listLeads(), size: PAGE_SIZE } }
     export default function Page() { return <p>Leads</p> }`,
    // A helper the loader calls.
    `import { getEnv } from '~/platform/env.server'
     function zone() { return getEnv().AGENCY_TIME_ZONE }
     export async function loader() { return { zone: zone() } }`,
    // Types are erased.
    `import type { Lead } from '~/features/leads/leads.server'
     export default function Page({ lead }: { lead: Lead }) { return <p>{lead.id}</p> }`,
    `import { type Lead } from '~/features/leads/leads.server'
     export default function Page({ lead }: { lead: Lead }) { return <p>{lead.id}</p> }`,
    // Modules the browser loads.
    `import { LEAD_STATUSES } from '~/features/leads/options'
     export default function Page() { return <p>{LEAD_STATUSES.length}</p> }`,
    // In a type, even inside a component: erased.
    `import { listLeads } from '~/features/leads/leads.server'
     export default function Page({ lead }: { lead: Awaited<ReturnType<typeof listLeads>>[number] }) { return <p>{lead.id}</p> }`,
    // An action wrapped at the top level is stripped from the browser's module with the export.
    `import { withPermission } from '~/platform/auth/auth.server'
     export const action = withPermission(async () => null)
     export default function Page() { return null }`,
    // A route without a component: the browser gets an empty module.
    {
      filename: '/repo/app/routes/_app.things.$id.milestone.tsx',
      code: `import { milestoneSchema } from '~/features/workflows/forms.server'
        const schema = milestoneSchema('caregiver')
        export async function action() { return schema }`,
    },
  ],
  invalid: [
    {
      code: `import { PAGE_SIZE } from '~/features/leads/leads.server'
        export default function Page() { return <p>{PAGE_SIZE}</p> }`,
      errors: [{ messageId: 'serverValue' }],
    },
    {
      code: `import { getEnv } from '~/platform/env.server'
        export function Banner() { const zone = getEnv().AGENCY_TIME_ZONE; return zone }`,
      errors: [{ messageId: 'serverValue' }],
    },
    {
      code: `import { STAGES } from '~/features/workflows/stages.server'
        export function useStages() { return STAGES }`,
      errors: [{ messageId: 'serverValue' }],
    },
    {
      code: `import { APP_NAME } from '~/platform/env.server'
        export const meta = () => [{ title: APP_NAME }]
        export default function Page() { return null }`,
      errors: [{ messageId: 'serverValue' }],
    },
    {
      code: `import { PAGE_SIZE } from '~/features/leads/leads.server'
        const size = PAGE_SIZE
        export default function Page() { return size }`,
      errors: [{ messageId: 'serverValue' }],
    },
    {
      code: `import { memo } from 'react'
        import { LABELS } from '~/features/leads/labels.server'
        export const Row = memo(({ id }: { id: string }) => { const label = LABELS[id]; return label })`,
      errors: [{ messageId: 'serverValue' }],
    },
    {
      filename: '/repo/app/components/thing.tsx',
      code: `import { milestoneSchema } from '~/features/workflows/forms.server'
        const schema = milestoneSchema('caregiver')
        export function check() { return schema }`,
      errors: [{ messageId: 'serverValue' }],
    },
    {
      code: `import { LABELS } from './labels.server.ts'
        const Row = () => <td>{LABELS.a}</td>
        export default Row`,
      errors: [{ messageId: 'serverValue' }],
    },
  ],
})
