import type { $ZodType } from 'zod/v4/core'
import type { FieldRules, FormRules } from '~/lib/form-rules'
import { parseWithZod } from '~/lib/form-input'

/**
 * What the browser needs to check a form the way its Zod schema would, as
 * plain data for a loader to send: the constraints Conform puts on the
 * inputs (required, maxlength, pattern…) and, for each, the message the
 * schema itself gives. The messages are found by parsing sample values with
 * the schema, exactly as the action parses a submission, so the browser
 * repeats the server's words and Zod never has to reach the browser.
 * Whatever a constraint cannot express (refinements, rules across fields) the
 * page checks with the functions the schema itself calls (FormChecks), or
 * leaves to the server, whose answer appears beside the same fields.
 */
export function formRules(schema: $ZodType): FormRules
/**
 * The rules of a schema built per request (for a time zone, for an
 * account): kept under `key`, which names everything the schema is built
 * from, so that a page's loader neither builds the schema nor derives its
 * rules again (parsing the samples costs about half a millisecond a form).
 */
export function formRules(key: string, build: () => $ZodType): FormRules
export function formRules(schemaOrKey: $ZodType | string, build?: () => $ZodType): FormRules {
  if (typeof schemaOrKey === 'string') {
    const kept = rulesByKey.get(schemaOrKey)
    if (kept) return kept
    const rules = deriveRules(build!())
    if (rulesByKey.size >= RULES_KEPT_BY_KEY) rulesByKey.delete(rulesByKey.keys().next().value!)
    rulesByKey.set(schemaOrKey, rules)
    return rules
  }
  const cached = rulesBySchema.get(schemaOrKey)
  if (cached) return cached
  const rules = deriveRules(schemaOrKey)
  rulesBySchema.set(schemaOrKey, rules)
  return rules
}

function deriveRules(schema: $ZodType): FormRules {
  const rules: FormRules = { fields: {} }
  addFieldRules(rules, schema, shapeOf(schema), '', '')
  // What the schema says of the whole form when it is sent empty.
  const whenEmpty = parseWithZod(new FormData(), { schema })
  const summary = whenEmpty.status === 'error' ? whenEmpty.error?.[''] : undefined
  if (summary?.length) rules.whenRequiredMissing = summary
  return rules
}

/**
 * The rules of the fields in `shape`: at the top level, or those of a list's
 * rows, found by sending a first row (`contacts[0].name`) and named as Conform
 * names their constraints (`contacts[].name`).
 */
function addFieldRules(rules: FormRules, schema: $ZodType, shape: Record<string, $ZodType>, ruleName: string, sampleName: string) {
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const name = `${sampleName}${key}`
    const rule = `${ruleName}${key}`
    const rows = rowShapeOf(fieldSchema)
    if (rows) addFieldRules(rules, schema, rows, `${rule}[].`, `${name}[0].`)
    const field = fieldRulesOf(schema, name, fieldSchema)
    if (Object.keys(field).length > 0) rules.fields[rule] = field
  }
}

function fieldRulesOf(schema: $ZodType, name: string, fieldSchema: $ZodType): FieldRules {
  const constraint = textConstraints(fieldSchema)
  const field: FieldRules = {}
  // Required is what the server says of an empty field (blank is no value).
  const [required] = messagesFor(schema, name, '')
  if (required) field.required = required
  const shortest = Math.max(constraint.minLength ?? 1, 1)
  if (constraint.maxLength !== undefined) {
    const message = newMessage(schema, name, 'a'.repeat(constraint.maxLength + 1), 'a'.repeat(Math.min(shortest, constraint.maxLength)))
    if (message) field.maxLength = { value: constraint.maxLength, message }
  }
  if (constraint.minLength !== undefined && constraint.minLength > 1) {
    const message = newMessage(schema, name, 'a'.repeat(constraint.minLength - 1), 'a'.repeat(constraint.minLength))
    if (message) field.minLength = { value: constraint.minLength, message }
  }
  if (constraint.pattern !== undefined) field.pattern = constraint.pattern
  const bounds = numberBounds(fieldSchema)
  if (bounds.min !== undefined) {
    const message = newMessage(schema, name, String(bounds.min - 1), String(bounds.min))
    if (message) field.min = { value: bounds.min, message }
  }
  if (bounds.max !== undefined) {
    const message = newMessage(schema, name, String(bounds.max + 1), String(bounds.max))
    if (message) field.max = { value: bounds.max, message }
  }
  // What the schema says of a value of the right length in the wrong form
  // (not an email address, not digits, not a number): shown when the input's
  // type or pattern tells the browser the value is malformed.
  const [malformed] = messagesFor(schema, name, '~'.repeat(Math.min(shortest, constraint.maxLength ?? shortest)))
  if (malformed) field.malformed = malformed
  return field
}

