-- Exact row counts of the big lists, kept by triggers in the same transaction as every insert,
-- delete and truncate, so a list without a search or filter shows its total without counting
-- 100,000 rows on every page (docs/performance.md).

-- CreateTable
CREATE TABLE "TableRowCount" (
    "tableName" TEXT NOT NULL,
    "rowCount" BIGINT NOT NULL,

    CONSTRAINT "TableRowCount_pkey" PRIMARY KEY ("tableName")
);

CREATE FUNCTION "track_table_row_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "TableRowCount" SET "rowCount" = "rowCount" + (SELECT count(*) FROM changed_rows) WHERE "tableName" = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "TableRowCount" SET "rowCount" = "rowCount" - (SELECT count(*) FROM changed_rows) WHERE "tableName" = TG_TABLE_NAME;
  ELSE
    UPDATE "TableRowCount" SET "rowCount" = 0 WHERE "tableName" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;

INSERT INTO "TableRowCount" ("tableName", "rowCount")
SELECT 'Lead', count(*) FROM "Lead"
UNION ALL SELECT 'Patient', count(*) FROM "Patient"
UNION ALL SELECT 'Caregiver', count(*) FROM "Caregiver";

CREATE TRIGGER "Lead_count_insert" AFTER INSERT ON "Lead" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Lead_count_delete" AFTER DELETE ON "Lead" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Lead_count_truncate" AFTER TRUNCATE ON "Lead" FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Patient_count_insert" AFTER INSERT ON "Patient" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Patient_count_delete" AFTER DELETE ON "Patient" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Patient_count_truncate" AFTER TRUNCATE ON "Patient" FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Caregiver_count_insert" AFTER INSERT ON "Caregiver" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Caregiver_count_delete" AFTER DELETE ON "Caregiver" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
CREATE TRIGGER "Caregiver_count_truncate" AFTER TRUNCATE ON "Caregiver" FOR EACH STATEMENT EXECUTE FUNCTION "track_table_row_count"();
