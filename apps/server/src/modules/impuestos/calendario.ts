import {
  avisoPlazo,
  diasHasta,
  ETIQUETA_ESTADO,
  estadoPlazo,
  type LineaCalendario,
  MSG_CALENDARIO,
  NOMBRE_CALENDARIO,
  type PerfilFiscal,
  pendienteDePresentar,
  plazosDelAnyo,
} from '@faro/domain';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { firmaDe } from '../../platform/admin/http.ts';
import { plataforma } from '../../platform/admin/index.ts';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { type CompanyDirectory, companyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  datosCompra,
  documentosCompra,
  documentosVenta,
  empresa,
  miembros,
  modelosPresentados as mp,
} from '../../platform/tenancy/tables.ts';
import { crearAviso } from '../crm/avisos.ts';
import { hoyMadrid } from '../crm/comun.ts';

/**
 * The fiscal calendar of a company (`GET /api/impuestos/calendario`): every model it files (its profile read from
 * its books and saved returns), each period's deadline and filing state from `modelos_presentados` (the models'
 * draft → preparado, presented → presentado, presented with a domiciled payment → domiciliado), overdue ones
 * flagged; and the daily job that reminds the owners (notification and e-mail, once per model, period, kind and
 * person) `DIAS_AVISO` days before a deadline and once it has passed.
 */
export const DIAS_AVISO = 7;

/** A NIF of a natural person: a DNI (digits) or a NIE (X, Y, Z) — and K, L, M. */
const esPersonaFisica = (nif: string | null | undefined) => /^[0-9XYZKLM]/i.test(String(nif ?? '').trim());

/** The company's profile for `anyo`: what its books and its returns say it files. */
export async function perfilFiscal(s: Scope, anyo: number): Promise<PerfilFiscal> {
  const [e] = await s.company({ nif: empresa.nif });
  const guardados = await s
    .pick({ modelo: mp.modelo, periodo: mp.periodo, ajustes: mp.ajustes }, mp, gte(mp.anyo, anyo - 1))
    .orderBy(desc(mp.anyo), desc(mp.id));
  const ultimo303 = guardados.find((g) => g.modelo === '303');
  const opciones303 = guardados.find((g) => g.modelo === '303' && 'Exonerado390' in ((g.ajustes ?? {}) as object));
  const hay = (...m: string[]) => guardados.some((g) => m.includes(g.modelo));
  const dc = documentosCompra;
  const [libros] = await s
    .pick(
      {
        r111: sql<number>`count(*) filter (where ${dc.totalRetencion} <> 0 and coalesce(${datosCompra.claveRetencion}, '111') <> '115')`,
        r115: sql<number>`count(*) filter (where ${dc.totalRetencion} <> 0 and ${datosCompra.claveRetencion} = '115')`,
        ue: sql<number>`count(*) filter (where ${datosCompra.operacion} = 'intracomunitaria')`,
      },
      dc,
      and(gte(dc.fecha, `${anyo}-01-01`), lte(dc.fecha, `${anyo}-12-31`)),
    )
    .leftJoin(datosCompra, s.on(datosCompra, eq(datosCompra.idDocumento, dc.id)));
  return {
    IvaMensual: /^\d\d$/.test(ultimo303?.periodo ?? ''),
    Exonerado390: Boolean((opciones303?.ajustes as { Exonerado390?: boolean } | undefined)?.Exonerado390),
    PersonaFisica: esPersonaFisica(e?.nif),
    Retenciones111: hay('111', '190') || Number(libros?.r111 ?? 0) > 0,
    Retenciones115: hay('115', '180') || Number(libros?.r115 ?? 0) > 0,
    Intracomunitarias: hay('349') || Number(libros?.ue ?? 0) > 0,
  };
}

