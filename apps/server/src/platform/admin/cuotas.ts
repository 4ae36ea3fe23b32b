import { and, desc, eq, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { empresas, suscripcionesFacturas as sf, suscripciones } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

/**
 * The subscription fee invoices (platform level): who is invoiced (the subscriber's fiscal data and plan) and which
 * months are already invoiced. The invoice itself is issued in the platform company's sales (modules/contratacion).
 */
export function cuotasRepo(database: Database) {
  const db = database.db;
  return {
    /** The subscriber's data the invoice needs. */
    async suscriptor(empresaId: number) {
      const [e] = await db
        .select({
          Nombre: empresas.nombre,
          NIF: empresas.nif,
          Direccion: empresas.direccion,
          CodPostal: empresas.codPostal,
          Poblacion: empresas.poblacion,
          Email: empresas.email,
          Plan: suscripciones.Plan,
          Iban: suscripciones.Iban,
          ReferenciaPago: suscripciones.ReferenciaPago,
        })
        .from(empresas)
        .leftJoin(suscripciones, eq(suscripciones.empresaId, empresas.id))
        .where(eq(empresas.id, empresaId));
      if (!e) throw notFound();
      return { ...e, Plan: e.Plan ?? 'basico' };
    },
    async de(empresaId: number, periodo: string) {
      const [row] = await db
        .select()
        .from(sf)
        .where(and(eq(sf.empresaId, empresaId), eq(sf.Periodo, periodo)));
      return row ?? null;
    },
    async registrar(row: typeof sf.$inferInsert) {
      await db.insert(sf).values(row);
    },
    /** Downgrades chosen before `inicioPeriodo` take effect: Plan ← PlanSiguiente. Returns the companies changed. */
    async aplicarCambiosDePlan(inicioPeriodo: Date): Promise<number[]> {
      const rows = await db
        .update(suscripciones)
        .set({ Plan: sql`${suscripciones.PlanSiguiente}`, PlanSiguiente: null, Actualizada: new Date() })
        .where(and(isNotNull(suscripciones.PlanSiguiente), lt(suscripciones.Actualizada, inicioPeriodo)))
        .returning({ id: suscripciones.empresaId });
      return rows.map((r) => Number(r.id));
    },
    /** Companies in production, signed and not suspended, whose fee of `periodo` is not invoiced yet. */
    async porFacturar(periodo: string, emisora: number): Promise<number[]> {
      const rows = await db
        .select({ id: empresas.id })
        .from(empresas)
        .leftJoin(suscripciones, eq(suscripciones.empresaId, empresas.id))
        .where(
          and(
            eq(empresas.entidadPruebas, false),
            eq(empresas.condicionesAceptadas, true),
            sql`${empresas.id} <> ${emisora}`,
            sql`coalesce(${suscripciones.Suspendida}, false) = false`,
            notExists(
              db
                .select({ x: sql`1` })
                .from(sf)
                .where(and(eq(sf.empresaId, empresas.id), eq(sf.Periodo, periodo))),
            ),
          ),
        )
        .orderBy(empresas.id);
      return rows.map((r) => Number(r.id));
    },
    lista: (empresaId: number) =>
      db
        .select({ Periodo: sf.Periodo, Plan: sf.Plan, NumSerie: sf.NumSerie, Total: sf.Total, Creada: sf.Creada })
        .from(sf)
        .where(eq(sf.empresaId, empresaId))
        .orderBy(desc(sf.Periodo)),
  };
}
