/**
 * The patients area's schemas, for route actions and loaders. Routes import
 * schemas through this .server module so that Zod never reaches the page's
 * JavaScript (docs/conventions.md, Forms).
 */
export { parsePatientListQuery, personalInfoSchema, stepSchemas } from '~/features/patients/schema'
