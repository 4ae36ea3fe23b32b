-- Registered received invoices and expenses (factura / gasto with our registration number) are immutable in the
-- database itself, like the issued ones (0006): no DELETE; an UPDATE may only change the payment status
-- (estado_cobro) or cancel (estado → 'Anulada'); their lines can be neither added, changed nor removed; their own
-- data (datos_compra) neither, except the attached original (id_fichero: the scan may arrive later).
CREATE OR REPLACE FUNCTION faro_compra_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.tipo IN ('factura', 'gasto') AND OLD.numero IS NOT NULL THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'La factura registrada % no se puede borrar', OLD.num_serie USING ERRCODE = 'P0001';
    END IF;
    IF (to_jsonb(NEW) - 'estado_cobro' - 'estado') IS DISTINCT FROM (to_jsonb(OLD) - 'estado_cobro' - 'estado')
       OR (NEW.estado IS DISTINCT FROM OLD.estado AND NEW.estado <> 'Anulada') THEN
      RAISE EXCEPTION 'La factura registrada % no se puede modificar', OLD.num_serie USING ERRCODE = 'P0001';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documentos_compra_inmutables BEFORE UPDATE OR DELETE ON documentos_compra
  FOR EACH ROW EXECUTE FUNCTION faro_compra_inmutable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_compra_hijos_inmutables() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  empresa bigint;
  documento bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    empresa := NEW.empresa_id; documento := NEW.id_documento;
  ELSE
    empresa := OLD.empresa_id; documento := OLD.id_documento;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'datos_compra'
     AND (to_jsonb(NEW) - 'id_fichero') IS NOT DISTINCT FROM (to_jsonb(OLD) - 'id_fichero') THEN
    RETURN NEW;
  END IF;
  IF EXISTS (
    SELECT 1 FROM documentos_compra d
    WHERE d.empresa_id = empresa AND d.id = documento AND d.tipo IN ('factura', 'gasto') AND d.numero IS NOT NULL
  ) THEN
    RAISE EXCEPTION 'Los datos de una factura registrada no se pueden modificar' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documentos_compra_lineas_inmutables BEFORE INSERT OR UPDATE OR DELETE ON documentos_compra_lineas
  FOR EACH ROW EXECUTE FUNCTION faro_compra_hijos_inmutables();
--> statement-breakpoint
CREATE TRIGGER datos_compra_inmutables BEFORE INSERT OR UPDATE OR DELETE ON datos_compra
  FOR EACH ROW EXECUTE FUNCTION faro_compra_hijos_inmutables();
--> statement-breakpoint
-- The supplier's invoice number is unique per supplier and year (of the supplier's date, else ours) among the
-- received invoices not cancelled: the API checks it first (a Spanish message on the field); this is the backstop.
CREATE UNIQUE INDEX documentos_compra_num_proveedor_uq ON documentos_compra
  (empresa_id, id_proveedor, lower(num_tercero), date_part('year', coalesce(fecha_tercero, fecha)))
  WHERE tipo = 'factura' AND num_tercero IS NOT NULL AND estado <> 'Anulada';
