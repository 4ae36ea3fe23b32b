import { and, asc, count, eq, sql } from 'drizzle-orm';
import { datosInicialesEmpresa } from '../../modules/configuracion/datosIniciales.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllOf } from '../auth/sessions.ts';
import type { Database, Db } from '../db/database.ts';
import { centrosTable, empresas, miembros, personas, suscripciones } from '../db/schema.ts';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import {
  COLUMNAS_IDENTIDAD,
  cambiarPassword,
  crearPersona,
  desbloquear,
  escribirIdentidad,
} from '../identity/personas.ts';
import { companyScope } from '../tenancy/scope.ts';
import { filas } from './filas.ts';

/**
 * Platform administration of companies and their users (admempresas, administrador/admusuarios): platform-level
 * reads and writes across companies, for platform administrators only (the routes declare `access.admin`).
 */
export interface EmpresaAdminInput {
  Codigo?: string;
  Nombre: string;
  NIF: string;
  TipoCuenta: string;
  Plan: string;
  Modulos: Partial<Record<string, boolean>>;
  Usuarios: number;
  Centros: number;
}

export interface UsuarioAdminInput {
  UserName: string;
  Nombre: string;
  Apellido1?: string | null;
  Apellido2?: string | null;
  /** Left out, the stored one stays; '' or null clears it. */
  NombreComercial?: string | null;
  Email: string;
  Roles: string[];
  Propietario: boolean;
  Password?: string;
}

/** A row of the companies list (admempresas). */
export interface EmpresaFila {
  Id: number;
  Codigo: string;
  Nombre: string;
  NIF: string;
  TipoCuenta: string;
  EntidadPruebas: boolean;
  CondicionesAceptadas: boolean;
  Modulos: Record<string, boolean>;
  Plan: string;
  Suspendida: boolean;
  NumUsuarios: number;
  UltimaActividad: Date | null;
  Almacenamiento: number;
  Creada: Date;
}

const usuarioCols = {
  Id: miembros.id,
  ...COLUMNAS_IDENTIDAD,
  Roles: miembros.roles,
  Propietario: miembros.propietario,
};

const LIST_SQL = `
  select e.id::int as "Id", e.codigo as "Codigo", e.nombre as "Nombre", e.nif as "NIF", e.tipo_cuenta as "TipoCuenta",
    e.entidad_pruebas as "EntidadPruebas", e.condiciones_aceptadas as "CondicionesAceptadas", e.modulos as "Modulos",
    coalesce(s.plan, 'basico') as "Plan", coalesce(s.suspendida, false) as "Suspendida",
    (select count(*) from miembros m where m.empresa_id = e.id and not m.baja)::int as "NumUsuarios",
    greatest((select max(a.fecha) from auditoria a where a.empresa_id = e.id),
             (select max(x.creada) from sesiones x where x.empresa_id = e.id)) as "UltimaActividad",
    (select coalesce(sum(f.tamano), 0) from ficheros f where f.empresa_id = e.id)::int as "Almacenamiento",
    e.creada as "Creada"
  from empresas e left join suscripciones s on s.empresa_id = e.id`;

export const noLimpiar = (n: number) =>
  `No se puede empezar de cero: la empresa ya ha emitido ${n} ${n === 1 ? 'factura' : 'facturas'} y las facturas ` +
  'emitidas no se pueden borrar (la ley obliga a conservarlas y ya constan en su registro). Pasa a producción ' +
  'conservando los datos.';

/** Company tables that starting clean keeps: who works there, its centres, legal logs and the platform's links. */
const CONSERVAR = new Set([
  'miembros',
  'roles',
  'centros',
  'sesiones',
  'auditoria',
  'fichajes',
  'fichajes_correcciones',
  'fichajes_pines',
  'verifactu_registros',
  'verifactu_config',
  'ticketbai_registros',
  'ticketbai_config',
  'aues_config',
  'contratos_servicio',
  'suscripciones',
  'suscripciones_facturas',
  'avisos_usuarios',
  'asesoria_clientes',
  'asesoria_niveles',
  'asesoria_perfil',
  'asesoria_asignaciones',
  'asesoria_solicitudes',
  'errores_servidor',
  'correos_salida',
  'trabajos',
]);

