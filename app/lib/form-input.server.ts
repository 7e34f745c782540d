/**
 * The form parser, for actions. Imported through this .server module, it
 * stays out of the page's JavaScript: a page that checks its form with the
 * rules its loader sends (~/lib/form-rules.ts) then ships no Zod at all.
 */
export { parseWithZod } from '~/lib/form-input'
