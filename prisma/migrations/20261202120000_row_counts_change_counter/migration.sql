-- The lists' totals without a condition are kept in the server's memory while the 'dashboard'
-- counter stands still (app/platform/row-counts.server.ts). Every change of the counted tables
-- bumps it already; a change made to the kept counts themselves (a repair at psql) must too.
CREATE TRIGGER "TableRowCount_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "TableRowCount" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();
