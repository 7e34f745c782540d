/**
 * What each page makes the browser download: for every route of the
 * production build, the JavaScript its first load fetches (the entry, the
 * root and every parent route, their shared chunks), in gzip bytes, as the
 * server's compression sends it.
 *
 *   npm run build && npm run bundle:report            # the table
 *   npm run bundle:report -- --check                  # also fail when a page exceeds its budget
 *   npm run bundle:report -- --json                   # machine-readable
 *   npm run bundle:report -- --why _app.leads        # what a page's files hold, by size
 *
 * Budgets are in scripts/bundle-budget.json: a ceiling per page (route id,
 * or "*" for every other page) in gzip kilobytes. They are a ratchet: lower
 * a page's figure when a change makes it lighter; raise one only with the
 * reason written in docs/performance.md.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[]; path?: string; index?: boolean }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }
export type PageWeight = { route: string; files: number; gzipBytes: number; rawBytes: number }

const root = fileURLToPath(new URL('..', import.meta.url))
const publicDir = path.join(root, 'public')
const buildDir = path.join(publicDir, 'build')

function readManifest(): Manifest {
  const file = fs.readdirSync(buildDir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name))
  if (!file) throw new Error('public/build has no manifest: run `npm run build` first')
  const source = fs.readFileSync(path.join(buildDir, file), 'utf8')
  return JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest
}

const sizes = new Map<string, { gzip: number; raw: number }>()
function sizeOf(url: string) {
  let size = sizes.get(url)
  if (!size) {
    const content = fs.readFileSync(path.join(publicDir, url))
    // Level 6: what the `compression` middleware sends.
    size = { raw: content.length, gzip: zlib.gzipSync(content, { level: 6 }).length }
    sizes.set(url, size)
  }
  return size
}

function sourceOf(route: ManifestRoute) {
  const base = path.join(root, 'app', route.id)
  const file = [`${base}.tsx`, `${base}/route.tsx`, `${base}.ts`].find((candidate) => fs.existsSync(candidate))
  return file === undefined ? '' : fs.readFileSync(file, 'utf8')
}

/** Route modules with a component, their own or re-exported: the pages (resource and API routes have none). */
function isPage(route: ManifestRoute) {
  if (route.id === 'root' || route.id === 'routes/_app') return false
  return /export default |export \{[^}]*\bdefault\b[^}]*\} from /.test(sourceOf(route))
}

/**
 * A page served as plain HTML (`handle = staticPageHandle`): its first load
 * fetches no JavaScript file; its form check is inline in the HTML.
 */
function isStaticPage(route: ManifestRoute) {
  return /export const handle = staticPageHandle/.test(sourceOf(route))
}

function filesOf(manifest: Manifest, page: ManifestRoute) {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports])
  const chain: ManifestRoute[] = []
  for (let route: ManifestRoute | undefined = page; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    chain.unshift(route)
  }
  for (const route of chain) {
    files.add(route.module)
    for (const file of route.imports ?? []) files.add(file)
  }
  return files
}

/** A page's first load: the entry, then the route chain from the root to the page. */
export function pageWeights(): PageWeight[] {
  const manifest = readManifest()
  return Object.values(manifest.routes)
    .filter(isPage)
    .map((page) => {
      const files = isStaticPage(page) ? new Set<string>() : filesOf(manifest, page)
      let gzipBytes = 0
      let rawBytes = 0
      for (const file of files) {
        const size = sizeOf(file)
        gzipBytes += size.gzip
        rawBytes += size.raw
      }
      return { route: page.id.replace(/^routes\//, ''), files: files.size, gzipBytes, rawBytes }
    })
    .sort((a, b) => a.route.localeCompare(b.route))
}

/**
 * Why a page weighs what it does: the packages and app modules in its files,
 * by bytes before compression (from the compiler's metafile).
 */
function explain(routeId: string) {
  const manifest = readManifest()
  const page = manifest.routes[`routes/${routeId}`] ?? manifest.routes[routeId]
  if (!page) throw new Error(`no route ${routeId}`)
  const metafile = JSON.parse(fs.readFileSync(path.join(root, 'build', 'metafile.js.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>
  }
  const bySource = new Map<string, number>()
  for (const file of filesOf(manifest, page)) {
    const output = metafile.outputs[`public${file}`]
    for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1]
      const source = pkg ? `npm:${pkg}` : input
      bySource.set(source, (bySource.get(source) ?? 0) + bytesInOutput)
    }
  }
  const rows = [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 40)
  for (const [source, bytes] of rows) console.log(`${kb(bytes).padStart(8)} KB  ${source}`)
}

type Budget = { referenceKb: number; goalFactor: number; pages: Record<string, number> }

function readBudget(): Budget {
  return JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'bundle-budget.json'), 'utf8')) as Budget
}

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1)
}

function main() {
  const args = new Set(process.argv.slice(2))
  const why = process.argv.indexOf('--why')
  if (why !== -1) return explain(process.argv[why + 1] ?? '')
  const weights = pageWeights()
  if (args.has('--json')) {
    console.log(JSON.stringify(weights, null, 2))
    return
  }
  const budget = readBudget()
  const goalKb = budget.referenceKb * budget.goalFactor
  const over: string[] = []
  console.log(`JavaScript per page, first load (gzip). Goal: ${goalKb.toFixed(1)} KB (${budget.goalFactor}× a bare Remix page's ${budget.referenceKb} KB).\n`)
  console.log(`${'page'.padEnd(58)} ${'files'.padStart(5)} ${'gzip KB'.padStart(8)} ${'× bare'.padStart(7)} ${'budget'.padStart(7)}`)
  for (const page of weights) {
    const ceiling = budget.pages[page.route] ?? budget.pages['*']
    const flag = ceiling !== undefined && page.gzipBytes / 1024 > ceiling ? '  OVER' : ''
    if (flag) over.push(`${page.route}: ${kb(page.gzipBytes)} KB > ${ceiling} KB`)
    console.log(
      `${page.route.padEnd(58)} ${String(page.files).padStart(5)} ${kb(page.gzipBytes).padStart(8)} ${(page.gzipBytes / 1024 / budget.referenceKb).toFixed(2).padStart(7)} ${String(ceiling ?? '-').padStart(7)}${flag}`,
    )
  }
  if (args.has('--check') && over.length > 0) {
    console.error(`\nOver the JavaScript budget (scripts/bundle-budget.json):\n  ${over.join('\n  ')}`)
    process.exit(1)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main()
