-- The ledger's entries and their lines are never changed nor removed in the database itself: a cancelled or changed
-- document gets a reverse entry, a closed year is reopened with reverse entries (modules/contabilidad/libro.ts).
CREATE OR REPLACE FUNCTION faro_asiento_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los asientos contables no se pueden modificar ni borrar: se anulan con un asiento inverso'
    USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER asientos_contables_inmutables BEFORE UPDATE OR DELETE ON asientos_contables
  FOR EACH ROW EXECUTE FUNCTION faro_asiento_inmutable();
--> statement-breakpoint
CREATE TRIGGER apuntes_contables_inmutables BEFORE UPDATE OR DELETE ON apuntes_contables
  FOR EACH ROW EXECUTE FUNCTION faro_asiento_inmutable();
