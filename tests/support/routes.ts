import path from 'node:path'
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev'

export type AppRoute = { id: string; file: string; urlPath: string; params: Record<string, string> }

/**
 * Every route the app defines, read the way the Remix compiler reads them,
 * with a concrete URL for each (params filled with a random uuid).
 */
export function listAppRoutes(): AppRoute[] {
  const appDirectory = path.resolve('app')
  const manifest = flatRoutes(appDirectory, ['**/.*', '**/*.test.{ts,tsx}'])
  const entries = Object.values(manifest)
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const placeholder = '00000000-0000-4000-8000-000000000000'
  return entries.map((entry) => {
    const segments: string[] = []
    for (let current: typeof entry | undefined = entry; current; current = current.parentId ? byId.get(current.parentId) : undefined) {
      if (current.path) segments.unshift(current.path)
    }
    const urlPath =
      '/' +
      segments
        .join('/')
        .split('/')
        .filter(Boolean)
        .map((segment) => (segment.startsWith(':') ? placeholder : segment === '*' ? 'unknown-page' : segment))
        .join('/')
    const params: Record<string, string> = {}
    for (const segment of segments.join('/').split('/')) {
      if (segment.startsWith(':')) params[segment.slice(1).replace(/\?$/, '')] = placeholder
      if (segment === '*') params['*'] = 'unknown-page'
    }
    return { id: entry.id, file: path.join(appDirectory, entry.file), urlPath, params }
  })
}