/** The calendar of `anyo` (its periods' deadlines, some due the next year) as seen on `hoy`. */
export async function calendarioEmpresa(s: Scope, anyo: number, hoy: string): Promise<LineaCalendario[]> {
  const plazos = plazosDelAnyo(await perfilFiscal(s, anyo), anyo);
  const modelos = [...new Set(plazos.map((p) => p.Modelo))];
  const guardados = await s
    .pick(
      {
        id: mp.id,
        modelo: mp.modelo,
        periodo: mp.periodo,
        estado: mp.estado,
        tipoDeclaracion: mp.tipoDeclaracion,
        justificante: mp.justificante,
        idJustificantePdf: mp.idJustificantePdf,
        fechaPresentacion: mp.fechaPresentacion,
      },
      mp,
      and(eq(mp.anyo, anyo), inArray(mp.modelo, modelos)),
    )
    .orderBy(desc(mp.id));
  return plazos.map((p) => {
    const suyos = guardados.filter((g) => g.modelo === p.Modelo && g.periodo === p.Periodo);
    const Estado = estadoPlazo(suyos.map((g) => ({ Estado: g.estado, TipoDeclaracion: g.tipoDeclaracion })));
    const presentado = suyos.find((g) => g.estado === 'presentada');
    return {
      Modelo: p.Modelo,
      Nombre: NOMBRE_CALENDARIO[p.Modelo],
      Anyo: anyo,
      Periodo: p.Periodo,
      Vence: p.Vence,
      Dias: diasHasta(hoy, p.Vence),
      Estado,
      EstadoTexto: ETIQUETA_ESTADO[Estado],
      Vencido: pendienteDePresentar(Estado) && p.Vence < hoy,
      IdDeclaracion: (presentado ?? suyos[0])?.id ?? null,
      Justificante: presentado?.justificante ?? null,
      JustificantePdf: presentado?.idJustificantePdf != null,
      FechaPresentacion: presentado?.fechaPresentacion ?? null,
    };
  });
}

const hoyDe = (deps: Pick<AppDeps, 'config'>) => hoyMadrid(new Date(deps.config.now?.() ?? Date.now()));

function anyoDe(query: unknown, hoy: string): number {
  const v = (query as { Anyo?: string } | undefined)?.Anyo;
  if (v === undefined || v === '') return Number(hoy.slice(0, 4));
  const n = Number(v);
  if (!Number.isInteger(n) || n < 2000 || n > 2100) throw badRequest(MSG_CALENDARIO.anyo);
  return n;
}

export function registerCalendario(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/impuestos/calendario',
    {
      config: { access: access.permission('ImptoEmit', 1) },
      schema: { tags: ['impuestos'], summary: 'Calendario fiscal de la empresa' },
    },
    async (request) => {
      const hoy = hoyDe(deps);
      const Anyo = anyoDe(request.query, hoy);
      const Items = await calendarioEmpresa(deps.scopeOf(request), Anyo, hoy);
      return { Anyo, Hoy: hoy, Items, Vencidos: Items.filter((i) => i.Vencido).length };
    },
  );

  // Across the advisory firm's clients (those assigned to the caller unless an owner): what is pending and due within
  // `DIAS_CLIENTES` days or overdue, in this year's and last year's periods, by deadline.
  app.get(
    '/api/asesorias/calendario',
    {
      config: { access: access.company },
      schema: { tags: ['asesorias'], summary: 'Calendario fiscal de los clientes' },
    },
    async (request) => {
      const f = firmaDe(request);
      const hoy = hoyDe(deps);
      const anyo = Number(hoy.slice(0, 4));
      const p = plataforma(deps).asesorias;
      const ids = await p.clientesDe(f.firma, f.propietario ? null : f.personaId);
      const dir = companyDirectory(deps);
      const Items: (LineaCalendario & { IdEmpresa: number; Empresa: string })[] = [];
      for (const id of ids) {
        const s = dir.scope(id);
        const [e] = await s.company({ nombre: empresa.nombre });
        for (const a of [anyo - 1, anyo])
          for (const l of await calendarioEmpresa(s, a, hoy))
            if (pendienteDePresentar(l.Estado) && l.Dias <= DIAS_CLIENTES)
              Items.push({ IdEmpresa: id, Empresa: e?.nombre ?? '', ...l });
      }
      Items.sort((x, y) => x.Vence.localeCompare(y.Vence) || x.Empresa.localeCompare(y.Empresa));
      return { Hoy: hoy, Items, Vencidos: Items.filter((i) => i.Vencido).length };
    },
  );
}

