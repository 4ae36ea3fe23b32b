import { type AsientoManual, asientoManualSchema, isIsoDate, MSG } from '@faro/domain';
import { ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Cell, Column } from '../../platform/export/cells.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { cuentasContables as CU, ejerciciosContables as E } from '../../platform/tenancy/tables.ts';
import { parseFiltros, WRITERS } from '../impuestos/libroFacturas.ts';
import { cuentasEmpresa, type Periodo } from './asientos.ts';
import { registrarCierre } from './cierre.ts';
import { RUTA_CONTABILIDAD } from './contabilidad.ts';
import { enviarFichero, formatoExport } from './descarga.ts';
import {
  asientoPorId,
  informeBalance,
  informePyG,
  libroDiario,
  mayor,
  type NivelSumas,
  sumasYSaldos,
} from './informesLibro.ts';
import {
  anularAsientoManual,
  asegurarPlan,
  cerrarEjercicio,
  crearAsientoManual,
  generarAsientos,
  generarLote,
  pasoGenerar,
  reabrirEjercicio,
} from './libro.ts';

/**
 * `/api/impuestos/contabilidad/libro/*`: the ledger kept in Faro. Reading needs ImptoEmit 1; manual entries and
 * «Generar asientos» 2; closing and reopening a year 3. Every report answers JSON and, under `…/export`, a file
 * (xlsx, ods, pdf, html) through the platform's writers.
 */
export const RUTA_LIBRO = `${RUTA_CONTABILIDAD}/libro`;
const leer = { access: access.permission('ImptoEmit', 1) };
const escribir = { access: access.permission('ImptoEmit', 2) };
const cerrar = { access: access.permission('ImptoEmit', 3) };
const tags = ['impuestos'];

