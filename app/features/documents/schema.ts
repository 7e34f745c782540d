import { z } from 'zod'
import { DEFAULT_SORT, defineListSorts } from '~/lib/list-sort'

export const DOCUMENT_CATEGORIES = [
  { value: 'general', label: 'General' },
  { value: 'forms', label: 'Forms' },
  { value: 'policies', label: 'Policies' },
  { value: 'agreements', label: 'Agreements' },
  { value: 'medical', label: 'Medical Records' },
  { value: 'billing', label: 'Billing Documents' },
  { value: 'correspondence', label: 'Correspondence' },
] as const
type CategoryValue = (typeof DOCUMENT_CATEGORIES)[number]['value']
const categoryValues = DOCUMENT_CATEGORIES.map((category) => category.value) as [CategoryValue, ...CategoryValue[]]

export function categoryLabel(value: string) {
  return DOCUMENT_CATEGORIES.find((category) => category.value === value)?.label ?? value
}

/** 50 MB, as the upload hint says ('Select a PDF file (max 50MB)'). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024
export const DOCUMENT_PAGE_SIZE = 25

const blank = (value: unknown) => (value === '' || value === null ? undefined : value)

/** The upload form's fields besides the file (which the upload handler checks). */
export const documentUploadSchema = z.object({
  category: z.preprocess(blank, z.enum(categoryValues, { error: 'Choose a category' }).default('general')),
  documentTypeId: z.preprocess(blank, z.string().uuid({ message: 'Choose a document type' }).optional()),
  description: z.preprocess(blank, z.string().trim().max(1000, { message: 'Description must be less than 1000 characters' }).optional()),
})

export const documentEditSchema = z.object({
  name: z
    .string({ error: 'Document name is required' })
    .trim()
    .min(1, { message: 'Document name is required' })
    .max(200, { message: 'Document name must be less than 200 characters' }),
  description: z.preprocess(blank, z.string().trim().max(1000, { message: 'Description must be less than 1000 characters' }).optional()),
})

/** The orders the list offers and its 'Sort by' choices; anything else is newest first. */
export const { values: DOCUMENT_SORTS, options: DOCUMENT_SORT_OPTIONS } = defineListSorts([
  { column: 'created', label: 'Uploaded' },
  { column: 'name', label: 'Name' },
])
export type DocumentSort = (typeof DOCUMENT_SORTS)[number]

export const documentListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  category: z.enum(categoryValues).optional().catch(undefined),
  type: z.string().uuid().optional().catch(undefined),
  sort: z.enum(DOCUMENT_SORTS).catch(DEFAULT_SORT),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})

export function parseDocumentListQuery(params: URLSearchParams) {
  return documentListQuerySchema.parse({
    q: params.get('q') ?? '',
    category: params.get('category') || undefined,
    type: params.get('type') || undefined,
    sort: params.get('sort') || DEFAULT_SORT,
    page: params.get('page') ?? 1,
  })
}
