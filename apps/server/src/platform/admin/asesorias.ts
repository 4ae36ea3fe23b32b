import { diaMadrid, PERMISSION_CODE_LIST, proximoPlazoFiscal } from '@faro/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import {
  asesoriaAsignaciones,
  asesoriaClientes,
  asesoriaNiveles,
  asesoriaPerfil,
  asesoriaSolicitudes,
  empresas,
  miembros,
} from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { filas, pagina } from './filas.ts';

export interface PerfilAsesoria {
  Provincia: string;
  Especialidades: string[];
  Descripcion: string;
  NivelDefecto: number;
  Visible: boolean;
}

/**
 * Advisory firms (account type asesoria) and their client companies: the link (`asesoria_clientes`) with its level,
 * requests from companies, staff assignments, and the work queue across clients. `firma` is always the caller's own
 * company (the route takes it from the token), so a firm only ever reaches its own clients.
 */
/** Quarterly models the work queue follows: 303 for every client, the others once the client has filed one. */
const MODELOS_TRIMESTRALES = ['303', '130', '111', '115'] as const;
export type EstadoModelo = 'presentada' | 'borrador' | 'pendiente';
/** Models whose past quarters the queue checks for a return marked as presented (303 always, 111 / 130 once filed). */
const MODELOS_VENCIDOS = ['303', '111', '130'] as const;
/** How many due quarters back the queue looks (a year: older gaps are the adviser's own records, not a reminder). */
const TRIMESTRES_ATRAS = 4;
/** The month of the 20th that closes the 1st, 2nd and 3rd quarters (the 4th closes on 30 January). */
const PLAZO_MES = ['04', '07', '10'] as const;

export interface TrimestreSinPresentar {
  Anyo: number;
  Periodo: string;
  /** The deadline that passed (yyyy-mm-dd). */
  Fecha: string;
  Modelos: string[];
}

