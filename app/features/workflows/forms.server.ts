/**
 * The workflows' schemas, for route actions and loaders. Routes import
 * schemas through this .server module so that Zod never reaches the page's
 * JavaScript (docs/conventions.md, Forms).
 */
export { milestoneSchema, runListQuerySchema, stageApiError, stageApiSchema, stageFormSchema, stageListQuerySchema, stageToggleSchema } from '~/features/workflows/schema'
