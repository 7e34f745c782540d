import { describe, expect, test } from 'vitest'
import { listAppRoutes } from '#tests/support/routes'

type MetaTags = Array<{ title?: string }>
type RouteModule = { default?: unknown; meta?: (args: unknown) => MetaTags }

/** The app shell and the converter's frame only frame their pages; each page names itself. */
const LAYOUTS = new Set(['routes/_app', 'routes/_app.pdf-to-form'])

async function pageTitles() {
  const titles: Array<{ id: string; title: string | undefined }> = []
  // A dialog drawn over both a record's page and its list is one page at two addresses (ADR 0031).
  const pages = new Set<unknown>()
  for (const route of listAppRoutes()) {
    const module = (await import(route.file)) as RouteModule
    if (!module.default || LAYOUTS.has(route.id) || pages.has(module.default)) continue
    pages.add(module.default)
    const tags = module.meta?.({
      // Minimal arguments: the title cannot depend on loader data (a record page must not name the person; page-titles.test.ts).
      data: undefined,
      params: route.params,
      location: { pathname: route.urlPath, search: '', hash: '', state: null, key: 'default' },
      matches: [],
    })
    titles.push({ id: route.id, title: tags?.find((tag) => tag.title)?.title })
  }
  return titles
}

describe('page titles', () => {
  // The title in the browser's tabs and history says where each page, tab or dialog is; a shared title says nothing.
  test('every page, settings tab and dialog has its own title', async () => {
    const titles = await pageTitles()
    expect(titles.length).toBeGreaterThan(30)
    for (const { id, title } of titles) {
      expect(title ?? '(no title)', id).toMatch(/^[^|]+ \| (.+ \| )?Healthcare Portal$/)
    }
    const routesByTitle = new Map<string | undefined, string[]>()
    for (const { id, title } of titles) routesByTitle.set(title, [...(routesByTitle.get(title) ?? []), id])
    const shared = [...routesByTitle].filter(([, ids]) => ids.length > 1).map(([title, ids]) => `${title}: ${ids.join(', ')}`)
    expect(shared).toEqual([])
  }, 60_000)
})
