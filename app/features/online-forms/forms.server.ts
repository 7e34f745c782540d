/**
 * The online-forms schemas as routes import them (keeps Zod out of the pages'
 * JavaScript; the pages check with the rules their loaders send).
 */
export { draftFormSchema, renameFieldSchema, saveDraftSchema } from '~/features/online-forms/converter-schema'
