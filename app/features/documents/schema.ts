import { z } from 'zod'
import { DEFAULT_SORT } from '~/lib/list-sort'
import { DOCUMENT_CATEGORIES, DOCUMENT_SORTS, type CategoryValue } from '~/features/documents/options'

export {
  DOCUMENT_CATEGORIES,
  DOCUMENT_PAGE_SIZE,
  DOCUMENT_SORTS,
  DOCUMENT_SORT_OPTIONS,
  MAX_DOCUMENT_BYTES,
  categoryLabel,
  type CategoryValue,
  type DocumentSort,
} from '~/features/documents/options'

const categoryValues = DOCUMENT_CATEGORIES.map((category) => category.value) as [CategoryValue, ...CategoryValue[]]

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
