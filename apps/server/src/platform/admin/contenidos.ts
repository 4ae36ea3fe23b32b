import type { VideoTutorial } from '@faro/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  avisosPlataforma,
  avisosUsuarios,
  contratoPlantillas,
  erroresResueltos,
  versiones,
  videos,
  videosCategorias,
} from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { filas } from './filas.ts';

/**
 * Platform contents kept by the administrators: notices, the versioned contract template, video tutorials, product
 * versions; the server-error groups (admexcep) and the platform reports (adminformes).
 */
export interface AvisoInput {
  Titulo: string;
  Texto: string;
  Prioridad: string;
  TiposCuenta: string[];
  Planes: string[];
}
export interface CategoriaInput {
  Nombre: string;
  Orden: number;
  Baja: boolean;
}
export type VideoInput = VideoTutorial;
export interface VersionInput {
  Version: string;
  Fecha: string;
  Notas: string;
}

/** Masks what must never reach the exceptions screen: e-mails, tokens, long digit runs, key=value secrets. */
export function sinSecretos(texto: string): string {
  return texto
    .replace(/[^\s@"']+@[^\s@"']+\.[^\s@"']+/g, '[correo]')
    .replace(
      /\b(password|passwd|pass|contrase(?:ñ|n)a|token|secret|secreto|clave|authorization|bearer)\b\s*[:=]?\s*\S+/gi,
      '$1 [oculto]',
    )
    .replace(/\beyJ[\w-]+\.[\w-]+(\.[\w-]+)?/g, '[token]')
    .replace(/\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g, '[iban]')
    .replace(/\d{6,}/g, '[número]');
}

