-- The work queue's registrations to review, oldest saved first, read on an index.
-- CreateIndex
CREATE INDEX "Patient_registrationStatus_updatedAt_id_idx" ON "Patient"("registrationStatus", "updatedAt", "id");

-- The dashboard's overview counts, kept by triggers beside the row counts (TableRowCount): Active
-- Patients (registration complete) and Available Caregivers (active, background check cleared),
-- so the page reads two rows instead of counting thousands on every opening (docs/performance.md).
-- A statement that changes no counted row leaves the counter row alone, so only a change of status
-- waits on it.

CREATE FUNCTION "track_active_patient_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "TableRowCount" SET "rowCount" = 0 WHERE "tableName" = 'Patient:complete';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE "registrationStatus" = 'complete');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE "registrationStatus" = 'complete');
  END IF;
  IF delta <> 0 THEN
    UPDATE "TableRowCount" SET "rowCount" = "rowCount" + delta WHERE "tableName" = 'Patient:complete';
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "track_available_caregiver_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "TableRowCount" SET "rowCount" = 0 WHERE "tableName" = 'Caregiver:available';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE status = 'active' AND "backgroundCheckStatus" = 'cleared');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE status = 'active' AND "backgroundCheckStatus" = 'cleared');
  END IF;
  IF delta <> 0 THEN
    UPDATE "TableRowCount" SET "rowCount" = "rowCount" + delta WHERE "tableName" = 'Caregiver:available';
  END IF;
  RETURN NULL;
END
$$;

INSERT INTO "TableRowCount" ("tableName", "rowCount")
SELECT 'Patient:complete', count(*) FROM "Patient" WHERE "registrationStatus" = 'complete'
UNION ALL SELECT 'Caregiver:available', count(*) FROM "Caregiver" WHERE status = 'active' AND "backgroundCheckStatus" = 'cleared';

CREATE TRIGGER "Patient_complete_count_insert" AFTER INSERT ON "Patient" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_active_patient_count"();
CREATE TRIGGER "Patient_complete_count_update" AFTER UPDATE ON "Patient" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_active_patient_count"();
CREATE TRIGGER "Patient_complete_count_delete" AFTER DELETE ON "Patient" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_active_patient_count"();
CREATE TRIGGER "Patient_complete_count_truncate" AFTER TRUNCATE ON "Patient" FOR EACH STATEMENT EXECUTE FUNCTION "track_active_patient_count"();
CREATE TRIGGER "Caregiver_available_count_insert" AFTER INSERT ON "Caregiver" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_available_caregiver_count"();
CREATE TRIGGER "Caregiver_available_count_update" AFTER UPDATE ON "Caregiver" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_available_caregiver_count"();
CREATE TRIGGER "Caregiver_available_count_delete" AFTER DELETE ON "Caregiver" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_available_caregiver_count"();
CREATE TRIGGER "Caregiver_available_count_truncate" AFTER TRUNCATE ON "Caregiver" FOR EACH STATEMENT EXECUTE FUNCTION "track_available_caregiver_count"();
