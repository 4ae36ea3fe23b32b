import type { InfoEmpresa } from '@faro/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { versiones } from '../admin/tablas.ts';
import type { Database } from '../db/database.ts';
import { empresas, miembros } from '../db/platformTables.ts';
import { type Actor, type CompanyTable, companyScope, type Scope, source } from './scope.ts';

/** The actor of work no person started (jobs, workers). */
export const SISTEMA: Pick<Actor, 'personaId' | 'userName'> = { personaId: null, userName: 'sistema' };

/**
 * Company scopes outside a request: background jobs find the companies with work (`companiesWith`), then act
 * through each company's door (`scope`). The one cross-company read modules get is a list of company ids.
 */
export function companyDirectory(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    scope(empresaId: number, actor: Pick<Actor, 'personaId' | 'userName'> = SISTEMA): Scope {
      return companyScope(db, { empresaId, ...actor });
    },
    async companiesWith(table: CompanyTable, where?: SQL): Promise<number[]> {
      const rows = await db.selectDistinct({ id: table.empresaId }).from(source(table)).where(where);
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    },
    /** A company by its code (case-insensitive) among the given account types: public pages (online enrolment). */
    async companyByCode(codigo: string, tipos: string[]): Promise<number | null> {
      const [row] = await db
        .select({ id: empresas.id })
        .from(empresas)
        .where(and(eq(sql`upper(${empresas.codigo})`, codigo.toUpperCase()), inArray(empresas.tipoCuenta, tipos)))
        .limit(1);
      return row ? Number(row.id) : null;
    },
    /** The product version: the newest of admversiones (a platform table), '1.0.0' before any. */
    async productVersion(): Promise<string> {
      const [row] = await db.select({ v: versiones.Version }).from(versiones).orderBy(desc(versiones.Id)).limit(1);
      return row?.v ?? '1.0.0';
    },
    /**
     * The companies a person is an active member of, by name (the company switcher): `Relacion` says which one is
     * their advisory firm and which they serve as its adviser (their only role there is asesoria).
     */
    async membershipsOf(personaId: number): Promise<EmpresaDePersona[]> {
      const rows = await db
        .select({
          Id: empresas.id,
          Codigo: empresas.codigo,
          Nombre: empresas.nombre,
          tipo: empresas.tipoCuenta,
          roles: miembros.roles,
          propietario: miembros.propietario,
        })
        .from(miembros)
        .innerJoin(empresas, eq(empresas.id, miembros.empresaId))
        .where(and(eq(miembros.personaId, personaId), eq(miembros.baja, false)))
        .orderBy(asc(empresas.nombre));
      return rows.map(({ tipo, roles, propietario, ...e }) => {
        const asesor = roles.includes('asesoria');
        if (asesor && tipo === 'asesoria') return { ...e, Relacion: 'asesoria' as const };
        if (asesor && roles.length === 1 && !propietario) return { ...e, Relacion: 'cliente' as const };
        return e;
      });
    },
  };
}

export type EmpresaDePersona = InfoEmpresa['Empresas'][number];
export type CompanyDirectory = ReturnType<typeof companyDirectory>;