/** The last `n` quarters whose AEAT deadline is before `hoy`, newest first. */
export function trimestresVencidos(hoy: string, n = TRIMESTRES_ATRAS): Omit<TrimestreSinPresentar, 'Modelos'>[] {
  // The quarter due next is the first whose deadline is today or later: every quarter before it has passed.
  const proximo = proximoPlazoFiscal(hoy);
  let anyo = proximo.Anyo;
  let t = Number(proximo.Periodo[0]);
  const out: Omit<TrimestreSinPresentar, 'Modelos'>[] = [];
  while (out.length < n) {
    t -= 1;
    if (t === 0) {
      t = 4;
      anyo -= 1;
    }
    out.push({ Anyo: anyo, Periodo: `${t}T`, Fecha: t === 4 ? `${anyo + 1}-01-30` : `${anyo}-${PLAZO_MES[t - 1]}-20` });
  }
  return out;
}
export function asesoriasRepo(database: Database, now: () => number = Date.now) {
  const db = database.db;

  async function vinculo(firma: number, cliente: number) {
    const [v] = await db
      .select({ nivel: asesoriaNiveles.Nivel })
      .from(asesoriaClientes)
      .leftJoin(
        asesoriaNiveles,
        and(
          eq(asesoriaNiveles.empresaId, asesoriaClientes.empresaId),
          eq(asesoriaNiveles.clienteEmpresaId, asesoriaClientes.clienteEmpresaId),
        ),
      )
      .where(and(eq(asesoriaClientes.empresaId, firma), eq(asesoriaClientes.clienteEmpresaId, cliente)));
    if (!v) throw notFound();
    return v.nivel ?? 1;
  }

  /** Client ids a staff member serves: the assigned ones, or all the firm's clients when none is assigned. */
  async function clientesDe(firma: number, personaId: number | null): Promise<number[]> {
    const todos = (
      await db
        .select({ id: asesoriaClientes.clienteEmpresaId })
        .from(asesoriaClientes)
        .where(eq(asesoriaClientes.empresaId, firma))
    ).map((r) => Number(r.id));
    if (personaId === null) return todos;
    const asignados = (
      await db
        .select({ id: asesoriaAsignaciones.clienteEmpresaId })
        .from(asesoriaAsignaciones)
        .where(and(eq(asesoriaAsignaciones.empresaId, firma), eq(asesoriaAsignaciones.personaId, personaId)))
    ).map((r) => Number(r.id));
    return asignados.length ? todos.filter((id) => asignados.includes(id)) : todos;
  }

  return {
    clientesDe,

    async perfil(firma: number): Promise<PerfilAsesoria> {
      const [p] = await db.select().from(asesoriaPerfil).where(eq(asesoriaPerfil.empresaId, firma));
      return p
        ? {
            Provincia: p.Provincia,
            Especialidades: p.Especialidades,
            Descripcion: p.Descripcion,
            NivelDefecto: p.NivelDefecto,
            Visible: p.Visible,
          }
        : { Provincia: '', Especialidades: [], Descripcion: '', NivelDefecto: 1, Visible: true };
    },
    async guardarPerfil(firma: number, p: PerfilAsesoria) {
      await db
        .insert(asesoriaPerfil)
        .values({ empresaId: firma, ...p })
        .onConflictDoUpdate({ target: asesoriaPerfil.empresaId, set: p });
    },

    /** The work queue: each client with what needs the adviser's attention. */
    async colaTrabajo(firma: number, personaId: number | null) {
      const ids = await clientesDe(firma, personaId);
      if (!ids.length) return { Items: [], Total: 0, TotalLimitado: false, Plazo: null };
      const rows = await database.query<Record<string, unknown>>(
        `select e.id::int as "Id", e.codigo as "Codigo", e.nombre as "Nombre", e.nif as "NIF", e.tipo_cuenta as "TipoCuenta",
           coalesce(n.nivel, 1) as "Nivel",
           (select count(*) from verifactu_cola c where c.empresa_id = e.id and c.estado in ('rechazado', 'conerrores'))::int as "RechazosVerifactu",
           (select count(*) from documentos_venta d where d.empresa_id = e.id and d.tipo = 'factura' and d.numero is not null
              and d.estado <> 'Anulada' and coalesce(d.cliente_nif, '') = '')::int as "FacturasSinNif",
           (select count(*) from recibos_remesa r where r.empresa_id = e.id and r.estado = 'devuelto')::int as "RecibosDevueltos",
           (select count(*) from apuntes_bancarios a where a.empresa_id = e.id and a.id_conciliado is null)::int as "ApuntesSinConciliar",
           (select count(*) from efactura_recibidas r where r.empresa_id = e.id and (
              not exists (select 1 from efactura_estados x where x.empresa_id = e.id and x.id_documento = r.id_documento
                and x.tipo in ('aceptada', 'rechazada') and x.estado = 'enviado')
              or exists (select 1 from efactura_estados x where x.empresa_id = e.id and x.id_documento = r.id_documento
                and x.tipo = 'pagada' and x.estado not in ('enviado', 'anulado'))))::int as "EfacturasPorInformar",
           (select max(a.fecha) from auditoria a where a.empresa_id = e.id) as "UltimaActividad"
         from empresas e
         left join asesoria_niveles n on n.empresa_id = $1 and n.cliente_empresa_id = e.id
         where e.id = any($2::bigint[])
         order by e.nombre`,
        [firma, `{${ids.join(',')}}`],
      );
      // Models due this period (the quarter whose AEAT deadline comes next) and their state per client.
      const plazo = proximoPlazoFiscal(diaMadrid(new Date(now())));
      const modelos = await database.query<{ empresa: number; modelo: string; estado: EstadoModelo | null }>(
        `select m.empresa_id::int as empresa, m.modelo,
           case when bool_or(m.anyo = $2 and m.periodo = $3 and m.estado = 'presentada') then 'presentada'
                when bool_or(m.anyo = $2 and m.periodo = $3) then 'borrador' end as estado
         from modelos_presentados m
         where m.empresa_id = any($1::bigint[]) and m.modelo = any($4::text[])
         group by m.empresa_id, m.modelo`,
        [`{${ids.join(',')}}`, plazo.Anyo, plazo.Periodo, `{${MODELOS_TRIMESTRALES.join(',')}}`],
      );
      // Past quarters whose deadline passed: which of them have a presented return, per client and model.
      const vencidos = trimestresVencidos(diaMadrid(new Date(now())));
      const presentados = await database.query<{ empresa: number; modelo: string; clave: string | null }>(
        `select m.empresa_id::int as empresa, m.modelo,
           case when m.estado = 'presentada' then m.anyo || '-' || m.periodo end as clave
         from modelos_presentados m
         where m.empresa_id = any($1::bigint[]) and m.modelo = any($2::text[])
         group by 1, 2, 3`,
        [`{${ids.join(',')}}`, `{${MODELOS_VENCIDOS.join(',')}}`],
      );
      const sinPresentar = (empresa: number): TrimestreSinPresentar[] => {
        const suyos = presentados.filter((p) => p.empresa === empresa);
        const sigue = MODELOS_VENCIDOS.filter((m) => m === '303' || suyos.some((p) => p.modelo === m));
        return vencidos
          .map((q) => ({
            ...q,
            Modelos: sigue.filter((m) => !suyos.some((p) => p.modelo === m && p.clave === `${q.Anyo}-${q.Periodo}`)),
          }))
          .filter((q) => q.Modelos.length > 0);
      };
      const Items = rows.map((r) => {
        const propios = modelos.filter((m) => m.empresa === r.Id);
        const TrimestresSinPresentar = sinPresentar(Number(r.Id));
        const Modelos = MODELOS_TRIMESTRALES.filter((m) => m === '303' || propios.some((x) => x.modelo === m)).map(
          (Modelo) => ({ Modelo, Estado: propios.find((x) => x.modelo === Modelo)?.estado ?? ('pendiente' as const) }),
        );
        const ModelosSinPresentar = Modelos.filter((m) => m.Estado !== 'presentada').length;
        return {
          ...r,
          Modelos,
          ModelosSinPresentar,
          TrimestresSinPresentar,
          Pendientes:
            Number(r.RechazosVerifactu) +
            Number(r.FacturasSinNif) +
            Number(r.RecibosDevueltos) +
            Number(r.ApuntesSinConciliar) +
            Number(r.EfacturasPorInformar) +
            ModelosSinPresentar +
            TrimestresSinPresentar.length,
        };
      });
      const Plazo = { Periodo: plazo.Periodo, Anyo: plazo.Anyo, Fecha: plazo.Fecha, Dias: plazo.Dias };
      return { Items, Total: Items.length, TotalLimitado: false, Plazo };
    },

    /**
     * An adviser enters a client: their membership there carries the firm's profile at the delegated level (created
     * or brought up to date), and the entry is audited in the client company as the adviser.
     */
    async entrar(firma: number, adviser: { personaId: number; userName: string }, cliente: number) {
      if (!(await clientesDe(firma, adviser.personaId)).includes(cliente)) throw notFound();
      const nivel = await vinculo(firma, cliente);
      const [f] = await db.select({ nombre: empresas.nombre }).from(empresas).where(eq(empresas.id, firma));
      const nombrePerfil = `Asesoría: ${f?.nombre ?? firma}`.slice(0, 100);
      const permisos = JSON.stringify(Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, nivel])));
      await db.transaction(async (tx) => {
        const found = await tx.execute(
          sql`select id from roles where empresa_id = ${cliente} and nombre = ${nombrePerfil} limit 1`,
        );
        let perfilId = Number(filas<{ id: number }>(found)[0]?.id ?? 0);
        if (perfilId) {
          await tx.execute(
            sql`update roles set permisos = ${permisos}::jsonb, baja = false where empresa_id = ${cliente} and id = ${perfilId}`,
          );
        } else {
          const ins = await tx.execute(
            sql`insert into roles (empresa_id, nombre, descripcion, permisos)
                values (${cliente}, ${nombrePerfil}, ${'Perfil de la asesoría (nivel delegado)'}, ${permisos}::jsonb) returning id`,
          );
          perfilId = Number(filas<{ id: number }>(ins)[0]!.id);
        }
        const [m] = await tx
          .select({ id: miembros.id, roles: miembros.roles, propietario: miembros.propietario })
          .from(miembros)
          .where(and(eq(miembros.empresaId, cliente), eq(miembros.personaId, adviser.personaId)));
        if (m && (m.propietario || !m.roles.every((r) => r === 'asesoria'))) {
          // Already a member of the client in their own right: that membership stays as it is.
        } else if (m) {
          await tx
            .update(miembros)
            .set({ idPerfil: perfilId, baja: false })
            .where(and(eq(miembros.empresaId, cliente), eq(miembros.id, m.id)));
        } else {
          await tx
            .insert(miembros)
            .values({ empresaId: cliente, personaId: adviser.personaId, roles: ['asesoria'], idPerfil: perfilId });
        }
        await writeAudit(tx, {
          empresaId: cliente,
          personaId: adviser.personaId,
          userName: adviser.userName,
          accion: 'A',
          recurso: 'asesoria_entrada',
          idRegistro: firma,
          campos: { Asesoria: f?.nombre ?? '', Nivel: nivel },
        });
      });
      return { Nivel: nivel };
    },

    // --- staff ---
    async personal(firma: number) {
      const rows = await database.query<Record<string, unknown>>(
        `select m.id::int as "Id", p.id::int as "IdPersona", p.user_name as "UserName", p.nombre as "Nombre", p.apellido1 as "Apellido1",
           p.email as "Email", m.propietario as "Propietario",
           coalesce((select json_agg(a.cliente_empresa_id::int order by a.cliente_empresa_id) from asesoria_asignaciones a
             where a.empresa_id = m.empresa_id and a.persona_id = m.persona_id), '[]'::json) as "Clientes"
         from miembros m join personas p on p.id = m.persona_id
         where m.empresa_id = $1 and not m.baja order by p.user_name`,
        [firma],
      );
      return { Items: rows, Total: rows.length, TotalLimitado: false };
    },
    async asignar(firma: number, miembroId: number, clientes: number[]) {
      const [m] = await db
        .select({ personaId: miembros.personaId })
        .from(miembros)
        .where(and(eq(miembros.empresaId, firma), eq(miembros.id, miembroId)));
      if (!m) throw notFound();
      const propios = await clientesDe(firma, null);
      const fuera = clientes.filter((c) => !propios.includes(c));
      if (fuera.length) throw new AppError(400, 'Sólo puedes asignar empresas clientes de la asesoría');
      await db.transaction(async (tx) => {
        await tx
          .delete(asesoriaAsignaciones)
          .where(and(eq(asesoriaAsignaciones.empresaId, firma), eq(asesoriaAsignaciones.personaId, m.personaId)));
        if (clientes.length)
          await tx
            .insert(asesoriaAsignaciones)
            .values(clientes.map((c) => ({ empresaId: firma, personaId: m.personaId, clienteEmpresaId: c })));
      });
    },
    async nombresClientes(firma: number) {
      const ids = await clientesDe(firma, null);
      if (!ids.length) return [];
      return db.select({ Id: empresas.id, Nombre: empresas.nombre }).from(empresas).where(inArray(empresas.id, ids));
    },

    // --- requests ---
    async solicitudes(firma: number, q: { Estado: string; Pagina: number; TotalPagina: number }) {
      const params: unknown[] = [firma];
      let w = '';
      if (q.Estado) {
        params.push(q.Estado);
        w = ' and s.estado = $2';
      }
      const rows = await database.query(
        `select s.id::int as "Id", s.id_solicitante::int as "IdSolicitante", s.solicitante as "Solicitante", s.mensaje as "Mensaje",
           s.estado as "Estado", s.motivo as "Motivo", s.nivel as "Nivel", s.creado as "Creado", s.resuelto as "Resuelto",
           e.nif as "NIF", e.provincia as "Provincia"
         from asesoria_solicitudes s join empresas e on e.id = s.id_solicitante
         where s.empresa_id = $1${w} order by s.creado desc${pagina(q)}`,
        params,
      );
      const [t] = await database.query<{ n: number }>(
        `select count(*)::int as n from asesoria_solicitudes s where s.empresa_id = $1${w}`,
        params,
      );
      return { Items: rows, Total: Number(t?.n ?? 0), TotalLimitado: false };
    },
    async aceptar(firma: number, id: number, nivel: number) {
      return db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(asesoriaSolicitudes)
          .where(and(eq(asesoriaSolicitudes.empresaId, firma), eq(asesoriaSolicitudes.Id, id)))
          .for('update');
        if (!s) throw notFound();
        if (s.Estado !== 'pendiente') throw new AppError(400, 'La solicitud ya está resuelta');
        await tx
          .insert(asesoriaClientes)
          .values({ empresaId: firma, clienteEmpresaId: s.IdSolicitante })
          .onConflictDoNothing();
        await tx
          .insert(asesoriaNiveles)
          .values({ empresaId: firma, clienteEmpresaId: s.IdSolicitante, Nivel: nivel })
          .onConflictDoUpdate({
            target: [asesoriaNiveles.empresaId, asesoriaNiveles.clienteEmpresaId],
            set: { Nivel: nivel },
          });
        await tx
          .update(asesoriaSolicitudes)
          .set({ Estado: 'aceptada', Nivel: nivel, Resuelto: new Date() })
          .where(and(eq(asesoriaSolicitudes.empresaId, firma), eq(asesoriaSolicitudes.Id, id)));
      });
    },
    async rechazar(firma: number, id: number, motivo: string) {
      const r = await db
        .update(asesoriaSolicitudes)
        .set({ Estado: 'rechazada', Motivo: motivo, Resuelto: new Date() })
        .where(
          and(
            eq(asesoriaSolicitudes.empresaId, firma),
            eq(asesoriaSolicitudes.Id, id),
            eq(asesoriaSolicitudes.Estado, 'pendiente'),
          ),
        )
        .returning({ Id: asesoriaSolicitudes.Id });
      if (!r.length) throw notFound();
    },

    // --- buscar asesoría (company owners) ---
    async buscar(q: { Provincia: string; Especialidad: string; Buscar: string }) {
      const params: unknown[] = [];
      const where = [`e.tipo_cuenta = 'asesoria'`, 'coalesce(p.visible, true)'];
      if (q.Provincia) {
        params.push(q.Provincia);
        where.push(`p.provincia = $${params.length}`);
      }
      if (q.Especialidad) {
        params.push(JSON.stringify([q.Especialidad]));
        where.push(`p.especialidades @> $${params.length}::jsonb`);
      }
      if (q.Buscar) {
        params.push(`%${q.Buscar}%`);
        where.push(`(e.nombre ilike $${params.length} or e.poblacion ilike $${params.length})`);
      }
      const rows = await database.query(
        `select e.id::int as "Id", e.nombre as "Nombre", e.poblacion as "Poblacion", coalesce(p.provincia, '') as "Provincia",
           coalesce(p.especialidades, '[]'::jsonb) as "Especialidades", coalesce(p.descripcion, '') as "Descripcion"
         from empresas e left join asesoria_perfil p on p.empresa_id = e.id
         where ${where.join(' and ')} order by e.nombre limit 100`,
        params,
      );
      return { Items: rows, Total: rows.length, TotalLimitado: false };
    },
    /** A company's requests (and links) to firms: what the owner sees beside the search. */
    async misSolicitudes(empresa: number) {
      return database.query(
        `select s.id::int as "Id", s.empresa_id::int as "IdAsesoria", e.nombre as "Asesoria", s.estado as "Estado",
           s.motivo as "Motivo", s.creado as "Creado"
         from asesoria_solicitudes s join empresas e on e.id = s.empresa_id
         where s.id_solicitante = $1 order by s.creado desc limit 50`,
        [empresa],
      );
    },
    async solicitar(empresa: { id: number; nombre: string }, firma: number, mensaje: string) {
      const [f] = await db
        .select({ id: empresas.id })
        .from(empresas)
        .where(and(eq(empresas.id, firma), eq(empresas.tipoCuenta, 'asesoria')));
      if (!f) throw notFound();
      const [linked] = await db
        .select({ id: asesoriaClientes.empresaId })
        .from(asesoriaClientes)
        .where(and(eq(asesoriaClientes.empresaId, firma), eq(asesoriaClientes.clienteEmpresaId, empresa.id)));
      if (linked) throw new AppError(400, 'Esta asesoría ya lleva tu empresa');
      const [pend] = await db
        .select({ id: asesoriaSolicitudes.Id })
        .from(asesoriaSolicitudes)
        .where(
          and(
            eq(asesoriaSolicitudes.empresaId, firma),
            eq(asesoriaSolicitudes.IdSolicitante, empresa.id),
            eq(asesoriaSolicitudes.Estado, 'pendiente'),
          ),
        );
      if (pend) throw new AppError(400, 'Ya has enviado una solicitud a esta asesoría');
      const { NivelDefecto } = await this.perfil(firma);
      const [row] = await db
        .insert(asesoriaSolicitudes)
        .values({
          empresaId: firma,
          IdSolicitante: empresa.id,
          Solicitante: empresa.nombre,
          Mensaje: mensaje,
          Nivel: NivelDefecto,
        })
        .returning({ Id: asesoriaSolicitudes.Id });
      return row!;
    },
  };
}

export type AsesoriasRepo = ReturnType<typeof asesoriasRepo>;
