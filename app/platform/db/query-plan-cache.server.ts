import { isDeepStrictEqual } from 'node:util'
import { QueryCompiler } from '@prisma/client/runtime/query_compiler_bg.postgresql.mjs'

/**
 * Prisma's query compiler (WebAssembly) turns every query into a plan anew:
 * about a quarter of a record page's server time. Reads differ mostly in the
 * values they compare columns with, so a read's plan is compiled once per
 * shape, with those values as placeholders, and each later read of that shape
 * fills its own values in (a read with no values keeps its plan as it is).
 * Raw SQL is kept per statement the same way (parameterizeRaw).
 *
 * Only a value compared with a column of its own type (text, whole number,
 * boolean, date; found through the schema), or text searched for in a text
 * column (contains, startsWith, endsWith), becomes a placeholder. A read that
 * still holds text after that (a search, a date given as text) is compiled as
 * before and never held, so the cache keeps no value of any read, and Prisma
 * checks what it alone can check. A shape is kept once the plan filled in with
 * its values is found identical to the plan compiled from the literal read,
 * on the shape's second use; otherwise it is compiled as before from then on.
 * In the tests (NODE_ENV=test) every filled-in plan is also compared with a
 * fresh compile, and a difference throws.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }
type Template = { plan: Json }
/** Prisma's description of the schema, as its client keeps it (`_runtimeDataModel`). */
export type DataModel = { models: Record<string, { fields: Array<{ name: string; kind: string; type: string }> }> }

const READS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy'])
/** The filters whose value is only compared with a column's. Anything else (contains, mode, a JSON path) is left as it is. */
const COMPARISONS = new Set(['equals', 'not', 'lt', 'lte', 'gt', 'gte'])
const LISTS = new Set(['in', 'notIn'])
/** Text filters: the compiler writes the value into a LIKE pattern as it is ('%' + value + '%'), so a placeholder's name stands in it. */
const PATTERNS = new Set(['contains', 'startsWith', 'endsWith'])
const PATTERN_PLACEHOLDER = /var\((p\d+): Any\)/g
const RELATION_FILTERS = new Set(['is', 'isNot', 'some', 'every', 'none'])
/** Arguments whose text is part of the query's structure, not a value. */
const STRUCTURE = new Set(['orderBy', 'distinct', 'by', 'mode'])
const MAX_SHAPES = 1000
const INT32 = 2 ** 31
/** A date as Prisma writes one it accepts (years 0000–9999); anything else is left to the compiler's check. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** The placeholder kind for a column type and a value of it, or null when the value stays literal. */
const KINDS: Record<string, (value: Json) => string | null> = {
  String: (value) => (typeof value === 'string' ? 's' : null),
  Int: (value) => (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < INT32 ? 'i' : null),
  Boolean: (value) => (typeof value === 'boolean' ? 'b' : null),
  // A date given as text is left to Prisma, which checks it.
  DateTime: (value) => (isObject(value) && value.$type === 'DateTime' && typeof value.value === 'string' && ISO_DATE.test(value.value) ? 'd' : null),
}

/** A shape found to need its literal values. */
const LITERAL = 'literal'
const shapes = new Map<string, Template | typeof LITERAL>()
/** Shapes seen once, not yet checked. */
const seenOnce = new Set<string>()

/** Reads served from a kept plan (the tests count them). */
export const queryPlanCacheStats = { hits: 0 }

/** The shapes held, kept or seen once (for the tests: they hold no value of any read). */
export function heldShapes() {
  return [...shapes.keys(), ...seenOnce]
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function boundedAdd<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= MAX_SHAPES) map.delete(map.keys().next().value as K)
  map.set(key, value)
}

/** Whether any text is left in the arguments outside their structure: a search, a list of ids, a date as text. */
function holdsText(node: Json, key = ''): boolean {
  if (STRUCTURE.has(key)) return false
  if (typeof node === 'string') return true
  if (Array.isArray(node)) return node.some((item) => holdsText(item))
  if (isObject(node)) {
    if (node.$type === 'Param') return false
    return Object.entries(node).some(([inner, value]) => holdsText(value, inner))
  }
  return false
}

