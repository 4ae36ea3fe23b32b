import { type FieldDef, formatNumber } from '@faro/domain';
import { type AnyColumn, and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type Column, toCells } from '../../platform/export/cells.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { arqueos, col, recibosRemesa, remesas, tesoreriaTable } from '../../platform/tenancy/tables.ts';
import { WRITERS } from '../impuestos/libroFacturas.ts';
import { esDia, esId, permiso } from './comun.ts';

/** A treasury report's rows at most (a company's batches, receipts or counts of a period fit well within it). */
export const MAX_FILAS_INFORME = 50_000;

const texto = (label: string): FieldDef => ({ kind: 'text', label });
const fecha = (label: string): FieldDef => ({ kind: 'date', label });
const importe = (label: string): FieldDef => ({ kind: 'decimal', label, scale: 2 });
const entero = (label: string): FieldDef => ({ kind: 'integer', label });
const columnas = (defs: Record<string, FieldDef>): Column[] =>
  Object.entries(defs).map(([key, def]) => ({ key, label: def.label, def }));

interface Filtros {
  FechaDesde?: string;
  FechaHasta?: string;
  IdTesoreria?: number;
  Tipo?: string;
  Estado?: string;
}

/** One report of spec §9 (batches, receipts, cash counts): its title, permission, columns and rows. */
interface Informe {
  titulo: string;
  permiso: 'TesoRemesa' | 'TesoArqueo';
  columnas: Column[];
  /** At most `limite` rows of the period, in date order (through the company door). */
  filas: (s: Scope, f: Filtros, limite: number) => Promise<Record<string, unknown>[]>;
}

const rm = remesas;
const rr = recibosRemesa;
const aq = arqueos;
const tc = (f: string) => col(tesoreriaTable, f);
const periodo = (campo: AnyColumn, f: Filtros) => [
  f.FechaDesde ? gte(campo, f.FechaDesde) : undefined,
  f.FechaHasta ? lte(campo, f.FechaHasta) : undefined,
];
const tipoRemesa = (f: Filtros) => (f.Tipo === 'cobro' || f.Tipo === 'pago' ? eq(rm.Tipo, f.Tipo) : undefined);
const ESTADO_RECIBO: Record<string, string> = { remesado: 'Remesado', cobrado: 'Cobrado', devuelto: 'Devuelto' };

/**
 * Treasury reports (spec §9 report kinds): batches, receipts (every line of a batch, with its return) and
 * cash counts of a period, exportable as xlsx / ods / pdf / html with the platform's writers (the invoice books').
 */
export const INFORMES_TESORERIA: Record<'remesas' | 'recibos' | 'arqueos', Informe> = {
  remesas: {
    titulo: 'Remesas',
    permiso: 'TesoRemesa',
    columnas: columnas({
      Fecha: fecha('Fecha'),
      Tipo: texto('Tipo'),
      Descripcion: texto('Descripción'),
      Cuenta: texto('Cuenta'),
      Esquema: texto('Esquema'),
      Estado: texto('Estado'),
      Recibos: entero('Recibos'),
      Devueltos: entero('Devueltos'),
      Total: importe('Total'),
    }),
    filas: async (s, f, limite) => {
      const devueltos = sql<number>`(${s.pick({ n: sql`count(*)::int` }, rr, and(eq(rr.IdRemesa, rm.Id), eq(rr.Estado, 'devuelto')))})`;
      const rows = await s
        .pick(
          { r: rm, Cuenta: tc('Nombre'), Devueltos: devueltos },
          rm,
          and(...periodo(rm.Fecha, f), f.IdTesoreria ? eq(rm.IdTesoreria, f.IdTesoreria) : undefined, tipoRemesa(f)),
        )
        .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(tc('Id'), rm.IdTesoreria)))
        .orderBy(asc(rm.Fecha), asc(rm.Id))
        .limit(limite);
      return rows.map(({ r, Cuenta, Devueltos }) => ({
        Fecha: r.Fecha,
        Tipo: r.Tipo === 'cobro' ? 'Adeudos (cobros)' : 'Transferencias (pagos)',
        Descripcion: r.Descripcion,
        Cuenta,
        Esquema: r.Esquema,
        Estado: r.Estado === 'enviada' ? 'Enviada' : 'Preparada',
        Recibos: r.NumRecibos,
        Devueltos: Number(Devueltos ?? 0),
        Total: r.Total,
      }));
    },
  },
  recibos: {
    titulo: 'Recibos remesados',
    permiso: 'TesoRemesa',
    columnas: columnas({
      Fecha: fecha('Fecha de la remesa'),
      Remesa: texto('Remesa'),
      NumSerie: texto('Factura'),
      Plazo: entero('Plazo'),
      Titular: texto('Cliente o proveedor'),
      IBAN: texto('IBAN'),
      Mandato: texto('Mandato'),
      Vencimiento: fecha('Vencimiento'),
      Importe: importe('Importe'),
      Estado: texto('Estado'),
      Motivo: texto('Motivo de devolución'),
      FechaDevolucion: fecha('Fecha de devolución'),
      Comision: importe('Comisión'),
    }),
    filas: async (s, f, limite) => {
      const estado = f.Estado && ESTADO_RECIBO[f.Estado] ? eq(rr.Estado, f.Estado) : undefined;
      const rows = await s
        .pick(
          { x: rr, Fecha: rm.Fecha, Remesa: rm.Descripcion },
          rr,
          and(
            ...periodo(rm.Fecha, f),
            f.IdTesoreria ? eq(rm.IdTesoreria, f.IdTesoreria) : undefined,
            tipoRemesa(f),
            estado,
          ),
        )
        .innerJoin(rm, s.on(rm, eq(rm.Id, rr.IdRemesa)))
        .orderBy(asc(rm.Fecha), asc(rm.Id), asc(rr.Id))
        .limit(limite);
      return rows.map(({ x, Fecha, Remesa }) => ({
        Fecha,
        Remesa,
        NumSerie: x.NumSerie,
        Plazo: x.Plazo,
        Titular: x.TerceroNombre,
        IBAN: x.IBAN,
        Mandato: x.MandatoRef,
        Vencimiento: x.Vencimiento,
        Importe: x.Importe,
        Estado: ESTADO_RECIBO[x.Estado] ?? x.Estado,
        Motivo: x.Motivo,
        FechaDevolucion: x.FechaDevolucion,
        Comision: x.Comision,
      }));
    },
  },
  arqueos: {
    titulo: 'Arqueos de caja',
    permiso: 'TesoArqueo',
    columnas: columnas({
      Fecha: fecha('Fecha'),
      Cuenta: texto('Cuenta'),
      Esperado: importe('Saldo esperado'),
      Contado: importe('Contado'),
      Diferencia: importe('Diferencia'),
      Motivo: texto('Motivo de la diferencia'),
    }),
    filas: async (s, f, limite) => {
      const rows = await s
        .pick(
          { a: aq, Cuenta: tc('Nombre') },
          aq,
          and(...periodo(aq.Fecha, f), f.IdTesoreria ? eq(aq.IdTesoreria, f.IdTesoreria) : undefined),
        )
        .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(tc('Id'), aq.IdTesoreria)))
        .orderBy(asc(aq.Fecha), asc(aq.Id))
        .limit(limite);
      return rows.map(({ a, Cuenta }) => ({
        Fecha: a.Fecha,
        Cuenta,
        Esperado: a.Esperado,
        Contado: a.Contado,
        Diferencia: a.Diferencia,
        Motivo: a.Motivo,
      }));
    },
  },
};