/** How far ahead the firm's view of its clients' deadlines looks. */
export const DIAS_CLIENTES = 30;

// ── reminders ────────────────────────────────────────────────────────────────────────────────────────────────
const fecha = (iso: string) => iso.split('-').reverse().join('/');

async function propietarios(s: Scope): Promise<{ Id: number; Email: string | null }[]> {
  const rows = await s.execute<{ Id: number; Email: string | null }>(
    (_empresaId, de) => sql`select p.id as "Id", p.email as "Email"
      from ${miembros} m join personas p on p.id = m.persona_id
      where ${de('m')} and m.propietario and not m.baja and not p.bloqueado
      order by 1 limit 50`,
  );
  return rows.map((r) => ({ Id: Number(r.Id), Email: r.Email }));
}

/**
 * The reminders of one company on `hoy`: each pending deadline within `DIAS_AVISO` days or past, for this year's and
 * last year's periods, raised once per model, period, kind (próximo / vencido) and owner — the notification's key
 * makes it once, and the e-mail goes only with a new notification.
 */
export async function avisarPlazosEmpresa(s: Scope, mailer: Mailer, hoy: string, nombre: string): Promise<number> {
  const anyo = Number(hoy.slice(0, 4));
  const lineas = [...(await calendarioEmpresa(s, anyo - 1, hoy)), ...(await calendarioEmpresa(s, anyo, hoy))];
  const avisos = lineas
    .map((l) => ({ l, tipo: avisoPlazo(hoy, l.Vence, l.Estado, DIAS_AVISO) }))
    .filter((x) => x.tipo !== null);
  if (!avisos.length) return 0;
  let n = 0;
  for (const p of await propietarios(s)) {
    for (const { l, tipo } of avisos) {
      const titulo =
        tipo === 'vencido'
          ? `Modelo ${l.Modelo} ${l.Periodo} ${l.Anyo} sin presentar: venció el ${fecha(l.Vence)}`
          : `Modelo ${l.Modelo} ${l.Periodo} ${l.Anyo}: vence el ${fecha(l.Vence)}`;
      const texto = `${l.Nombre}. Estado: ${l.EstadoTexto}.`;
      const id = await crearAviso(s, {
        IdPersona: p.Id,
        Prioridad: tipo === 'vencido' ? 'a' : 'm',
        Titulo: titulo,
        Texto: texto,
        Enlace: `/calendariofiscal/lista?Anyo=${l.Anyo}`,
        Clave: `calendario-${l.Modelo}-${l.Anyo}-${l.Periodo}-${tipo}-${p.Id}`,
      });
      if (id === null) continue;
      n++;
      if (p.Email) await mailer.send({ to: p.Email, subject: `${nombre}: ${titulo}`, text: `${titulo}\n${texto}\n` });
    }
  }
  return n;
}

export async function avisarPlazos(dir: CompanyDirectory, mailer: Mailer, hoy: string): Promise<string> {
  const empresas = new Set([
    ...(await dir.companiesWith(documentosVenta)),
    ...(await dir.companiesWith(documentosCompra)),
    ...(await dir.companiesWith(mp)),
  ]);
  let n = 0;
  for (const id of empresas) {
    const s = dir.scope(id);
    const [e] = await s.company({ nombre: empresa.nombre });
    n += await avisarPlazosEmpresa(s, mailer, hoy, e?.nombre ?? '');
  }
  return `${n} avisos de plazos fiscales`;
}

/** The daily job `plazos-fiscales`. */
export function trabajoPlazosFiscales(deps: Pick<AppDeps, 'database' | 'config' | 'mailer'>): Job {
  const dir = companyDirectory(deps);
  return {
    nombre: 'plazos-fiscales',
    intervaloSegundos: 24 * 3600,
    run: () => avisarPlazos(dir, deps.mailer, hoyDe(deps)),
  };
}