/**
 * Whether a field's filter holds only operators whose values can be placeholders. `mode` stays
 * literal (a placeholder there makes the compiler panic, which stops Prisma's engine), and goes
 * only with the text filters: beside a list or a comparison the filter is left as it was.
 */
function filtersWithValues(type: string, operators: string[]) {
  if (operators.includes('mode')) return type === 'String' && operators.every((operator) => operator === 'mode' || PATTERNS.has(operator))
  return operators.every((operator) => COMPARISONS.has(operator) || LISTS.has(operator) || (type === 'String' && PATTERNS.has(operator)))
}

/**
 * The request with each compared value replaced by a placeholder named by
 * its kind and position (s0, i1, b2, d3, p4 for searched text), and the values by name; null when
 * the request is not a read or keeps text the cache must not hold. Only a
 * string, whole number, boolean or date compared with a column of that type, or text searched for in a text column,
 * becomes a placeholder, found through the schema: a value of another kind
 * stays literal, so Prisma still checks it.
 */
function parameterize(request: string, parsed: { modelName?: string; action?: string; query?: Json }, dataModel: DataModel) {
  if (!parsed.action || !READS.has(parsed.action) || !parsed.modelName) return null
  const values = new Map<string, Json>()
  const placeholder = (kind: string, value: Json) => {
    const name = `${kind}${values.size}`
    values.set(name, isObject(value) ? value.value! : value)
    return { $type: 'Param', value: name }
  }
  const where = (modelName: string, filter: JsonObject) => {
    const fields = dataModel.models[modelName]?.fields
    if (!fields) return
    for (const [key, value] of Object.entries(filter)) {
      if (key === 'AND' || key === 'OR' || key === 'NOT') {
        for (const item of Array.isArray(value) ? value : [value]) if (isObject(item)) where(modelName, item)
        continue
      }
      const field = fields.find((candidate) => candidate.name === key)
      // A compound unique key ({ a_b: { a, b } }) holds filters on this model's fields.
      if (!field) {
        if (isObject(value) && !('$type' in value)) where(modelName, value)
        continue
      }
      if (field.kind === 'object') {
        if (!isObject(value)) continue
        if (Object.keys(value).some((filterKey) => RELATION_FILTERS.has(filterKey))) {
          for (const [filterKey, inner] of Object.entries(value)) if (RELATION_FILTERS.has(filterKey) && isObject(inner)) where(field.type, inner)
        } else where(field.type, value)
        continue
      }
      const kindOf = field.kind === 'scalar' ? KINDS[field.type] : undefined
      if (!kindOf) continue
      const kind = kindOf(value)
      if (kind) filter[key] = placeholder(kind, value)
      else if (isObject(value) && !('$type' in value) && filtersWithValues(field.type, Object.keys(value))) {
        for (const [operator, compared] of Object.entries(value)) {
          if (operator === 'mode') continue
          if (PATTERNS.has(operator)) {
            if (typeof compared === 'string') value[operator] = placeholder('p', compared)
            continue
          }
          if (LISTS.has(operator)) {
            // Each item its own placeholder (the list's length is part of the shape); a whole list as one stops the compiler.
            if (Array.isArray(compared) && (field.type === 'String' || field.type === 'Int') && compared.every((item) => kindOf(item)))
              value[operator] = compared.map((item) => placeholder(kindOf(item)!, item))
            continue
          }
          const comparedKind = kindOf(compared)
          if (comparedKind) value[operator] = placeholder(comparedKind, compared)
        }
      }
    }
  }
  const query = (modelName: string, node: Json) => {
    if (!isObject(node)) return
    const args = node.arguments
    if (isObject(args)) {
      if (isObject(args.where)) where(modelName, args.where)
      if (isObject(args.cursor)) where(modelName, args.cursor)
      if (holdsText(args)) return false
    }
    const selection = node.selection
    if (!isObject(selection)) return true
    const fields = dataModel.models[modelName]?.fields ?? []
    for (const [key, inner] of Object.entries(selection)) {
      if (!isObject(inner)) continue
      // A relation's own read, or _count's selection of relations (on this model).
      const relation = fields.find((field) => field.name === key && field.kind === 'object')
      if (query(relation ? relation.type : modelName, inner) === false) return false
    }
    return true
  }
  if (query(parsed.modelName, parsed.query ?? null) === false) return null
  return { shape: values.size === 0 ? request : JSON.stringify(parsed), values }
}

