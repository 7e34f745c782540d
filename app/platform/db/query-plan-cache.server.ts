import { isDeepStrictEqual } from 'node:util'
import { QueryCompiler } from '@prisma/client/runtime/query_compiler_bg.postgresql.mjs'

/**
 * Prisma's query compiler (WebAssembly) turns every query into a plan anew:
 * about a quarter of a record page's server time. Reads differ mostly in the
 * values they filter by, so a read's plan is compiled once per shape, with
 * its filter values as placeholders, and each later read of that shape fills
 * its own values in (a read with no values keeps its plan as it is).
 *
 * A shape is kept only once the plan filled in with its values is found
 * identical to the plan compiled from the literal query. Anything the
 * compiler does with a value other than pass it to the database (a search
 * pattern, a limit) makes the two differ, and that shape goes on being
 * compiled as before. A shape is checked on its second use, so a query seen
 * once costs nothing extra. In the tests (NODE_ENV=test) every filled-in plan
 * is also compared with a fresh compile, and a difference throws.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Template = { plan: Json }

const READS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy'])
/** Filters whose value the compiler turns into a pattern, or that change the SQL itself. */
const LITERAL_FILTERS = new Set(['mode', 'contains', 'startsWith', 'endsWith', 'search', 'path', 'string_contains', 'string_starts_with', 'string_ends_with'])
const MAX_SHAPES = 1000
const INT32 = 2 ** 31

/** A shape found to need its literal values. */
const LITERAL = 'literal'
const shapes = new Map<string, Template | typeof LITERAL>()
/** Shapes seen once, not yet checked. */
const seenOnce = new Set<string>()

export const queryPlanCacheStats = { hits: 0, kept: 0, literal: 0 }

function boundedAdd<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= MAX_SHAPES) map.delete(map.keys().next().value as K)
  map.set(key, value)
}

/**
 * The request with each filter value replaced by a placeholder named by its
 * kind and position (s0, i1, b2, d3), and the values by name. A value of
 * another kind in the same place makes another shape, so the compiler still
 * checks each kind it has not seen there. Null, lists and other typed values
 * stay as they are.
 */
function parameterize(request: string) {
  const parsed = JSON.parse(request) as { action?: string; query?: Json }
  if (!parsed.action || !READS.has(parsed.action)) return null
  const values = new Map<string, Json>()
  const placeholder = (kind: string, value: Json) => {
    const name = `${kind}${values.size}`
    values.set(name, value)
    return { $type: 'Param', value: name }
  }
  const filter = (where: { [key: string]: Json }) => {
    for (const [key, value] of Object.entries(where)) {
      if (LITERAL_FILTERS.has(key)) continue
      if (typeof value === 'string') where[key] = placeholder('s', value)
      else if (typeof value === 'boolean') where[key] = placeholder('b', value)
      else if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < INT32) where[key] = placeholder('i', value)
      else if (Array.isArray(value)) {
        for (const item of value) if (item && typeof item === 'object' && !Array.isArray(item)) filter(item)
      } else if (value && typeof value === 'object') {
        if (value.$type === 'DateTime' && typeof value.value === 'string') where[key] = placeholder('d', value.value)
        else if (!('$type' in value)) filter(value)
      }
    }
  }
  const query = (node: Json) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return
    const args = node.arguments
    if (args && typeof args === 'object' && !Array.isArray(args) && args.where && typeof args.where === 'object' && !Array.isArray(args.where)) filter(args.where)
    const selection = node.selection
    if (selection && typeof selection === 'object' && !Array.isArray(selection)) for (const field of Object.values(selection)) query(field)
  }
  query(parsed.query ?? null)
  return { shape: values.size === 0 ? request : JSON.stringify(parsed), values }
}

function isPlaceholder(node: { [key: string]: Json }): node is { prisma__type: 'param'; prisma__value: { name: string } } {
  return node.prisma__type === 'param'
}

/** A copy of the plan with each placeholder replaced by its value (the cached plan is never handed out itself). */
function fill(node: Json, values: Map<string, Json>): Json {
  if (node === null || typeof node !== 'object') return node
  if (Array.isArray(node)) return node.map((item) => fill(item, values))
  if (isPlaceholder(node)) {
    const value = values.get(node.prisma__value.name)
    if (value === undefined) throw new Error(`Query plan cache: no value for ${node.prisma__value.name}`)
    return value
  }
  const copy: { [key: string]: Json } = {}
  for (const key in node) copy[key] = fill(node[key]!, values)
  return copy
}

type Compile = (this: unknown, request: string) => Json

/** Wraps the compiler's compile once per process; returns false if Prisma's compiler no longer has that method. */
export function installQueryPlanCache({ verify = false }: { verify?: boolean } = {}) {
  const prototype = QueryCompiler.prototype as { compile: Compile; cached?: true }
  if (typeof prototype.compile !== 'function') return false
  if (prototype.cached) return true
  const compile = prototype.compile
  prototype.compile = function cachedCompile(request) {
    const parameterized = parameterize(request)
    if (!parameterized) return compile.call(this, request)
    const { shape, values } = parameterized
    const known = shapes.get(shape)
    if (known && known !== LITERAL) {
      queryPlanCacheStats.hits++
      const plan = fill(known.plan, values)
      if (verify) {
        const literal = compile.call(this, request)
        if (!isDeepStrictEqual(plan, literal)) throw new Error(`Query plan cache: a filled-in plan differs from the compiled one for ${request}`)
      }
      return plan
    }
    const literal = compile.call(this, request)
    if (known === LITERAL) return literal
    if (!seenOnce.has(shape)) {
      if (seenOnce.size >= MAX_SHAPES) seenOnce.delete(seenOnce.values().next().value as string)
      seenOnce.add(shape)
      return literal
    }
    seenOnce.delete(shape)
    let template: Template | typeof LITERAL = LITERAL
    if (values.size === 0) template = { plan: fill(literal, values) }
    else {
      try {
        const plan = compile.call(this, shape)
        if (isDeepStrictEqual(fill(plan, values), literal)) template = { plan }
      } catch {
        // The compiler needs this value itself (a limit, say): the shape keeps its literal values.
      }
    }
    if (template === LITERAL) queryPlanCacheStats.literal++
    else queryPlanCacheStats.kept++
    boundedAdd(shapes, shape, template)
    return literal
  }
  prototype.cached = true
  return true
}
