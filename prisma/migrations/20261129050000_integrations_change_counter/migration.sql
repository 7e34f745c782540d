-- A counter of changes to the integration settings (app/integrations/settings.server.ts keeps
-- them in memory while it stands still). Bumped in the transaction that makes the change, by
-- whatever makes it, like the dashboard's.
INSERT INTO "ChangeCounter" ("name", "version") VALUES ('integrations', 0);

CREATE FUNCTION "bump_integrations_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ChangeCounter" SET "version" = "version" + 1 WHERE "name" = 'integrations';
  RETURN NULL;
END
$$;

CREATE TRIGGER "IntegrationSetting_integrations_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "IntegrationSetting" FOR EACH STATEMENT EXECUTE FUNCTION "bump_integrations_version"();