function isPlaceholder(node: { [key: string]: Json }): node is { prisma__type: 'param'; prisma__value: { name: string } } {
  return node.prisma__type === 'param'
}

function valueOf(name: string, values: Map<string, Json>) {
  const value = values.get(name)
  if (value === undefined) throw new Error(`Query plan cache: no value for ${name}`)
  return value
}

/** A copy of the plan with each placeholder replaced by its value (the cached plan is never handed out itself). */
function fill(node: Json, values: Map<string, Json>): Json {
  if (typeof node === 'string' && node.includes('var(p')) return node.replace(PATTERN_PLACEHOLDER, (_, name: string) => String(valueOf(name, values)))
  if (node === null || typeof node !== 'object') return node
  if (Array.isArray(node)) return node.map((item) => fill(item, values))
  if (isPlaceholder(node)) return valueOf(node.prisma__value.name, values)
  const copy: { [key: string]: Json } = {}
  for (const key in node) copy[key] = fill(node[key]!, values)
  return copy
}

/** A request ready for the cache: its shape, how to fill a kept plan in, and how to make that plan. */
type Parameterized = {
  shape: string
  fill: (plan: Json) => Json
  /** The plan to keep, with no value of this request in it, or null. */
  template: (literal: Json, compile: (input: string) => Json) => Json
}

function readOf(parameterized: ReturnType<typeof parameterize>): Parameterized | null {
  if (!parameterized) return null
  const { shape, values } = parameterized
  return {
    shape,
    fill: (plan) => fill(plan, values),
    template: (literal, compile) => (values.size === 0 ? fill(literal, values) : compile(shape)),
  }
}

type RawPlan = { type: string; args: { type: 'rawSql'; sql: string; args: Json[]; argTypes: Json } }

function isRawPlan(plan: Json): plan is RawPlan & JsonObject {
  return isObject(plan) && isObject(plan.args) && plan.args.type === 'rawSql' && Array.isArray(plan.args.args)
}

/** A raw statement's parameter: its kind and the value its plan holds, or null for a kind left to the compiler. */
function rawParameter(parameter: Json): [string, Json] | null {
  if (typeof parameter === 'string') return ['s', parameter]
  if (typeof parameter === 'boolean') return ['b', parameter]
  if (typeof parameter === 'number' && Number.isInteger(parameter) && Math.abs(parameter) < INT32) return ['i', parameter]
  if (parameter === null) return ['n', null]
  if (isObject(parameter) && parameter.prisma__type === 'date' && typeof parameter.prisma__value === 'string' && ISO_DATE.test(parameter.prisma__value)) {
    return ['d', parameter.prisma__value]
  }
  return null
}

/** Another value of the same kind, for checking that a raw statement's plan does not depend on its values. */
function otherValue(parameter: Json): Json {
  if (typeof parameter === 'string') return `${parameter}-`
  if (typeof parameter === 'boolean') return !parameter
  if (typeof parameter === 'number') return parameter === 0 ? 1 : 0
  if (isObject(parameter)) return { ...parameter, prisma__value: '2001-02-03T04:05:06.007Z' }
  return parameter
}

/**
 * Raw SQL (the session's statement, audit entries): the shape is the statement
 * with the kind of each parameter (text, whole number, boolean, date, null),
 * and the kept plan is the compiled one with its values taken out. A parameter
 * of another kind (bytes, JSON, a list) leaves the statement compiled as before.
 * The statement's text is held: the app puts values in parameters, never in
 * the text (`$queryRaw` templates; the unsafe forms only name tables and columns).
 */
