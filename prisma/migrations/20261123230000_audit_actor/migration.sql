-- Who acted: a staff member on a page or the API, the system, an anonymous
-- caller, or a public signer or respondent (app/platform/actor.ts).
ALTER TABLE "AuditLog" ADD COLUMN "actorKind" TEXT NOT NULL DEFAULT 'user',
ADD COLUMN "actorLabel" TEXT;
