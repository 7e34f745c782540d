/**
 * The e-signature area's schemas, for route actions and loaders: routes
 * import them through this .server module so Zod never reaches a page.
 */
export { esignSendSchema, esignTestSchema, parseEsignListQuery } from '~/features/esign/schema'
