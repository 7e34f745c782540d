/**
 * The leads area's schemas, for route actions and loaders. Routes import
 * schemas through this .server module so that Zod never reaches the page's
 * JavaScript: the pages check forms with the rules their loaders send
 * (formRules, ~/lib/form-rules.server.ts).
 */
export { leadSchema, parseLeadListQuery } from '~/features/leads/schema'
export { communicationSchema } from '~/features/leads/communication-schema'