/**
 * Deletes the company's rows of every other table with an `empresa_id`, children before parents (the foreign keys
 * read from the catalogue); a table that refuses (an append-only trigger) aborts the whole transaction.
 */
async function vaciarEmpresa(tx: Db, empresaId: number) {
  const tablas = filas<{ t: string }>(
    await tx.execute(sql`select c.table_name as t from information_schema.columns c
      join information_schema.tables x on x.table_schema = c.table_schema and x.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'empresa_id' and x.table_type = 'BASE TABLE'`),
  )
    .map((r) => r.t)
    .filter((t) => !CONSERVAR.has(t));
  const fks = filas<{ hijo: string; padre: string }>(
    await tx.execute(sql`select h.relname as hijo, p.relname as padre from pg_constraint k
      join pg_class h on h.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and h.relnamespace = current_schema()::regnamespace and h.oid <> p.oid`),
  );
  const pendientes = new Set(tablas);
  while (pendientes.size) {
    // A table goes once no pending table references it.
    const libre = [...pendientes].find((t) => !fks.some((f) => f.padre === t && pendientes.has(f.hijo)));
    const siguiente = libre ?? [...pendientes][0]!;
    await tx.execute(sql`delete from ${sql.identifier(siguiente)} where empresa_id = ${empresaId}`);
    pendientes.delete(siguiente);
  }
}