const rulesBySchema = new WeakMap<$ZodType, FormRules>()
/** Keyed rules: one entry per account for the password forms, so bounded (oldest out first). */
const RULES_KEPT_BY_KEY = 1000
const rulesByKey = new Map<string, FormRules>()

type Definition = {
  type: string
  innerType?: $ZodType
  in?: $ZodType
  out?: $ZodType
  shape?: Record<string, $ZodType>
  element?: $ZodType
}
const definition = (schema: $ZodType) => schema._zod.def as unknown as Definition

/** The schema without its optional, default, catch and transform wrappers. */
function unwrap(schema: $ZodType): $ZodType {
  const def = definition(schema)
  if (def.innerType) return unwrap(def.innerType)
  // z.preprocess(fn, schema) checks with its output; schema.transform(fn) with its input.
  if (def.type === 'pipe' && def.in && def.out) return unwrap(definition(def.in).type === 'transform' ? def.out : def.in)
  return schema
}

/** The fields of an object schema (a form's top level). */
function shapeOf(schema: $ZodType): Record<string, $ZodType> {
  return definition(unwrap(schema)).shape ?? {}
}

/** The fields of a list's rows, when `schema` is a list of objects (`contacts[0].name`…). */
function rowShapeOf(schema: $ZodType): Record<string, $ZodType> | undefined {
  const { element } = definition(unwrap(schema))
  return element ? definition(unwrap(element)).shape : undefined
}

/** The bounds of a number field, from Zod's record of its checks. */
function numberBounds(schema: $ZodType) {
  const inner = unwrap(schema) as $ZodType & { minValue?: number | null; maxValue?: number | null }
  if (definition(inner).type !== 'number') return {}
  const finite = (value: number | null | undefined) => (value !== null && value !== undefined && Number.isFinite(value) ? value : undefined)
  return { min: finite(inner.minValue), max: finite(inner.maxValue) }
}

/** Length limits and the pattern of a text field, from Zod's record of its checks. */
function textConstraints(schema: $ZodType) {
  const inner = unwrap(schema) as $ZodType & { minLength?: number | null; maxLength?: number | null }
  const def = definition(inner) as Definition & { checks?: Array<{ _zod: { def: { format?: string; pattern?: RegExp } } }> }
  if (def.type !== 'string') return {}
  const patterns = (def.checks ?? []).flatMap((check) => (check._zod.def.format === 'regex' && check._zod.def.pattern ? [check._zod.def.pattern] : []))
  return {
    minLength: inner.minLength ?? undefined,
    maxLength: inner.maxLength ?? undefined,
    // The pattern attribute holds one expression, so only a field with one (and no flags) gets it.
    pattern: patterns.length === 1 && patterns[0]!.flags === '' ? patterns[0]!.source : undefined,
  }
}

function messagesFor(schema: $ZodType, name: string, value: string) {
  const formData = new FormData()
  formData.set(name, value)
  const submission = parseWithZod(formData, { schema })
  return submission.status === 'error' ? (submission.error?.[name] ?? []) : []
}

/** The message `value` gets that `acceptable` (the same field, within the limit) does not. */
function newMessage(schema: $ZodType, name: string, value: string, acceptable: string) {
  const known = new Set(messagesFor(schema, name, acceptable))
  const messages = messagesFor(schema, name, value)
  return messages.find((message) => !known.has(message)) ?? messages[0]
}
