/**
 * The online-forms area's schemas, for route actions and loaders: routes
 * import them through this .server module so Zod never reaches a page.
 */
export { applyAnswersSchema, intakeAnswersSchema, parseSubmissionListQuery, sendIntakeFormSchema } from '~/features/online-forms/intake-schema'
