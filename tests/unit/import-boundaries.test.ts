import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

/**
 * Imports flow routes -> features -> platform, integrations, lib: the lint
 * configuration refuses a back-edge. Checked on code the repository does not
 * contain, linted as if it sat in each layer.
 */
const eslint = new ESLint()

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

describe('import boundaries', () => {
  test.each([
    ['app/platform/example.server.ts', "import { listLeads } from '~/features/leads/leads.server'"],
    ['app/platform/example.server.ts', "import { startLocalFakes } from '~/integrations/fakes.server'"],
    ['app/integrations/example.server.ts', "import { listLeads } from '~/features/leads/leads.server'"],
    ['app/lib/example.ts', "import { prisma } from '~/platform/db.server'"],
    ['app/components/example.tsx', "import { LeadForm } from '~/features/leads/lead-form'"],
    ['app/features/leads/example.server.ts', "import { loader } from '~/routes/_app.leads'"],
    ['app/features/leads/example.server.ts', "import { startApplication } from '~/startup.server'"],
    ['app/features/leads/example.server.ts', "import { x } from '../patients/schema'"],
    ['app/routes/example.tsx', "import { parseWithZod } from '@conform-to/zod/v4'"],
    ['app/features/pdf-conversion/example.server.ts', "import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs'"],
    ['app/features/portal-signing/example.server.ts', "import * as worker from 'pdfjs-dist/legacy/build/pdf.worker.mjs'"],
  ])('%s may not: %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {}\n`)).not.toEqual([])
  })

  test.each([
    ['app/routes/example.tsx', "import { listLeads } from '~/features/leads/leads.server'"],
    ['app/features/patients/example.server.ts', "import { getLead } from '~/features/leads/leads.server'"],
    ['app/features/leads/example.server.ts', "import { prisma } from '~/platform/db.server'"],
    ['app/integrations/example.server.ts', "import { getEnv } from '~/platform/env.server'"],
    ['app/startup.server.ts', "import { seedDemoData } from '~/features/demo-data.server'"],
    ['app/features/pdf-conversion/example.server.ts', "import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'"],
  ])('%s may: %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {}\n`)).toEqual([])
  })
})
