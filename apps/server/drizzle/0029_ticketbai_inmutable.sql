-- TicketBAI files are never changed nor removed once signed (the chain and the signature depend on them). Queue
-- state lives in ticketbai_cola, so no UPDATE of a file is ever needed.
CREATE OR REPLACE FUNCTION faro_ticketbai_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los ficheros TicketBAI no se pueden modificar ni borrar' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticketbai_registros_inmutables BEFORE UPDATE OR DELETE ON ticketbai_registros
  FOR EACH ROW EXECUTE FUNCTION faro_ticketbai_inmutable();
--> statement-breakpoint
CREATE TRIGGER ticketbai_registros_sin_truncate BEFORE TRUNCATE ON ticketbai_registros
  FOR EACH STATEMENT EXECUTE FUNCTION faro_ticketbai_inmutable();