export function contenidos(database: Database) {
  const db = database.db;
  return {
    // --- notices ---
    avisos: () => db.select().from(avisosPlataforma).orderBy(desc(avisosPlataforma.Id)).limit(200),
    /** Stores a notice and delivers it to every active member of the companies it targets (one set-based insert). */
    async crearAviso(body: AvisoInput, autor: string): Promise<{ Id: number; Destinatarios: number }> {
      return db.transaction(async (tx) => {
        const [aviso] = await tx
          .insert(avisosPlataforma)
          .values({ ...body, Autor: autor })
          .returning({ Id: avisosPlataforma.Id });
        const tipos = JSON.stringify(body.TiposCuenta);
        const planes = JSON.stringify(body.Planes);
        const delivered = await tx.execute(sql`
          insert into avisos_usuarios (empresa_id, persona_id, id_aviso)
          select m.empresa_id, m.persona_id, ${aviso!.Id}
          from miembros m join empresas e on e.id = m.empresa_id
          left join suscripciones s on s.empresa_id = e.id
          where not m.baja
            and (jsonb_array_length(${tipos}::jsonb) = 0 or ${tipos}::jsonb ? e.tipo_cuenta)
            and (jsonb_array_length(${planes}::jsonb) = 0 or ${planes}::jsonb ? coalesce(s.plan, 'basico'))
          on conflict do nothing
          returning 1`);
        const n = filas(delivered).length;
        await tx.update(avisosPlataforma).set({ Destinatarios: n }).where(eq(avisosPlataforma.Id, aviso!.Id));
        return { Id: aviso!.Id, Destinatarios: n };
      });
    },
    async borrarAviso(id: number) {
      const r = await db
        .delete(avisosPlataforma)
        .where(eq(avisosPlataforma.Id, id))
        .returning({ Id: avisosPlataforma.Id });
      if (!r.length) throw notFound();
    },
    /** A user's notices in the company of their session (newest first). */
    avisosDe: (empresaId: number, personaId: number) =>
      db
        .select({
          Id: avisosPlataforma.Id,
          Titulo: avisosPlataforma.Titulo,
          Texto: avisosPlataforma.Texto,
          Prioridad: avisosPlataforma.Prioridad,
          Creado: avisosPlataforma.Creado,
          Leido: avisosUsuarios.Leido,
        })
        .from(avisosUsuarios)
        .innerJoin(avisosPlataforma, eq(avisosPlataforma.Id, avisosUsuarios.IdAviso))
        .where(and(eq(avisosUsuarios.empresaId, empresaId), eq(avisosUsuarios.personaId, personaId)))
        .orderBy(desc(avisosPlataforma.Id))
        .limit(100),
    async leerAviso(empresaId: number, personaId: number, id: number) {
      const r = await db
        .update(avisosUsuarios)
        .set({ Leido: new Date() })
        .where(
          and(
            eq(avisosUsuarios.empresaId, empresaId),
            eq(avisosUsuarios.personaId, personaId),
            eq(avisosUsuarios.IdAviso, id),
          ),
        )
        .returning({ id: avisosUsuarios.IdAviso });
      if (!r.length) throw notFound();
    },

    // --- contract template (versioned) ---
    async plantillaActual() {
      const [row] = await db.select().from(contratoPlantillas).orderBy(desc(contratoPlantillas.Version)).limit(1);
      return row ?? null;
    },
    plantillas: () =>
      db
        .select({
          Id: contratoPlantillas.Id,
          Version: contratoPlantillas.Version,
          Titulo: contratoPlantillas.Titulo,
          Autor: contratoPlantillas.Autor,
          Creado: contratoPlantillas.Creado,
        })
        .from(contratoPlantillas)
        .orderBy(desc(contratoPlantillas.Version)),
    async guardarPlantilla(body: { Titulo: string; Cuerpo: string }, autor: string) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table contrato_plantillas in exclusive mode`);
        const [{ v } = { v: 0 }] = await tx
          .select({ v: sql<number>`coalesce(max(${contratoPlantillas.Version}), 0)::int` })
          .from(contratoPlantillas);
        const [row] = await tx
          .insert(contratoPlantillas)
          .values({ ...body, Version: Number(v) + 1, Autor: autor })
          .returning();
        return row!;
      });
    },

    // --- video tutorials ---
    categorias: () =>
      db.select().from(videosCategorias).orderBy(asc(videosCategorias.Orden), asc(videosCategorias.Nombre)),
    async categoria(id: number) {
      const [row] = await db.select().from(videosCategorias).where(eq(videosCategorias.Id, id));
      if (!row) throw notFound();
      return row;
    },
    async guardarCategoria(id: number | null, body: CategoriaInput) {
      if (id === null) return (await db.insert(videosCategorias).values(body).returning())[0]!;
      const [row] = await db.update(videosCategorias).set(body).where(eq(videosCategorias.Id, id)).returning();
      if (!row) throw notFound();
      return row;
    },
    async borrarCategoria(id: number) {
      const [used] = await db.select({ id: videos.Id }).from(videos).where(eq(videos.IdCategoria, id)).limit(1);
      if (used) {
        await db.update(videosCategorias).set({ Baja: true }).where(eq(videosCategorias.Id, id));
        return;
      }
      const r = await db.delete(videosCategorias).where(eq(videosCategorias.Id, id)).returning();
      if (!r.length) throw notFound();
    },
    videos: () =>
      db
        .select({ ...videoCols, Categoria: videosCategorias.Nombre })
        .from(videos)
        .innerJoin(videosCategorias, eq(videosCategorias.Id, videos.IdCategoria))
        .orderBy(asc(videosCategorias.Orden), asc(videos.Orden), asc(videos.Titulo)),
    async video(id: number) {
      const [row] = await db.select().from(videos).where(eq(videos.Id, id));
      if (!row) throw notFound();
      return row;
    },
    async guardarVideo(id: number | null, body: VideoInput) {
      await this.categoria(body.IdCategoria);
      if (id === null) return (await db.insert(videos).values(body).returning())[0]!;
      const [row] = await db.update(videos).set(body).where(eq(videos.Id, id)).returning();
      if (!row) throw notFound();
      return row;
    },
    async borrarVideo(id: number) {
      const r = await db.delete(videos).where(eq(videos.Id, id)).returning();
      if (!r.length) throw notFound();
    },
    /** The videos an account type sees (active, in active categories). */
    videosPara: (tipoCuenta: string) =>
      db
        .select({ ...videoCols, Categoria: videosCategorias.Nombre })
        .from(videos)
        .innerJoin(videosCategorias, eq(videosCategorias.Id, videos.IdCategoria))
        .where(
          and(
            eq(videos.Baja, false),
            eq(videosCategorias.Baja, false),
            sql`(jsonb_array_length(${videos.TiposCuenta}) = 0 or ${videos.TiposCuenta} ? ${tipoCuenta})`,
          ),
        )
        .orderBy(asc(videosCategorias.Orden), asc(videos.Orden), asc(videos.Titulo)),

    // --- product versions ---
    versiones: () => db.select().from(versiones).orderBy(desc(versiones.Id)).limit(50),
    async versionActual() {
      const [row] = await db.select().from(versiones).orderBy(desc(versiones.Id)).limit(1);
      return row ?? null;
    },
    async guardarVersion(body: VersionInput) {
      const v = { Fecha: body.Fecha, Notas: body.Notas };
      const [row] = await db
        .insert(versiones)
        .values(body)
        .onConflictDoUpdate({ target: versiones.Version, set: v })
        .returning();
      return row!;
    },

    // --- exceptions (errores_servidor grouped by route, error name and message) ---
    async errores(q: { Buscar: string; Resueltos: boolean; Pagina: number; TotalPagina: number }) {
      const params: unknown[] = [q.Resueltos];
      let buscar = '';
      if (q.Buscar) {
        params.push(`%${q.Buscar}%`);
        buscar = ` and (g.ruta ilike $2 or g.nombre ilike $2 or g.mensaje ilike $2 or g.referencias ilike $2)`;
      }
      const grouped = `
        with g as (
          select md5(ruta || '|' || nombre || '|' || mensaje) as grupo, metodo, ruta, nombre, mensaje,
            count(*)::int as veces, min(creado) as primera, max(creado) as ultima,
            count(distinct empresa)::int as empresas, string_agg(referencia, ' ' order by creado desc) as referencias
          from errores_servidor group by metodo, ruta, nombre, mensaje)
        select g.*, r.resuelto, r.por from g left join errores_resueltos r on r.grupo = g.grupo
        where ((r.grupo is not null and r.resuelto >= g.ultima) = $1)${buscar}`;
      const rows = await database.query<Record<string, unknown>>(
        `${grouped} order by g.ultima desc limit ${q.TotalPagina} offset ${(q.Pagina - 1) * q.TotalPagina}`,
        params,
      );
      const [total] = await database.query<{ n: number }>(`select count(*)::int as n from (${grouped}) t`, params);
      return {
        Items: rows.map((r) => ({
          Grupo: r.grupo,
          Metodo: r.metodo,
          Ruta: r.ruta,
          Nombre: r.nombre,
          Mensaje: sinSecretos(String(r.mensaje)),
          Veces: r.veces,
          Empresas: r.empresas,
          Primera: r.primera,
          Ultima: r.ultima,
          Referencias: String(r.referencias).split(' ').slice(0, 10),
          Resuelto: r.resuelto ?? null,
          ResueltoPor: r.por ?? null,
        })),
        Total: Number(total?.n ?? 0),
        TotalLimitado: false,
      };
    },
    /** Marks a group resolved now: a new occurrence afterwards reopens it. */
    async resolver(grupo: string, por: string, resuelto: boolean) {
      if (!resuelto) {
        await db.delete(erroresResueltos).where(eq(erroresResueltos.Grupo, grupo));
        return;
      }
      const [hit] = await database.query(
        `select 1 from errores_servidor where md5(ruta || '|' || nombre || '|' || mensaje) = $1 limit 1`,
        [grupo],
      );
      if (!hit) throw notFound();
      const v = { Resuelto: new Date(), Por: por };
      await db
        .insert(erroresResueltos)
        .values({ Grupo: grupo, ...v })
        .onConflictDoUpdate({ target: erroresResueltos.Grupo, set: v });
    },

    // --- reports ---
    async informes() {
      const porTipoPlan = await database.query(
        `select e.tipo_cuenta as "TipoCuenta", coalesce(s.plan, 'basico') as "Plan", count(*)::int as "Empresas",
           sum(case when e.entidad_pruebas then 1 else 0 end)::int as "Pruebas"
         from empresas e left join suscripciones s on s.empresa_id = e.id
         group by 1, 2 order by 1, 2`,
      );
      const [activos] = await database.query<{ n: number; total: number }>(
        `select (select count(distinct persona_id) from sesiones where creada > now() - interval '30 days')::int as n,
           (select count(*) from personas)::int as total`,
      );
      const facturasMes = await database.query(
        `select to_char(fecha, 'YYYY-MM') as "Mes", count(*)::int as "Facturas"
         from documentos_venta where numero is not null and tipo in ('factura', 'rectificativa', 'simplificada')
           and fecha >= (current_date - interval '11 months')::date
         group by 1 order by 1`,
      );
      const [embudo] = await database.query<Record<string, number>>(
        `select count(*)::int as "Empresas",
           (select count(distinct empresa_id) from contratos_servicio)::int as "ContratoGenerado",
           (select count(distinct empresa_id) from contratos_servicio where estado = 'firmado')::int as "Firmado",
           sum(case when not entidad_pruebas then 1 else 0 end)::int as "Produccion"
         from empresas`,
      );
      return {
        PorTipoPlan: porTipoPlan,
        UsuariosActivos: Number(activos?.n ?? 0),
        UsuariosTotales: Number(activos?.total ?? 0),
        FacturasPorMes: facturasMes,
        Embudo: embudo,
      };
    },
  };
}

const videoCols = {
  Id: videos.Id,
  IdCategoria: videos.IdCategoria,
  Titulo: videos.Titulo,
  Descripcion: videos.Descripcion,
  Url: videos.Url,
  TiposCuenta: videos.TiposCuenta,
  Orden: videos.Orden,
  Baja: videos.Baja,
};

export type Contenidos = ReturnType<typeof contenidos>;
