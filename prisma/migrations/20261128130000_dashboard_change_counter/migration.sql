-- A counter of the changes the dashboard's shared reads depend on. The server keeps those reads
-- in memory while the counter stands still (app/features/dashboard/dashboard-cache.server.ts): the
-- triggers bump it in the transaction that makes the change, so a reader never sees the change
-- without the new count, whichever code path (or a person at psql) made it.
-- CreateTable
CREATE TABLE "ChangeCounter" (
    "name" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ChangeCounter_pkey" PRIMARY KEY ("name")
);

INSERT INTO "ChangeCounter" ("name", "version") VALUES ('dashboard', 0);

CREATE FUNCTION "bump_dashboard_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ChangeCounter" SET "version" = "version" + 1 WHERE "name" = 'dashboard';
  RETURN NULL;
END
$$;

-- Every change to the records the dashboard shows or counts: once per statement.
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['Lead', 'Patient', 'Caregiver', 'Appointment', 'EsignRequest', 'EsignSigner', 'Communication'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"()', source || '_dashboard_version', source);
  END LOOP;
END
$$;

-- A user's name is shown as who sent a signature request.
CREATE TRIGGER "User_dashboard_version" AFTER UPDATE OF "name" OR DELETE ON "User" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();

-- Recent activity leaves reads out, and every page read writes one: only other entries count.
CREATE TRIGGER "AuditLog_dashboard_version_insert" AFTER INSERT ON "AuditLog" FOR EACH ROW WHEN (NEW."action" <> 'view') EXECUTE FUNCTION "bump_dashboard_version"();
CREATE TRIGGER "AuditLog_dashboard_version_delete" AFTER DELETE OR TRUNCATE ON "AuditLog" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();

-- Failed jobs are tasks; the worker's other changes of a job are not.
CREATE TRIGGER "Job_dashboard_version_insert" AFTER INSERT ON "Job" FOR EACH ROW WHEN (NEW."status" = 'failed') EXECUTE FUNCTION "bump_dashboard_version"();
CREATE TRIGGER "Job_dashboard_version_update" AFTER UPDATE ON "Job" FOR EACH ROW WHEN (NEW."status" = 'failed' OR OLD."status" = 'failed') EXECUTE FUNCTION "bump_dashboard_version"();
CREATE TRIGGER "Job_dashboard_version_delete" AFTER DELETE ON "Job" FOR EACH ROW WHEN (OLD."status" = 'failed') EXECUTE FUNCTION "bump_dashboard_version"();
