-- VeriFactu records are never changed nor removed once generated (RD 1007/2023 art. 8: integrity and
-- inalterability). Queue state lives in verifactu_cola, so no UPDATE of a record is ever needed.
CREATE OR REPLACE FUNCTION faro_verifactu_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los registros de facturación VeriFactu no se pueden modificar ni borrar' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER verifactu_registros_inmutables BEFORE UPDATE OR DELETE ON verifactu_registros
  FOR EACH ROW EXECUTE FUNCTION faro_verifactu_inmutable();
--> statement-breakpoint
CREATE TRIGGER verifactu_registros_sin_truncate BEFORE TRUNCATE ON verifactu_registros
  FOR EACH STATEMENT EXECUTE FUNCTION faro_verifactu_inmutable();
