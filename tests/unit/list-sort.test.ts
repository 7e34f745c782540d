import { describe, expect, test } from 'vitest'
import { DEFAULT_SORT, nextSort, parseSort, sortOptions } from '~/lib/list-sort'
import { LEAD_SORT_OPTIONS, parseLeadListQuery } from '~/features/leads/schema'
import { parsePatientListQuery } from '~/features/patients/schema'
import { parseCaregiverListQuery } from '~/features/caregivers/schema'
import { parseDocumentListQuery } from '~/features/documents/schema'

const PARSERS = [
  { list: 'leads', parse: parseLeadListQuery, sorts: ['created', '-created', 'name', '-name', 'status', '-status'] },
  { list: 'patients', parse: (params: URLSearchParams) => parsePatientListQuery(params), sorts: ['created', '-created', 'name', '-name', 'status', '-status'] },
  { list: 'caregivers', parse: (params: URLSearchParams) => parseCaregiverListQuery(params), sorts: ['created', '-created', 'name', '-name', 'status', '-status'] },
  { list: 'documents', parse: parseDocumentListQuery, sorts: ['created', '-created', 'name', '-name'] },
]

describe.each(PARSERS)('the $list list query', ({ parse, sorts }) => {
  test('keeps each order it offers', () => {
    for (const sort of sorts) expect(parse(new URLSearchParams({ sort })).sort).toBe(sort)
  })

  test('is newest first without a sort, and for one it does not offer', () => {
    expect(parse(new URLSearchParams()).sort).toBe(DEFAULT_SORT)
    for (const sort of ['', 'bogus', 'NAME', '--name', 'name ', 'createdAt', 'email', 'id', ...(sorts.includes('status') ? [] : ['status'])]) {
      expect(parse(new URLSearchParams({ sort })).sort, sort).toBe('-created')
    }
  })

  test('a bad order leaves the search and filters alone', () => {
    const query = parse(new URLSearchParams({ q: 'smith', sort: 'nope', page: '2' }))
    expect(query).toMatchObject({ q: 'smith', page: 2, sort: '-created' })
  })
})

describe('sort values', () => {
  test('a leading minus means descending', () => {
    expect(parseSort('name')).toEqual({ column: 'name', direction: 'asc' })
    expect(parseSort('-created')).toEqual({ column: 'created', direction: 'desc' })
  })

  test('a header turns its own sort around and starts another column where people expect', () => {
    expect(nextSort('name', 'name')).toBe('-name')
    expect(nextSort('-name', 'name')).toBe('name')
    expect(nextSort('-created', 'name')).toBe('name')
    expect(nextSort('name', 'created')).toBe('-created')
    expect(nextSort('-created', 'created')).toBe('created')
    expect(nextSort('-name', 'status')).toBe('status')
  })

  test("the 'Sort by' choices read as people say them, newest first at the top", () => {
    expect(LEAD_SORT_OPTIONS).toEqual([
      { value: '-created', label: 'Newest first' },
      { value: 'created', label: 'Oldest first' },
      { value: 'name', label: 'Name (A–Z)' },
      { value: '-name', label: 'Name (Z–A)' },
      { value: 'status', label: 'Status (A–Z)' },
      { value: '-status', label: 'Status (Z–A)' },
    ])
    expect(sortOptions([{ column: 'name', label: 'Name' }]).map((option) => option.value)).toEqual(['name', '-name'])
  })
})
