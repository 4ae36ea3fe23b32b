-- Audit records and time-clock entries are append-only: the database itself refuses to change or remove them.
CREATE OR REPLACE FUNCTION faro_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La tabla % sólo admite altas', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_append_only BEFORE UPDATE OR DELETE ON auditoria
  FOR EACH ROW EXECUTE FUNCTION faro_append_only();
--> statement-breakpoint
CREATE TRIGGER fichajes_append_only BEFORE UPDATE OR DELETE ON fichajes
  FOR EACH ROW EXECUTE FUNCTION faro_append_only();
