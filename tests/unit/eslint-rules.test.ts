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
      code: `import { LABELS } from './labels.server.ts'
        const Row = () => <td>{LABELS.a}</td>
        export default Row`,
      errors: [{ messageId: 'serverValue' }],
    },
  ],
})
