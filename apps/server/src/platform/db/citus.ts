/**
 * Where each table goes on Citus (docs/citus.md). Every table with `empresa_id` is distributed by it, colocated,
 * and `empresas` by its `id`; the tables below are not (citus.test.ts fails on a table placed nowhere).
 */

/** Small platform tables read together with company tables: replicated to every worker node. */
export const REFERENCE_TABLES = new Set([
  'personas', // joined with miembros in the request context and member lists
  'sesiones', // person-keyed (its empresa_id is only where the session points); joined in the request context
  'versiones',
  'versiones_persona', // person-keyed versions of the request-context cache, read with sesiones
  'videos',
  'videos_categorias',
  'avisos_plataforma',
  'contrato_plantillas',
]);

/** Platform tables only ever queried alone: local tables on the coordinator (citus_add_local_table_to_metadata). */
export const COORDINATOR_TABLES = new Set([
  'ajustes',
  'trabajos',
  'limites_acceso',
  'enlaces_email',
  'correos_salida',
  'correos_salida_adjuntos',
  'errores_servidor',
  'errores_resueltos',
]);
