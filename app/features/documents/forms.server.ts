/**
 * The document library's schemas, for route actions and loaders. Routes import
 * schemas through this .server module so that Zod never reaches the page's
 * JavaScript (docs/conventions.md, Forms).
 */
export { documentEditSchema, documentUploadSchema, parseDocumentListQuery } from '~/features/documents/schema'
