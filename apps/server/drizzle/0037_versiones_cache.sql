-- Versions behind the request-context cache and the list-count cache (issue 22, docs/ARCHITECTURE.md "Caches").
-- Every committed change of what a request context is made of bumps a version: of the person (sessions, the person
-- row) or of the company (membership, the company row, profiles, centres, subscription); every committed change of
-- a company's documents (sales or purchases) bumps its documents version. A server process keeps a context or a
-- capped count with the versions read IN THE SAME STATEMENT as the data, and uses it only while one cheap query
-- still reads the same versions: a revoke / lock / permission change in any process of the cluster is seen by the
-- very next request of every process, with no message to miss.
--
-- The bumps are deferred constraint triggers: they run at commit, after all the transaction's other work, so the
-- version row is locked only for the commit itself (a transaction waiting for it holds no lock it will ask for
-- later: no deadlock with the issuing code's own lock order), and once per key and transaction (a transaction-local
-- setting remembers what was bumped: a bulk insert of 100k invoices bumps once).
CREATE TABLE "versiones_persona" (
  "persona_id" bigint PRIMARY KEY NOT NULL,
  "v" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "versiones_empresa" (
  "empresa_id" bigint PRIMARY KEY NOT NULL,
  "contexto" bigint DEFAULT 0 NOT NULL,
  "documentos" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_version_persona(p bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p IS NULL OR current_setting('faro.vp_' || p, true) = '1' THEN RETURN; END IF;
  PERFORM set_config('faro.vp_' || p, '1', true);
  INSERT INTO versiones_persona AS x (persona_id, v) VALUES (p, 1)
    ON CONFLICT (persona_id) DO UPDATE SET v = x.v + 1;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_version_empresa(e bigint, documentos boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  clave text := CASE WHEN documentos THEN 'faro.vd_' ELSE 'faro.vc_' END || e;
BEGIN
  IF e IS NULL OR current_setting(clave, true) = '1' THEN RETURN; END IF;
  PERFORM set_config(clave, '1', true);
  IF documentos THEN
    INSERT INTO versiones_empresa AS x (empresa_id, documentos) VALUES (e, 1)
      ON CONFLICT (empresa_id) DO UPDATE SET documentos = x.documentos + 1;
  ELSE
    INSERT INTO versiones_empresa AS x (empresa_id, contexto) VALUES (e, 1)
      ON CONFLICT (empresa_id) DO UPDATE SET contexto = x.contexto + 1;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_version_sesion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM faro_version_persona(OLD.persona_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM faro_version_persona(NEW.persona_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_version_de_persona() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM faro_version_persona(OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM faro_version_persona(NEW.id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_version_de_empresa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM faro_version_empresa(OLD.id, false); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM faro_version_empresa(NEW.id, false); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_version_contexto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM faro_version_empresa(OLD.empresa_id, false); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM faro_version_empresa(NEW.empresa_id, false); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION faro_version_documentos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM faro_version_empresa(OLD.empresa_id, true); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM faro_version_empresa(NEW.empresa_id, true); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE has no row triggers: it moves every version (tests and tools only).
CREATE OR REPLACE FUNCTION faro_version_todo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE versiones_persona SET v = v + 1;
  UPDATE versiones_empresa SET contexto = contexto + 1, documentos = documentos + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sesiones_version AFTER UPDATE OR DELETE ON sesiones
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_sesion();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER personas_version AFTER UPDATE OR DELETE ON personas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_de_persona();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER empresas_version AFTER UPDATE OR DELETE ON empresas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_de_empresa();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER miembros_version AFTER INSERT OR UPDATE OR DELETE ON miembros
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_contexto();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER roles_version AFTER INSERT OR UPDATE OR DELETE ON roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_contexto();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER centros_version AFTER INSERT OR UPDATE OR DELETE ON centros
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_contexto();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER suscripciones_version AFTER INSERT OR UPDATE OR DELETE ON suscripciones
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_contexto();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documentos_venta_version AFTER INSERT OR UPDATE OR DELETE ON documentos_venta
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_documentos();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documentos_compra_version AFTER INSERT OR UPDATE OR DELETE ON documentos_compra
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faro_version_documentos();
--> statement-breakpoint
CREATE TRIGGER sesiones_version_truncate AFTER TRUNCATE ON sesiones FOR EACH STATEMENT EXECUTE FUNCTION faro_version_todo();
--> statement-breakpoint
CREATE TRIGGER personas_version_truncate AFTER TRUNCATE ON personas FOR EACH STATEMENT EXECUTE FUNCTION faro_version_todo();
--> statement-breakpoint
CREATE TRIGGER miembros_version_truncate AFTER TRUNCATE ON miembros FOR EACH STATEMENT EXECUTE FUNCTION faro_version_todo();
--> statement-breakpoint
CREATE TRIGGER roles_version_truncate AFTER TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION faro_version_todo();
--> statement-breakpoint
CREATE TRIGGER centros_version_truncate AFTER TRUNCATE ON centros FOR EACH STATEMENT EXECUTE FUNCTION faro_version_todo();
--> statement-breakpoint
CREATE TRIGGER documentos_venta_version_truncate AFTER TRUNCATE ON documentos_venta FOR EACH STATEMENT EXECUTE FUNCTION faro_version_todo();
--> statement-breakpoint
CREATE TRIGGER documentos_compra_version_truncate AFTER TRUNCATE ON documentos_compra FOR EACH STATEMENT EXECUTE FUNCTION faro_version_todo();