function parameterizeRaw(parsed: { action?: string; query?: { arguments?: { query?: unknown; parameters?: unknown } } & JsonObject } & JsonObject): Parameterized | null {
  if (parsed.action !== 'queryRaw' && parsed.action !== 'executeRaw') return null
  const parameters = parsed.query?.arguments?.parameters
  if (typeof parsed.query?.arguments?.query !== 'string' || typeof parameters !== 'string') return null
  const list = JSON.parse(parameters) as Json
  if (!Array.isArray(list)) return null
  const kinds: string[] = []
  const args: Json[] = []
  for (const parameter of list) {
    const kinded = rawParameter(parameter)
    if (!kinded) return null
    kinds.push(kinded[0])
    args.push(kinded[1])
  }
  const shape = `raw ${JSON.stringify({ ...parsed, query: { ...parsed.query, arguments: { ...parsed.query!.arguments, parameters: kinds.join('') } } })}`
  return {
    shape,
    // A copy throughout, as for reads: nothing handed out is the kept plan.
    fill: (plan) => {
      const copy = fill(plan, new Map())
      if (isRawPlan(copy)) copy.args.args = [...args]
      return copy
    },
    // Kept only if the same statement with other values of the same kinds compiles to the same plan apart from them.
    template: (literal, compile) => {
      if (!isRawPlan(literal)) return null
      const other = JSON.stringify({ ...parsed, query: { ...parsed.query, arguments: { ...parsed.query!.arguments, parameters: JSON.stringify(list.map(otherValue)) } } })
      const variant = compile(other)
      // A copy: the literal plan goes to the caller's executor.
      const stripped = fill({ ...literal, args: { ...literal.args, args: [] } }, new Map())
      return isRawPlan(variant) && isDeepStrictEqual({ ...variant, args: { ...variant.args, args: [] } }, stripped) ? stripped : null
    },
  }
}

type Compile = (this: unknown, request: string) => Json

/** Wraps the compiler's compile once per process; returns false if Prisma no longer has that method or its schema description. */
export function installQueryPlanCache(dataModel: DataModel, { verify = false }: { verify?: boolean } = {}) {
  const prototype = QueryCompiler.prototype as { compile: Compile; cached?: true }
  if (typeof prototype.compile !== 'function' || !dataModel?.models) return false
  if (prototype.cached) return true
  const compile = prototype.compile
  prototype.compile = function cachedCompile(request) {
    const parsed = JSON.parse(request) as JsonObject
    const parameterized = parameterizeRaw(parsed) ?? readOf(parameterize(request, parsed, dataModel))
    if (!parameterized) return compile.call(this, request)
    const { shape } = parameterized
    const known = shapes.get(shape)
    if (known && known !== LITERAL) {
      queryPlanCacheStats.hits++
      const plan = parameterized.fill(known.plan)
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
    try {
      const plan = parameterized.template(literal, (input) => compile.call(this, input))
      if (plan !== null && isDeepStrictEqual(parameterized.fill(plan), literal)) template = { plan }
    } catch {
      // The compiler needs this value itself (a limit, say): the shape keeps its literal values.
    }
    boundedAdd(shapes, shape, template)
    return literal
  }
  prototype.cached = true
  return true
}

type RequestHandler = { dataloader?: { options?: { batchBy?: (request: { transaction?: { id?: unknown } }) => string | undefined } } }

/**
 * Prisma gathers the findUnique reads made in one tick into a batch and
 * compiles the batch as a whole, a plan this cache does not hold. Under load,
 * requests opening records of one model at once (staff on patient pages) are
 * such a batch: each paid a fresh compile of it, milliseconds of WebAssembly
 * for a record page's read. Each read goes alone instead, with its kept plan;
 * the reads of one transaction still go together, as Prisma sends them.
 */
export function sendUniqueReadsAlone(client: unknown) {
  const options = (client as { _requestHandler?: RequestHandler })._requestHandler?.dataloader?.options
  if (typeof options?.batchBy !== 'function') return false
  options.batchBy = (request) => (request.transaction?.id ? `transaction-${request.transaction.id}` : undefined)
  return true
}