const q = (query: unknown) => (query ?? {}) as Record<string, unknown>;
const periodo = (query: unknown): Periodo => {
  const f = parseFiltros({ FechaDesde: q(query).FechaDesde, FechaHasta: q(query).FechaHasta });
  return { FechaDesde: f.FechaDesde, FechaHasta: f.FechaHasta };
};
/** «Generar asientos» works on a year at most. */
const periodoUnAnyo = (body: unknown): Periodo => {
  const p = periodo(body);
  if (Date.parse(p.FechaHasta) - Date.parse(p.FechaDesde) > 366 * 86_400_000)
    throw badRequest('El periodo no puede superar un año');
  return p;
};
const fechaSola = (v: unknown): string => {
  if (typeof v !== 'string' || !isIsoDate(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
    throw new AppError(400, MSG.formInvalid, [{ Campo: 'Fecha', Mensaje: v ? MSG.format : MSG.required('Fecha') }]);
  return v;
};
const nivel = (v: unknown): NivelSumas => {
  const n = v === undefined || v === '' ? 'subcuenta' : v;
  if (n === '3' || n === '4' || n === 'subcuenta') return n;
  throw badRequest('El nivel debe ser 3, 4 o subcuenta');
};
/** An account or subaccount (its digits: every subaccount under them); none is every account (the general mayor). */
const cuenta = (v: unknown): string => {
  if (v === undefined || v === '') return '';
  if (typeof v !== 'string' || !/^\d{1,12}$/.test(v))
    throw new AppError(400, MSG.formInvalid, [{ Campo: 'Cuenta', Mensaje: MSG.format }]);
  return v;
};
/** The balance's date: `Fecha`, else the period's end, else today. */
const fechaBalance = (query: unknown): string => {
  const { Fecha, FechaHasta } = q(query);
  return fechaSola(Fecha ?? FechaHasta ?? new Date().toISOString().slice(0, 10));
};
const pagina = (v: unknown): number => {
  const n = v === undefined || v === '' ? 1 : Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw badRequest(MSG.format);
  return n;
};
const idParam = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(MSG.format);
  return n;
};
const ejercicioBody = z.object({
  Ejercicio: z.coerce
    .number({ error: MSG.required('Ejercicio') })
    .int({ error: MSG.format })
    .min(2000, { error: MSG.min(2000) })
    .max(2100, { error: MSG.max(2100) }),
});
const periodoBody = z.object({ FechaDesde: z.string().optional(), FechaHasta: z.string().optional() });

const texto = (v: string): Cell => (v ? { t: 's', v } : null);
const dinero = (v: string): Cell => ({ t: 'n', v: Number(v), scale: 2 });
const col = (key: string, label: string, kind: 'text' | 'money' | 'date' | 'integer' = 'text'): Column => ({
  key,
  label,
  def: kind === 'money' ? { kind, label, scale: 2 } : { kind, label },
});

/** Each report as a table for the writers: title, columns and rows. */
const EXPORTES: Record<
  string,
  (s: Scope, query: unknown) => Promise<{ titulo: string; nombre: string; columnas: Column[]; filas: Cell[][] }>
> = {
  sumasysaldos: async (s, query) => {
    const p = periodo(query);
    const r = await sumasYSaldos(s, p, nivel(q(query).Nivel));
    return {
      titulo: `Sumas y saldos del ${p.FechaDesde} al ${p.FechaHasta}`,
      nombre: `sumas-y-saldos-${p.FechaDesde}-${p.FechaHasta}`,
      columnas: [
        col('Cuenta', 'Cuenta'),
        col('Nombre', 'Nombre'),
        col('Debe', 'Debe', 'money'),
        col('Haber', 'Haber', 'money'),
        col('SaldoDeudor', 'Saldo deudor', 'money'),
        col('SaldoAcreedor', 'Saldo acreedor', 'money'),
      ],
      filas: [
        ...r.Filas.map((f) => [
          texto(f.Cuenta),
          texto(f.Nombre),
          dinero(f.Debe),
          dinero(f.Haber),
          dinero(f.SaldoDeudor),
          dinero(f.SaldoAcreedor),
        ]),
        [texto('Total'), null, dinero(r.Totales.Debe), dinero(r.Totales.Haber), null, null],
      ],
    };
  },
  diario: async (s, query) => {
    const p = periodo(query);
    const filas: Cell[][] = [];
    for (let n = 1; ; n++) {
      const r = await libroDiario(s, p, n);
      for (const a of r.Asientos)
        for (const l of a.Apuntes)
          filas.push([
            { t: 'n', v: a.Numero, scale: 0 },
            { t: 'd', v: a.Fecha },
            texto(l.Subcuenta),
            texto(l.Nombre),
            texto(l.Concepto),
            texto(a.Documento),
            dinero(l.Debe),
            dinero(l.Haber),
          ]);
      if (!r.HayMas || n >= 1000) break;
    }
    return {
      titulo: `Libro diario del ${p.FechaDesde} al ${p.FechaHasta}`,
      nombre: `diario-${p.FechaDesde}-${p.FechaHasta}`,
      columnas: [
        col('Asiento', 'Asiento', 'integer'),
        col('Fecha', 'Fecha', 'date'),
        col('Subcuenta', 'Subcuenta'),
        col('Nombre', 'Nombre'),
        col('Concepto', 'Concepto'),
        col('Documento', 'Documento'),
        col('Debe', 'Debe', 'money'),
        col('Haber', 'Haber', 'money'),
      ],
      filas,
    };
  },
  mayor: async (s, query) => {
    const p = periodo(query);
    const r = await mayor(s, cuenta(q(query).Cuenta), p);
    return {
      titulo: `Mayor de ${r.Cuenta} ${r.Nombre} del ${p.FechaDesde} al ${p.FechaHasta}`,
      nombre: `mayor-${r.Cuenta}-${p.FechaDesde}-${p.FechaHasta}`,
      columnas: [
        col('Fecha', 'Fecha', 'date'),
        col('Asiento', 'Asiento', 'integer'),
        col('Subcuenta', 'Subcuenta'),
        col('Concepto', 'Concepto'),
        col('Documento', 'Documento'),
        col('Debe', 'Debe', 'money'),
        col('Haber', 'Haber', 'money'),
        col('Saldo', 'Saldo', 'money'),
      ],
      filas: [
        [null, null, null, texto('Saldo anterior'), null, null, null, dinero(r.SaldoAnterior)],
        ...r.Apuntes.map((a) => [
          { t: 'd' as const, v: a.Fecha },
          { t: 'n' as const, v: a.Numero, scale: 0 },
          texto(a.Subcuenta),
          texto(a.Concepto),
          texto(a.Documento),
          dinero(a.Debe),
          dinero(a.Haber),
          dinero(a.Saldo),
        ]),
      ],
    };
  },
  pyg: async (s, query) => {
    const p = periodo(query);
    const r = await informePyG(s, p);
    return {
      titulo: `Pérdidas y ganancias del ${p.FechaDesde} al ${p.FechaHasta}`,
      nombre: `perdidas-y-ganancias-${p.FechaDesde}-${p.FechaHasta}`,
      columnas: [col('Concepto', 'Concepto'), col('Importe', 'Importe', 'money')],
      filas: r.Lineas.map((l) => [texto(l.Texto), dinero(l.Importe)]),
    };
  },
  balance: async (s, query) => {
    const fecha = fechaBalance(query);
    const r = await informeBalance(s, fecha);
    return {
      titulo: `Balance de situación a ${fecha}`,
      nombre: `balance-${fecha}`,
      columnas: [col('Concepto', 'Concepto'), col('Importe', 'Importe', 'money')],
      filas: [
        [texto('ACTIVO'), null],
        ...r.Activo.map((l) => [texto(l.Texto), dinero(l.Importe)]),
        [texto('PATRIMONIO NETO Y PASIVO'), null],
        ...r.Pasivo.map((l) => [texto(l.Texto), dinero(l.Importe)]),
        ...r.SinClasificar.map((x) => [texto(`Sin clasificar: ${x.Cuenta}`), dinero(x.Saldo)]),
      ],
    };
  },
};

export function registrarLibro(app: FastifyInstance, deps: AppDeps): void {
  const get = (ruta: string, summary: string, h: (s: Scope, query: unknown) => Promise<unknown>) =>
    app.get(`${RUTA_LIBRO}/${ruta}`, { config: leer, schema: { tags, summary } }, (request) =>
      h(deps.scopeOf(request), request.query),
    );
  registrarCierre(app, deps, RUTA_LIBRO);

  get('cuentas', 'Plan de cuentas', async (s, query) => {
    const c = await cuentasEmpresa(s);
    await s.tx((t) => asegurarPlan(t, c.Digitos));
    const buscar = String(q(query).Buscar ?? '').slice(0, 60);
    const donde = buscar ? or(ilike(CU.Codigo, `${buscar}%`), ilike(CU.Nombre, `%${buscar}%`)) : undefined;
    const filas = await s
      .pick({ Codigo: CU.Codigo, Nombre: CU.Nombre, Nivel: CU.Nivel, NIF: CU.NIF }, CU, donde)
      .orderBy(CU.Codigo)
      .limit(1000);
    return { Items: filas };
  });
  get('ejercicios', 'Ejercicios contables', async (s) => ({
    Items: await s
      .pick({ Ejercicio: E.Ejercicio, Cerrado: E.Cerrado, CerradoEn: E.CerradoEn, Asientos: E.UltimoNumero }, E)
      .orderBy(sql`${E.Ejercicio} desc`),
  }));
  get('diario', 'Libro diario', (s, query) => libroDiario(s, periodo(query), pagina(q(query).Pagina)));
  get('mayor', 'Mayor de una cuenta', (s, query) => mayor(s, cuenta(q(query).Cuenta), periodo(query)));
  get('sumasysaldos', 'Sumas y saldos', (s, query) => sumasYSaldos(s, periodo(query), nivel(q(query).Nivel)));
  get('pyg', 'Pérdidas y ganancias (PGC PYMES)', (s, query) => informePyG(s, periodo(query)));
  get('balance', 'Balance de situación (PGC PYMES)', (s, query) => informeBalance(s, fechaBalance(query)));

  app.get<{ Params: { id: string } }>(
    `${RUTA_LIBRO}/asiento/:id`,
    { config: leer, schema: { tags, summary: 'Un asiento con sus apuntes' } },
    (request) => asientoPorId(deps.scopeOf(request), idParam(request.params.id)),
  );

  for (const [informe, exportar] of Object.entries(EXPORTES)) {
    app.get(
      `${RUTA_LIBRO}/${informe}/export`,
      { config: leer, schema: { tags, summary: `Exportar: ${informe}` } },
      async (request, reply) => {
        const writer = WRITERS[formatoExport(q(request.query).Formato)];
        const t = await exportar(deps.scopeOf(request), request.query);
        const w = writer(t.filas.length);
        return enviarFichero(
          request,
          reply,
          { tipo: w.contentType, nombre: `${t.nombre}.${w.extension}`, total: t.filas.length },
          async (stream) => {
            await w.begin(stream, t.titulo, t.columnas, t.filas.length);
            for (let i = 0; i < t.filas.length; i += 1000) await w.rows(t.filas.slice(i, i + 1000));
            await w.end();
          },
        );
      },
    );
  }

  app.post(
    `${RUTA_LIBRO}/asientos`,
    { config: escribir, schema: { tags, summary: 'Crear un asiento manual' } },
    async (request, reply) => {
      const m = parseBody(asientoManualSchema, request.body) as unknown as AsientoManual;
      const s = deps.scopeOf(request);
      const c = await cuentasEmpresa(s);
      const id = await s.tx((t) => crearAsientoManual(t, m, c.Digitos));
      return reply.status(201).send(await asientoPorId(s, id));
    },
  );
  app.post<{ Params: { id: string } }>(
    `${RUTA_LIBRO}/anular/:id`,
    { config: escribir, schema: { tags, summary: 'Anular un asiento manual (asiento inverso)' } },
    async (request) => {
      const s = deps.scopeOf(request);
      const id = await s.tx((t) => anularAsientoManual(t, idParam(request.params.id)));
      return asientoPorId(s, id);
    },
  );
  app.post(
    `${RUTA_LIBRO}/generar`,
    { config: escribir, schema: { tags, summary: 'Generar asientos de los documentos del periodo' } },
    async (request) => {
      const p = periodoUnAnyo(parseBody(periodoBody, request.body ?? {}));
      return deps.scopeOf(request).tx((t) => generarAsientos(t, p));
    },
  );
  app.post(
    `${RUTA_LIBRO}/generar/lote`,
    { config: escribir, schema: { tags, summary: 'Generar asientos por lotes, con su progreso' } },
    async (request) => {
      const b = parseBody(periodoBody.extend({ Paso: z.string().max(40).optional() }), request.body ?? {});
      return generarLote(deps.scopeOf(request), periodoUnAnyo(b), pasoGenerar(b.Paso));
    },
  );
  app.post(
    `${RUTA_LIBRO}/cerrar`,
    { config: cerrar, schema: { tags, summary: 'Cerrar un ejercicio (regularización, cierre y apertura)' } },
    async (request) => {
      const { Ejercicio } = parseBody(ejercicioBody, request.body) as { Ejercicio: number };
      const s = deps.scopeOf(request);
      const c = await cuentasEmpresa(s);
      return s.tx((t) => cerrarEjercicio(t, Number(Ejercicio), c.Digitos));
    },
  );
  app.post(
    `${RUTA_LIBRO}/reabrir`,
    { config: cerrar, schema: { tags, summary: 'Reabrir el último ejercicio cerrado' } },
    async (request) => {
      const { Ejercicio } = parseBody(ejercicioBody, request.body) as { Ejercicio: number };
      return deps.scopeOf(request).tx((t) => reabrirEjercicio(t, Number(Ejercicio)));
    },
  );
}
