/**
 * The online-forms area's schemas, for route actions and loaders: routes
 * import them through this .server module so Zod never reaches a page (the
 * pages check with the rules their loaders send).
 */
export { applyAnswersSchema, intakeAnswersSchema, parseSubmissionListQuery, sendIntakeFormSchema } from '~/features/online-forms/intake-schema'
export { draftFormSchema, renameFieldSchema, saveDraftSchema } from '~/features/online-forms/converter-schema'
