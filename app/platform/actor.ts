/**
 * Who is making a change or reading a record, for the audit trail and the
 * domain events: built once per request (or job, or public page) and passed
 * to every service, so a service never needs the HTTP request.
 */
export type ActorKind =
  /** A signed-in staff member using the pages. */
  | 'user'
  /** A signed-in staff member (or script with their session) using /api/*. */
  | 'api'
  /** The portal itself: jobs, webhooks, start-up. */
  | 'system'
  /** Someone not signed in, e.g. a failed sign-in under a claimed e-mail. */
  | 'anonymous'
  /** A person signing a document through a token link. */
  | 'signer'
  /** A person filling in a hosted form through a token link. */
  | 'respondent'

export type Actor = {
  kind: ActorKind
  /** The staff member, for 'user' and 'api'. */
  userId: string | null
  /** Who they said they were, where there is no user (sign-in, signers, respondents). */
  email?: string | null
  /** The client address as the server saw it; null for the system. */
  ipAddress: string | null
  /** A name for the system actor's task ('ghl-sync') or a public party. */
  label?: string | null
}

export function systemActor(label: string): Actor {
  return { kind: 'system', userId: null, ipAddress: null, label }
}

export function isStaffActor(actor: Actor): actor is Actor & { userId: string } {
  return (actor.kind === 'user' || actor.kind === 'api') && actor.userId !== null
}
