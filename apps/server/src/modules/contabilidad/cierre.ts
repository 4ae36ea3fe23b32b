import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { ejerciciosContables as E, modelosPresentados as mp } from '../../platform/tenancy/tables.ts';
import { filasPeriodo } from './asientos.ts';
import { sumasYSaldos } from './informesLibro.ts';

/** Past this many documents without entry the checklist says "at least": the count is a warning, not a report. */
export const TOPE_SIN_ASIENTO = 1000;

/** The entries a close writes (and a reopening reverses), in the order they are written. */
const ORIGENES_CIERRE = ['regularizacion', 'cierre', 'apertura'] as const;

/**
 * What the year-close screen checks before closing `ejercicio`: the year's state, whether its entries balance,
 * how many of its documents lack their entry (at most `TOPE_SIN_ASIENTO`), its 303 returns (quarters, or months
 * when the company files monthly) and whether each is filed, whether the next year is closed (no reopening then),
 * and the current regularisation, closing and opening entries of the close (numbers for the screen's links).
 */
export async function revisionCierre(s: Scope, ejercicio: number) {
  const p = { FechaDesde: `${ejercicio}-01-01`, FechaHasta: `${ejercicio}-12-31` };
  const [estado] = await s.pick({ Cerrado: E.Cerrado, CerradoEn: E.CerradoEn }, E, eq(E.Ejercicio, ejercicio));
  const [siguiente] = await s.pick({ Cerrado: E.Cerrado }, E, eq(E.Ejercicio, ejercicio + 1));
  const sumas = await sumasYSaldos(s, p, '3');
  let sinAsiento = 0;
  for await (const lote of filasPeriodo(s, p, { sinAsiento: true }, TOPE_SIN_ASIENTO)) sinAsiento += lote.length;
  const modelos = await s.pick(
    { periodo: mp.periodo, estado: mp.estado },
    mp,
    and(eq(mp.modelo, '303'), eq(mp.anyo, ejercicio)),
  );
  const mensual = modelos.some((m) => /^\d\d$/.test(m.periodo));
  const periodos = mensual
    ? Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))
    : ['1T', '2T', '3T', '4T'];
  const asientos = await s.execute<{
    id: string;
    ejercicio: number;
    numero: number;
    fecha: string;
    origen: string;
    concepto: string;
  }>(
    (_, de) => sql`select a.id::text, a.ejercicio, a.numero, a.fecha::text, a.origen, a.concepto
      from asientos_contables a
      where ${de('a')} and a.origen in ('regularizacion', 'cierre', 'apertura') and a.id_origen = ${ejercicio}
        and a.id_revertido is null
        and not exists (select 1 from asientos_contables r where ${de('r')} and r.id_revertido = a.id)
      order by a.ejercicio, a.numero`,
  );
  return {
    Ejercicio: ejercicio,
    Cerrado: Boolean(estado?.Cerrado),
    CerradoEn: estado?.CerradoEn ?? null,
    SiguienteCerrado: Boolean(siguiente?.Cerrado),
    Cuadra: sumas.Totales.Cuadra,
    Debe: sumas.Totales.Debe,
    Haber: sumas.Totales.Haber,
    DocumentosSinAsiento: sinAsiento,
    MasDocumentosSinAsiento: sinAsiento >= TOPE_SIN_ASIENTO,
    Modelos303: periodos.map((Periodo) => ({
      Periodo,
      Presentado: modelos.some((m) => m.periodo === Periodo && m.estado === 'presentada'),
    })),
    Asientos: asientos
      .map((a) => ({
        Id: Number(a.id),
        Ejercicio: Number(a.ejercicio),
        Numero: Number(a.numero),
        Fecha: a.fecha,
        Origen: a.origen,
        Concepto: a.concepto,
      }))
      .sort(
        (x, y) =>
          ORIGENES_CIERRE.indexOf(x.Origen as (typeof ORIGENES_CIERRE)[number]) -
          ORIGENES_CIERRE.indexOf(y.Origen as (typeof ORIGENES_CIERRE)[number]),
      ),
  };
}

/** `GET /api/impuestos/contabilidad/libro/cierre/:ejercicio`: the close screen's checklist (ImptoEmit 1). */
export function registrarCierre(app: FastifyInstance, deps: AppDeps, base: string): void {
  app.get<{ Params: { ejercicio: string } }>(
    `${base}/cierre/:ejercicio`,
    {
      config: { access: access.permission('ImptoEmit', 1) },
      schema: { tags: ['impuestos'], summary: 'Revisión previa al cierre de un ejercicio' },
    },
    (request) => {
      const n = Number(request.params.ejercicio);
      if (!Number.isInteger(n) || n < 2000 || n > 2100)
        throw badRequest('El ejercicio debe ser un año entre 2000 y 2100');
      return revisionCierre(deps.scopeOf(request), n);
    },
  );
}
