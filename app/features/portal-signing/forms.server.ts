/** The portal signing schemas as routes import them (keeps Zod out of the page). */
export { portalLeadSendSchema, portalPrepareSchema, signingLockSchema } from '~/features/portal-signing/schema'