const formatoSchema = z.enum(['xlsx', 'ods', 'pdf', 'html']).default('xlsx');

/** The report's rows (at most MAX_FILAS_INFORME + 1: one more says the period is too long). */
export function filasInforme(s: Scope, informe: Informe, f: Filtros): Promise<Record<string, unknown>[]> {
  return informe.filas(s, f, MAX_FILAS_INFORME + 1);
}

/** `GET /api/tesoreria/informes/{remesas|recibos|arqueos}?Formato=&Filtros={FechaDesde,FechaHasta,IdTesoreria,Tipo,Estado}`. */
export function registrarInformes(app: FastifyInstance, deps: AppDeps): void {
  for (const [clave, informe] of Object.entries(INFORMES_TESORERIA)) {
    app.get(
      `/api/tesoreria/informes/${clave}`,
      permiso(informe.permiso, 1, `Informe: ${informe.titulo.toLowerCase()}`),
      async (request, reply) => {
        const raw = (request.query ?? {}) as Record<string, unknown>;
        const formato = formatoSchema.safeParse(raw.Formato || undefined);
        if (!formato.success) throw badRequest('El formato de exportación debe ser xlsx, ods, pdf o html');
        const q = parseListQuery({ Filtros: raw.Filtros });
        const g = q.Filtros as Record<string, unknown>;
        for (const campo of ['FechaDesde', 'FechaHasta'] as const)
          if (g[campo] !== undefined && g[campo] !== '' && !esDia(g[campo]))
            throw badRequest(`${campo === 'FechaDesde' ? 'Desde' : 'Hasta'}: la fecha no es válida`);
        const f: Filtros = {
          ...(esDia(g.FechaDesde) ? { FechaDesde: g.FechaDesde } : {}),
          ...(esDia(g.FechaHasta) ? { FechaHasta: g.FechaHasta } : {}),
          ...(esId(g.IdTesoreria) ? { IdTesoreria: Number(g.IdTesoreria) } : {}),
          ...(typeof g.Tipo === 'string' ? { Tipo: g.Tipo } : {}),
          ...(typeof g.Estado === 'string' ? { Estado: g.Estado } : {}),
        };
        if (f.FechaDesde && f.FechaHasta && f.FechaDesde > f.FechaHasta)
          throw badRequest('La fecha desde es posterior a la fecha hasta');
        const s = deps.scopeOf(request);
        const filas = await filasInforme(s, informe, f);
        if (filas.length > MAX_FILAS_INFORME)
          throw badRequest(`El informe pasa de ${formatNumber(MAX_FILAS_INFORME, 0)} filas: acota las fechas`);
        const writer = WRITERS[formato.data](filas.length);
        const { PassThrough } = await import('node:stream');
        const stream = new PassThrough();
        const periodo = [f.FechaDesde, f.FechaHasta].filter(Boolean).join('-');
        reply
          .header('Content-Type', writer.contentType)
          .header(
            'Content-Disposition',
            `attachment; filename="${clave}${periodo ? `-${periodo}` : ''}.${writer.extension}"`,
          )
          .header('Cache-Control', 'no-store')
          .header('X-Total-Registros', String(filas.length));
        const titulo = `${informe.titulo}${f.FechaDesde || f.FechaHasta ? ` (${f.FechaDesde ?? '…'} a ${f.FechaHasta ?? '…'})` : ''}`;
        void (async () => {
          await writer.begin(stream, titulo, informe.columnas, filas.length);
          for (let i = 0; i < filas.length; i += 1000)
            await writer.rows(
              await toCells(
                s,
                informe.columnas,
                filas.slice(i, i + 1000).map((r, k) => ({ ...r, Id: i + k + 1 })),
              ),
            );
          await writer.end();
        })()
          .then(() => stream.end())
          .catch((error) => {
            request.log.error({ err: error }, 'exportación interrumpida');
            stream.destroy(error as Error);
          });
        return reply.send(stream);
      },
    );
  }
}
