import { expect, test } from 'vitest'
import { createSamplePdf } from '~/features/pdf-conversion/demo-pdf.server'
import { readPageLayouts } from '~/features/portal-signing/page-layout.server'

/**
 * Every request serialises its data with JSON and fills arrays with push:
 * reading a PDF must leave the engine's own functions in place (pdfjs's
 * legacy build brings slower replacements of them; app/platform/pdfjs.server.ts).
 */
const builtIns = () => ({ parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push })

test('reading a PDF with pdfjs leaves JSON and Array.prototype.push as the engine made them', async () => {
  const before = builtIns()
  for (const fn of Object.values(before)) expect(Function.prototype.toString.call(fn)).toContain('[native code]')

  const pdf = await createSamplePdf('intake')
  const [first] = await readPageLayouts(pdf)

  expect(first!.runs.map((run) => run.text).join(' ')).toMatch(/\w/)
  expect(builtIns()).toEqual(before)
  expect(Object.getOwnPropertyDescriptor(Array.prototype, 'push')?.enumerable).toBe(false)
  // What pdfjs adds and needs stays.
  expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function')
})
