-- The dashboard lists a reader's own uncontacted leads first: a lead is theirs when its free-text
-- Assigned To holds their name, e-mail or id in any case ("Casey coordinator" as well as "Casey
-- Coordinator"). Prisma's schema cannot state an index on an expression; this one is kept here.
CREATE INDEX "Lead_new_assignee_lower_createdAt_idx" ON "Lead" (lower(btrim("assignedTo")), "createdAt") WHERE status = 'new';
