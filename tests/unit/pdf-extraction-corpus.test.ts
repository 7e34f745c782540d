import { beforeAll, describe, expect, test } from 'vitest'
import type { ExtractedFormSchema, FormField } from '~/features/online-forms/form-fields'
import { ExtractedFormSchemaSchema } from '~/features/online-forms/form-fields-schema'
import { splitWords } from '~/features/pdf-conversion/field-rules'
import { extractFormSchema } from '~/features/pdf-conversion/extract.server'
import { buildPdfCorpus, type CorpusPdf, type ExpectedField } from '#tests/support/pdf-corpus'

/** A found field matches an expected one by its label's words (case and punctuation aside) and its type. */
const labelKey = (label: string) => splitWords(label).join(' ')
function score(expected: ExpectedField[], found: FormField[]) {
  const unmatched = [...found]
  const matches: Array<{ expected: ExpectedField; found: FormField }> = []
  const missed: ExpectedField[] = []
  for (const field of expected) {
    const index = unmatched.findIndex((candidate) => labelKey(candidate.label) === labelKey(field.label) && candidate.type === field.type)
    if (index === -1) missed.push(field)
    else matches.push({ expected: field, found: unmatched.splice(index, 1)[0]! })
  }
  return {
    matches,
    missed,
    extra: unmatched,
    precision: found.length === 0 ? 0 : matches.length / found.length,
    recall: expected.length === 0 ? 1 : matches.length / expected.length,
  }
}

let corpus: CorpusPdf[]
const results = new Map<string, { schema: ExtractedFormSchema; scored: ReturnType<typeof score> }>()

beforeAll(async () => {
  corpus = await buildPdfCorpus()
  for (const pdf of corpus) {
    const schema = await extractFormSchema({ bytes: pdf.bytes, fileName: pdf.file })
    results.set(pdf.file, { schema, scored: score(pdf.expected, schema.fields) })
  }
  console.table(
    corpus.map((pdf) => {
      const { schema, scored } = results.get(pdf.file)!
      return {
        file: pdf.file,
        kind: pdf.kind,
        expected: pdf.expected.length,
        found: schema.fields.length,
        matched: scored.matches.length,
        precision: scored.precision.toFixed(2),
        recall: scored.recall.toFixed(2),
        missed: scored.missed.map((field) => `${field.label}:${field.type}`).join(', '),
        extra: scored.extra.map((field) => `${field.label}:${field.type}`).join(', '),
      }
    }),
  )
})

describe('PDF extraction corpus', () => {
  test('fillable PDFs: every field found with its exact type, options, required flag and page', () => {
    for (const pdf of corpus.filter((item) => item.kind === 'fillable')) {
      const { schema, scored } = results.get(pdf.file)!
      expect(scored.missed, pdf.file).toEqual([])
      expect(scored.recall, pdf.file).toBe(1)
      expect(scored.extra, pdf.file).toEqual([])
      expect(schema.fallbackFields).toBe(false)
      for (const { expected, found } of scored.matches) {
        expect(found.required, `${pdf.file} ${expected.label}`).toBe(expected.required ?? false)
        if (expected.options) expect(found.options, `${pdf.file} ${expected.label}`).toEqual(expected.options)
        if (expected.page) expect(found.page, `${pdf.file} ${expected.label}`).toBe(expected.page)
      }
    }
  })

  test('flat PDFs: at least 80% of the fields found, and at least 80% of what is found is right', () => {
    for (const pdf of corpus.filter((item) => item.kind === 'flat')) {
      const { schema, scored } = results.get(pdf.file)!
      expect(scored.recall, pdf.file).toBeGreaterThanOrEqual(0.8)
      expect(scored.precision, pdf.file).toBeGreaterThanOrEqual(0.8)
      expect(schema.fallbackFields).toBe(false)
      for (const { expected, found } of scored.matches) {
        if (expected.options) expect(found.options, `${pdf.file} ${expected.label}`).toEqual(expected.options)
        if (expected.page) expect(found.page, `${pdf.file} ${expected.label}`).toBe(expected.page)
      }
    }
  })

  test('every answer is a valid schema with the title, the page count and unique names', () => {
    for (const pdf of corpus) {
      const { schema } = results.get(pdf.file)!
      expect(schema.title, pdf.file).toBe(pdf.title)
      expect(ExtractedFormSchemaSchema.parse(schema).fields).toHaveLength(schema.fields.length)
      expect(schema.totalPages).toBeGreaterThanOrEqual(1)
      expect(Number.isNaN(Date.parse(schema.extractedAt))).toBe(false)
    }
    expect(results.get('fillable-all-types.pdf')!.schema.totalPages).toBe(2)
  })
})
