-- Issued invoices (factura / rectificativa / simplificada with a number) are immutable in the database itself:
-- no DELETE; an UPDATE may only change the collection status (estado_cobro) or cancel (estado → 'Anulada').
-- Their lines can be neither added, changed nor removed.
CREATE OR REPLACE FUNCTION faro_factura_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.tipo IN ('factura', 'rectificativa', 'simplificada') AND OLD.numero IS NOT NULL THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'La factura emitida % no se puede borrar', OLD.num_serie USING ERRCODE = 'P0001';
    END IF;
    IF (to_jsonb(NEW) - 'estado_cobro' - 'estado') IS DISTINCT FROM (to_jsonb(OLD) - 'estado_cobro' - 'estado')
       OR (NEW.estado IS DISTINCT FROM OLD.estado AND NEW.estado <> 'Anulada') THEN
      RAISE EXCEPTION 'La factura emitida % no se puede modificar', OLD.num_serie USING ERRCODE = 'P0001';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documentos_venta_inmutables BEFORE UPDATE OR DELETE ON documentos_venta
  FOR EACH ROW EXECUTE FUNCTION faro_factura_inmutable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_factura_lineas_inmutables() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linea documentos_venta_lineas;
BEGIN
  IF TG_OP = 'INSERT' THEN linea := NEW; ELSE linea := OLD; END IF;
  IF EXISTS (
    SELECT 1 FROM documentos_venta d
    WHERE d.empresa_id = linea.empresa_id AND d.id = linea.id_documento
      AND d.tipo IN ('factura', 'rectificativa', 'simplificada') AND d.numero IS NOT NULL
  ) THEN
    RAISE EXCEPTION 'Las líneas de una factura emitida no se pueden modificar' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documentos_venta_lineas_inmutables BEFORE INSERT OR UPDATE OR DELETE ON documentos_venta_lineas
  FOR EACH ROW EXECUTE FUNCTION faro_factura_lineas_inmutables();
