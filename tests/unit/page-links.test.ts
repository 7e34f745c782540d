import { describe, expect, test } from 'vitest'
import { buildPageLinks, pageSummary } from '~/lib/page-links'

describe('page links', () => {
  test('numbered page links keep the filters and mark gaps', () => {
    const links = buildPageLinks('?status=active&page=5', 5, 12, 120)
    expect(links).toMatchObject({ pageCount: 10, from: 49, to: 60, previous: '?status=active&page=4', next: '?status=active&page=6' })
    expect(links.pages.map((link) => (link ? link.page : '…'))).toEqual([1, '…', 3, 4, 5, 6, 7, '…', 10])
    expect(links.pages[0]).toEqual({ page: 1, href: '?status=active', current: false })
    expect(buildPageLinks('', 1, 12, 0)).toMatchObject({ from: 0, to: 0, pageCount: 1, previous: null, next: null })
    expect(buildPageLinks('', 2, 12, 13)).toMatchObject({ from: 13, to: 13, previous: '?', next: null })
  })

  test('the first page has no page parameter; the others keep every other parameter', () => {
    const links = buildPageLinks('?entityType=PageTest&action=view&page=2', 2, 50, 120)
    expect(links).toMatchObject({
      pageCount: 3,
      previous: '?entityType=PageTest&action=view',
      next: '?entityType=PageTest&action=view&page=3',
    })
    expect(links.pages.map((link) => link && [link.page, link.current])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ])
  })

  test('a page past the end (an old link) is summed up and linked as the last page, the one the list shows', () => {
    const links = buildPageLinks('?q=smith&page=99', 99, 12, 64)
    expect(links).toMatchObject({ page: 6, pageCount: 6, from: 61, to: 64, previous: '?q=smith&page=5', next: null })
    expect(links.pages.filter((link) => link?.current).map((link) => link?.page)).toEqual([6])
    expect(pageSummary(links, 64, 'results', 'to')).toBe('Showing 61 to 64 of 64 results')
    expect(pageSummary(buildPageLinks('', 99, 25, 3), 3, 'patients', 'dash')).toBe('Showing 1-3 of 3 patients')
  })
})
