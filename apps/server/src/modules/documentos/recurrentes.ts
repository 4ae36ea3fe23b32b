import { etiquetaPeriodo, MSG_RECURRENTES, type Periodicidad, periodosPendientes, siguienteFecha } from '@faro/domain';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { CompanyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { empresa } from '../../platform/tenancy/tables.ts';
import { TIPOS_FACTURA } from './conversiones.ts';
import type { MotorDocumentos } from './motor.ts';
import { idOf } from './params.ts';
import type { EntradaPlantilla } from './plantillas.ts';

export interface ResultadoGeneracion {
  /** Periods generated now, with their invoice. */
  Generadas: { Periodo: string; IdFactura: number; NumSerie: string | null }[];
  /** Why generation stopped (the template's `ultimo_error`), null when every due period was generated. */
  Error: string | null;
}

class YaGenerado extends Error {}

/** Who generates (stock movements and audit records carry it): the user of `generar/{id}`, else the job. */
const TRABAJO = { personaId: null, userName: 'Facturas recurrentes' };

/** Today in Spain (the date invoices are due on), yyyy-mm-dd. */
export function hoyEnEspana(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

function mensajeDe(error: unknown): string {
  if (error instanceof AppError) {
    return error.errores.length ? error.errores.map((c) => c.Mensaje).join('; ') : error.message;
  }
  return 'Error inesperado al generar la factura';
}

/**
 * Generates the due periods of one template of the motor's side, each in ONE transaction: the template row is
 * locked (a concurrent generator waits, then sees the next date already advanced), the draft is created through
 * the documents' `preparar` + `crearDocumento` with the period in its notes, optionally issued / registered with
 * the engine's `emitir` (and its stock), the log row (company, template, period) is inserted ON CONFLICT
 * DO NOTHING — a conflict rolls the whole period back — and the next date advances. E-mail (mode `enviar`) goes
 * after commit. The first failing period stops the template (periods stay in order) and leaves its message in
 * `ultimo_error`.
 */
export async function generarPlantilla(
  m: MotorDocumentos,
  scope: Scope,
  mailer: Mailer,
  id: number,
  hoy: string = hoyEnEspana(),
): Promise<ResultadoGeneracion> {
  const { plantillas: pr, generadas: gen } = m.lado.recurrentes.tablas;
  const out: ResultadoGeneracion = { Generadas: [], Error: null };
  const inicial = await m.cargarPlantilla(scope, id);
  const pendientes = periodosPendientes(
    inicial.ProximaFecha,
    inicial.Periodicidad as Periodicidad,
    inicial.FechaInicio,
    hoy,
    inicial.FechaFin,
  );
  for (const periodo of pendientes) {
    let hecho: { idFactura: number; numSerie: string | null; enviar: boolean } | null = null;
    try {
      hecho = await scope.tx(async (s) => {
        const p = await m.cargarPlantilla(s, id, true);
        if (p.Baja || p.ProximaFecha !== periodo) throw new YaGenerado();
        const lineas = await m.cargarLineasPlantilla(s, id);
        const nota = `Periodo: ${etiquetaPeriodo(periodo, p.Periodicidad as Periodicidad)}`;
        const prep = await m.preparar(s, m.comoDocumento(p, lineas, periodo, nota));
        const idFactura = await m.crearDocumento(s, 'factura', prep, p.Serie);
        const [log] = await s
          .insert(gen, { IdPlantilla: id, Periodo: periodo, IdFactura: idFactura })
          .onConflictDoNothing()
          .returning({ periodo: gen.Periodo });
        if (!log) throw new YaGenerado();
        let numSerie: string | null = null;
        if (p.Accion === 'emitir' || p.Accion === 'enviar') {
          // As the `emitir` / `registrar` route does: the invoice moves its products' stock (when ActStock is on).
          const antesDelNumero = (t: Scope) => m.sincronizarStock(t, idFactura, { comoEmitida: true });
          numSerie = (await m.emitir(s, idFactura, { antesDelNumero })).numSerie;
        }
        await s.update(
          pr,
          {
            ProximaFecha: siguienteFecha(periodo, p.Periodicidad as Periodicidad, p.FechaInicio),
            UltimoPeriodo: periodo,
            UltimoError: null,
          },
          eq(pr.Id, id),
        );
        return { idFactura, numSerie, enviar: p.Accion === 'enviar' };
      });
    } catch (error) {
      if (error instanceof YaGenerado) break;
      const mensaje = mensajeDe(error);
      out.Error = `Periodo ${periodo}: ${mensaje}`;
      await scope.update(pr, { UltimoError: out.Error }, eq(pr.Id, id));
      break;
    }
    if (!hecho) break;
    out.Generadas.push({ Periodo: periodo, IdFactura: hecho.idFactura, NumSerie: hecho.numSerie });
    if (hecho.enviar) await enviarFactura(m, scope, mailer, id, periodo, hecho.idFactura);
  }
  return out;
}

/** Mails the issued invoice's PDF to the party (outbox when no SMTP) and records it on the log row. */
async function enviarFactura(
  m: MotorDocumentos,
  s: Scope,
  mailer: Mailer,
  idPlantilla: number,
  periodo: string,
  idFactura: number,
): Promise<void> {
  const { generadas: gen } = m.lado.recurrentes.tablas;
  const key = and(eq(gen.IdPlantilla, idPlantilla), eq(gen.Periodo, periodo));
  try {
    const h = await m.cargarCabecera(s, idFactura, TIPOS_FACTURA);
    // The same message as 'Enviar por email' of the invoice: the company's invoice template, its placeholders, the PDF.
    const { mail } = await m.prepararCorreo(s, h, {});
    await mailer.send(mail);
    await s.update(gen, { EnviadaEn: sql`now()`, ErrorEnvio: null }, key);
  } catch (error) {
    await s.update(gen, { ErrorEnvio: mensajeDe(error) }, key).catch(() => {});
  }
}

/**
 * The background job's body for the given sides: every active template of every company with the side's
 * recurring module whose next date is due (and within its end date) is generated. Returns a one-line summary.
 */
export async function generarPendientes(
  motores: readonly MotorDocumentos[],
  companies: CompanyDirectory,
  mailer: Mailer,
  hoy: string = hoyEnEspana(),
): Promise<string> {
  let plantillas = 0;
  let facturas = 0;
  let errores = 0;
  for (const m of motores) {
    const rec = m.lado.recurrentes;
    const pr = rec.tablas.plantillas;
    const due = and(
      eq(pr.Baja, false),
      lte(pr.ProximaFecha, hoy),
      or(isNull(pr.FechaFin), lte(pr.ProximaFecha, pr.FechaFin)),
    );
    for (const empresaId of await companies.companiesWith(pr, due)) {
      const scope = companies.scope(empresaId, TRABAJO);
      const [e] = await scope.company({
        activo: sql<boolean>`coalesce((${empresa.modulos} ->> ${rec.module})::boolean, false)`,
      });
      if (!e?.activo) continue;
      for (const p of await scope.pick({ Id: pr.Id }, pr, due).orderBy(asc(pr.Id))) {
        plantillas++;
        const r = await generarPlantilla(m, scope, mailer, p.Id, hoy);
        facturas += r.Generadas.length;
        if (r.Error) errores++;
      }
    }
  }
  return `${plantillas} plantillas, ${facturas} facturas, ${errores} con error`;
}

/**
 * Recurring invoices of a side: `/api/{area}/{recurso}/` list / edit / save / save/{id} / delete/{id},
 * `generar/{id}` (the template's due periods now) and `historial/{id}` (the invoices it generated), for each of the
 * side's resources (fventarec; fcomprarec and its alias fgastorec). The side's permission and module gate.
 */
export function registrarRutasRecurrentes(app: FastifyInstance, deps: AppDeps, m: MotorDocumentos): void {
  const rec = m.lado.recurrentes;
  const perm = (level: 1 | 2 | 3) => ({ access: access.permission(rec.permission, level, rec.module) });
  const schema = (summary: string) => ({ schema: { tags: [m.lado.area], summary } });
  const load = async (s: Scope, id: number) =>
    m.plantillaJson(await m.cargarPlantilla(s, id), await m.cargarLineasPlantilla(s, id));
  const entrada = (body: unknown): EntradaPlantilla => {
    const input = parseBody(rec.cuerpo, body) as Record<string, unknown>;
    return { ...input, Tercero: input[m.lado.json.Tercero] } as EntradaPlantilla;
  };
  const { label, lista } = rec;

  for (const recurso of rec.recursos) {
    const base = `/api/${m.lado.area}/${recurso}`;
    app.get(`${base}/list`, { config: perm(1), ...schema(lista) }, async (request) => {
      const scope = deps.scopeOf(request);
      return m.listarPlantillas(scope, parseListQuery(request.query));
    });

    app.get(`${base}/edit/:id`, { config: perm(1), ...schema(`${label}: ver`) }, async (request) => {
      const scope = deps.scopeOf(request);
      return load(scope, idOf(request));
    });

    app.post(`${base}/save`, { config: perm(2), ...schema(`${label}: crear`) }, async (request, reply) => {
      const scope = deps.scopeOf(request);
      const input = entrada(request.body);
      const id = await scope.tx((t) => m.guardarPlantilla(t, input, null));
      return reply.status(201).send(await load(scope, id));
    });

    app.put(`${base}/save/:id`, { config: perm(2), ...schema(`${label}: guardar`) }, async (request) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      await scope.tx(async (t) => {
        // The template first: another company's id is a 404 whatever the body says.
        const actual = await m.cargarPlantilla(t, id, true);
        await m.guardarPlantilla(t, entrada(request.body), actual);
      });
      return load(scope, id);
    });

    app.delete(`${base}/delete/:id`, { config: perm(3), ...schema(`${label}: borrar`) }, async (request) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      await scope.tx((t) => m.borrarPlantilla(t, id));
      return { Id: id };
    });

    app.post(
      `${base}/generar/:id`,
      { config: perm(2), ...schema(`${label}: generar los periodos pendientes`) },
      async (request) => {
        const scope = deps.scopeOf(request);
        const id = idOf(request);
        const p = await m.cargarPlantilla(scope, id);
        if (p.Baja) throw badRequest(MSG_RECURRENTES.deBaja);
        const r = await generarPlantilla(m, scope, deps.mailer, id, hoyEnEspana());
        return { ...r, Plantilla: await load(scope, id) };
      },
    );

    app.get(
      `${base}/historial/:id`,
      { config: perm(1), ...schema(`${label}: facturas generadas`) },
      async (request) => {
        const scope = deps.scopeOf(request);
        return m.historialPlantilla(scope, idOf(request));
      },
    );
  }
}