export function empresasAdmin(database: Database, now: () => number) {
  const db = database.db;

  async function member(empresa: number, id: number) {
    const [m] = await db
      .select({ personaId: miembros.personaId })
      .from(miembros)
      .where(and(eq(miembros.empresaId, empresa), eq(miembros.id, id)))
      .limit(1);
    if (!m) throw notFound();
    return m.personaId;
  }

  async function empresaExiste(id: number) {
    const [e] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, id)).limit(1);
    if (!e) throw notFound();
  }

  return {
    async list(q: { Buscar: string; Pagina: number; TotalPagina: number; TipoCuenta?: string }) {
      const params: unknown[] = [];
      const where: string[] = [];
      if (q.Buscar) {
        params.push(`%${q.Buscar}%`);
        where.push(
          `(e.nombre ilike $${params.length} or e.codigo ilike $${params.length} or e.nif ilike $${params.length})`,
        );
      }
      if (q.TipoCuenta) {
        params.push(q.TipoCuenta);
        where.push(`e.tipo_cuenta = $${params.length}`);
      }
      const w = where.length ? ` where ${where.join(' and ')}` : '';
      const Items = await database.query<EmpresaFila>(
        `${LIST_SQL}${w} order by e.nombre limit ${q.TotalPagina} offset ${(q.Pagina - 1) * q.TotalPagina}`,
        params,
      );
      const [total] = await database.query<{ n: number }>(`select count(*)::int as n from empresas e${w}`, params);
      return { Items, Total: Number(total?.n ?? 0), TotalLimitado: false };
    },

    async edit(id: number) {
      const [row] = await database.query<EmpresaFila>(`${LIST_SQL} where e.id = $1`, [id]);
      if (!row) throw notFound();
      const [s] = await db.select().from(suscripciones).where(eq(suscripciones.empresaId, id));
      return {
        ...row,
        Usuarios: s?.Usuarios ?? 1,
        Centros: s?.Centros ?? 1,
        PlanSiguiente: s?.PlanSiguiente ?? null,
        MotivoSuspension: s?.MotivoSuspension ?? null,
        PasoProduccion: s?.PasoProduccion ?? null,
        FacturasEmitidas: await this.facturasEmitidas(id),
      };
    },

    /** Creates (id null) or updates a company and its subscription in one transaction. */
    async save(id: number | null, body: EmpresaAdminInput): Promise<number> {
      return db.transaction(async (tx) => {
        const modulos = Object.fromEntries(Object.entries(body.Modulos).filter(([, on]) => on === true)) as Record<
          string,
          boolean
        >;
        const values = { nombre: body.Nombre, nif: body.NIF, tipoCuenta: body.TipoCuenta, modulos };
        let empresaId = id;
        if (empresaId === null) {
          const codigo = (body.Codigo ?? '').toUpperCase();
          const [taken] = await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, codigo));
          if (taken) throw fieldError('Codigo', 'Ya existe una empresa con ese código');
          const [row] = await tx
            .insert(empresas)
            .values({ ...values, codigo, entidadPruebas: true, condicionesAceptadas: false })
            .returning({ id: empresas.id });
          empresaId = row!.id;
          await tx.insert(centrosTable).values({ empresaId, Val: 'CENTRAL', Desc: 'Central' } as never);
          await datosInicialesEmpresa(companyScope(tx, { empresaId, personaId: null, userName: 'admin' }), {
            tributacion: 'peninsula',
            tipoCuenta: body.TipoCuenta as never,
          });
        } else {
          const [row] = await tx
            .update(empresas)
            .set(values)
            .where(eq(empresas.id, empresaId))
            .returning({ id: empresas.id });
          if (!row) throw notFound();
        }
        const sub = { Plan: body.Plan, Usuarios: body.Usuarios, Centros: body.Centros, Actualizada: new Date(now()) };
        await tx
          .insert(suscripciones)
          .values({ empresaId, ...sub })
          .onConflictDoUpdate({ target: suscripciones.empresaId, set: sub });
        return empresaId;
      });
    },

    async suspender(id: number, suspendida: boolean, motivo: string | null) {
      await empresaExiste(id);
      const v = { Suspendida: suspendida, MotivoSuspension: suspendida ? motivo : null, Actualizada: new Date(now()) };
      await db
        .insert(suscripciones)
        .values({ empresaId: id, ...v })
        .onConflictDoUpdate({ target: suscripciones.empresaId, set: v });
    },

    /** Issued sales invoices of a company: while there are any, it cannot start clean (they are kept by law). */
    async facturasEmitidas(id: number): Promise<number> {
      const [r] = await database.query<{ n: number }>(
        `select count(*)::int as n from documentos_venta
          where empresa_id = $1 and numero is not null and tipo in ('factura', 'rectificativa', 'simplificada')`,
        [id],
      );
      return Number(r?.n ?? 0);
    },

    /**
     * Moves a test company to production: the test flag goes; the data is kept, or (`limpiar`, only without issued
     * invoices) every company table is emptied but the people, roles, centres, legal logs and platform links, and the
     * initial data (VAT types, series, payment methods, cash account) is written again — all in one transaction.
     */
    async produccion(id: number, limpiar = false) {
      if (limpiar) {
        const n = await this.facturasEmitidas(id);
        if (n > 0) throw new AppError(409, noLimpiar(n));
        await db.transaction(async (tx) => {
          const [e] = await tx.select().from(empresas).where(eq(empresas.id, id)).for('update');
          if (!e) throw notFound();
          await vaciarEmpresa(tx, id);
          await datosInicialesEmpresa(companyScope(tx, { empresaId: id, personaId: null, userName: 'admin' }), {
            tributacion: (e.tributacion ?? 'peninsula') as never,
            tipoCuenta: e.tipoCuenta as never,
          });
        });
      }
      const [row] = await db
        .update(empresas)
        .set({ entidadPruebas: false })
        .where(eq(empresas.id, id))
        .returning({ id: empresas.id });
      if (!row) throw notFound();
      const v = { PasoProduccion: new Date(now()), Actualizada: new Date(now()) };
      await db
        .insert(suscripciones)
        .values({ empresaId: id, ...v })
        .onConflictDoUpdate({ target: suscripciones.empresaId, set: v });
    },

    /** A downgrade, applied at the end of the period. */
    async planSiguiente(id: number, plan: string) {
      const v = { PlanSiguiente: plan, Actualizada: new Date(now()) };
      await db
        .insert(suscripciones)
        .values({ empresaId: id, ...v })
        .onConflictDoUpdate({ target: suscripciones.empresaId, set: v });
    },

    /** The suspended companies (the request hook refuses their calls). */
    async suspendidas(): Promise<number[]> {
      const rows = await db
        .select({ id: suscripciones.empresaId })
        .from(suscripciones)
        .where(eq(suscripciones.Suspendida, true));
      return rows.map((r) => Number(r.id));
    },

    // --- administrador/admusuarios ---
    async users(empresa: number, q: { Pagina: number; TotalPagina: number }) {
      const where = and(eq(miembros.empresaId, empresa), eq(miembros.baja, false));
      const Items = await db
        .select({
          ...usuarioCols,
          // Locked by an administrator, or temporarily after too many failed sign-ins.
          Bloqueado: sql<boolean>`(${personas.bloqueado} or coalesce(${personas.bloqueadoHasta} > ${new Date(now()).toISOString()}::timestamptz, false))`,
        })
        .from(miembros)
        .innerJoin(personas, eq(personas.id, miembros.personaId))
        .where(where)
        .orderBy(asc(personas.userName))
        .limit(q.TotalPagina)
        .offset((q.Pagina - 1) * q.TotalPagina);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(miembros).where(where);
      return { Items, Total: n, TotalLimitado: false };
    },

    async user(empresa: number, id: number) {
      const [row] = await db
        .select(usuarioCols)
        .from(miembros)
        .innerJoin(personas, eq(personas.id, miembros.personaId))
        .where(and(eq(miembros.empresaId, empresa), eq(miembros.id, id), eq(miembros.baja, false)));
      if (!row) throw notFound();
      return row;
    },

    async saveUser(empresa: number, id: number | null, body: UsuarioAdminInput): Promise<number> {
      await empresaExiste(empresa);
      const persona = {
        nombre: body.Nombre,
        apellido1: body.Apellido1 ?? null,
        apellido2: body.Apellido2 ?? null,
        ...(body.NombreComercial === undefined ? {} : { nombreComercial: body.NombreComercial || null }),
        email: body.Email,
      };
      const miembro = { roles: body.Roles, propietario: body.Propietario };
      if (id !== null) {
        const personaId = await member(empresa, id);
        await db.transaction(async (tx) => {
          await escribirIdentidad(tx, personaId, persona);
          await tx
            .update(miembros)
            .set(miembro)
            .where(and(eq(miembros.empresaId, empresa), eq(miembros.id, id)));
        });
        return id;
      }
      if (!body.Password) throw fieldError('Password', 'Contraseña es obligatorio');
      const hash = await hashPassword(body.Password);
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: personas.id })
          .from(personas)
          .where(eq(sql`lower(${personas.userName})`, body.UserName.toLowerCase()));
        if (taken) throw fieldError('UserName', 'Ya existe un usuario con ese nombre');
        const personaId = await crearPersona(tx, { ...persona, userName: body.UserName, passwordHash: hash });
        const [m] = await tx
          .insert(miembros)
          .values({ empresaId: empresa, personaId, ...miembro, fichajeActivo: true })
          .returning({ id: miembros.id });
        return m!.id;
      });
    },

    /** Removes the membership (the person and their history stay: time-clock entries and audit name them). */
    async deleteUser(empresa: number, id: number) {
      const personaId = await member(empresa, id);
      const [owner] = await db
        .select({ p: miembros.propietario })
        .from(miembros)
        .where(and(eq(miembros.empresaId, empresa), eq(miembros.id, id)));
      if (owner?.p) throw new AppError(400, 'No se puede eliminar al propietario de la empresa');
      await db
        .update(miembros)
        .set({ baja: true })
        .where(and(eq(miembros.empresaId, empresa), eq(miembros.id, id)));
      await revokeAllOf(db, personaId);
    },

    async unlock(empresa: number, id: number) {
      const personaId = await member(empresa, id);
      await desbloquear(db, personaId);
    },

    /** The company of a user (a membership's id is unique over the platform); 404 when there is none. */
    async empresaDeUsuario(id: number): Promise<number> {
      const [m] = await db.select({ empresa: miembros.empresaId }).from(miembros).where(eq(miembros.id, id)).limit(1);
      if (!m) throw notFound();
      return Number(m.empresa);
    },

    async setPassword(empresa: number, id: number, password: string) {
      const personaId = await member(empresa, id);
      await cambiarPassword(db, personaId, await hashPassword(password));
      await revokeAllOf(db, personaId);
    },
  };
}

export type EmpresasAdmin = ReturnType<typeof empresasAdmin>;
