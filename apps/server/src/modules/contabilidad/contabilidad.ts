import type { Writable } from 'node:stream';
import {
  type Asiento,
  type CuentasEmpresa,
  cuadre,
  lineaXSubCta,
  type Subcuenta,
  TIPOS_ASIENTO,
  xDiarioBytes,
} from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Cell, Column } from '../../platform/export/cells.ts';
import { drained } from '../../platform/export/writers.ts';
import { xlsxWriter } from '../../platform/export/xlsxWriter.ts';
import { ZipDeflateNativo } from '../../platform/export/zipNativo.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { parseFiltros } from '../impuestos/libroFacturas.ts';
import { asientosPeriodo, cuentasEmpresa, type Periodo, todasLasSubcuentas } from './asientos.ts';
import { enviarFichero } from './descarga.ts';
import { libroCompleto } from './libro.ts';
import { asientosLibro, subcuentasLibro } from './libroExport.ts';

/**
 * `/api/impuestos/contabilidad/*`: the period's journal as a preview (first entries + the balance check
 * of all of them), as ContaPlus ASCII files (XDiario + XSubCta, a zip or either file alone) and as a Sage Despachos
 * workbook. Everything streams: a year of entries is never held in memory.
 */
export const RUTA_CONTABILIDAD = '/api/impuestos/contabilidad';
const config = { access: access.permission('ImptoEmit', 1) };
const PREVIA = 50;

function periodo(query: unknown): Periodo {
  const q = (query ?? {}) as Record<string, unknown>;
  const f = parseFiltros({ FechaDesde: q.FechaDesde, FechaHasta: q.FechaHasta });
  if (Date.parse(f.FechaHasta) - Date.parse(f.FechaDesde) > 366 * 86_400_000)
    throw badRequest('El periodo no puede superar un año');
  return { FechaDesde: f.FechaDesde, FechaHasta: f.FechaHasta };
}

const conTipo = (a: Asiento) => ({ ...a, TipoTexto: TIPOS_ASIENTO[a.Tipo], ...cuadreTexto(a) });
function cuadreTexto(a: Asiento) {
  const q = cuadre(a);
  return { Debe: (q.Debe / 100).toFixed(2), Haber: (q.Haber / 100).toFixed(2), Cuadra: q.Cuadra };
}

/**
 * The period's entries for the preview and the exports: the ledger's when it covers the period (`libroCompleto`),
 * else the builder's over the documents (a period with documents from before the ledger: «Generar asientos»).
 */
async function* asientosExport(s: Scope, p: Periodo, c: CuentasEmpresa, usadas?: Map<string, Subcuenta>) {
  if (await libroCompleto(s, p)) {
    yield* asientosLibro(s, p);
    if (usadas) for (const [k, v] of await subcuentasLibro(s, p)) usadas.set(k, v);
  } else yield* asientosPeriodo(s, p, c, usadas);
}

/** Preview: the first entries and, over the whole period, how many entries and lines, the sums and the unbalanced. */
export async function previa(s: Scope, p: Periodo) {
  const c = await cuentasEmpresa(s);
  const primeros: ReturnType<typeof conTipo>[] = [];
  let asientos = 0;
  let apuntes = 0;
  let debe = 0;
  let haber = 0;
  const descuadrados: number[] = [];
  for await (const lote of asientosExport(s, p, c)) {
    for (const a of lote) {
      const q = cuadre(a);
      asientos++;
      apuntes += a.Apuntes.length;
      debe += q.Debe;
      haber += q.Haber;
      if (!q.Cuadra) descuadrados.push(a.Numero);
      if (primeros.length < PREVIA) primeros.push(conTipo(a));
    }
  }
  return {
    Cuentas: c,
    Asientos: primeros,
    Resumen: {
      Asientos: asientos,
      Apuntes: apuntes,
      Debe: (debe / 100).toFixed(2),
      Haber: (haber / 100).toFixed(2),
      Cuadra: descuadrados.length === 0 && debe === haber,
      Descuadrados: descuadrados.slice(0, 20),
    },
  };
}

/** Writes latin-1 bytes (ContaPlus reads ANSI files; the lines are ASCII already), waiting for the reader. */
async function escribir(out: Writable, bytes: Uint8Array) {
  out.write(bytes);
  await drained(out);
}

/** XDiario of the period into `out`, a batch of entries at a time; returns the subaccounts it used. */
async function escribirXDiario(s: Scope, p: Periodo, c: CuentasEmpresa, out: (b: Uint8Array) => Promise<void>) {
  const usadas = new Map<string, Subcuenta>();
  for await (const lote of asientosExport(s, p, c, usadas)) await out(xDiarioBytes(lote));
  return todasLasSubcuentas(c, usadas);
}

const xSubCta = (subcuentas: Subcuenta[]) =>
  Buffer.from(subcuentas.map((x) => `${lineaXSubCta(x)}\r\n`).join(''), 'latin1');

/**
 * The zip with XDiario.txt then XSubCta.txt (fflate's streaming zip; XDiario deflated by zlib on the thread pool as
 * it goes, while the next batch is read and written).
 */
export async function escribirZip(s: Scope, p: Periodo, out: Writable) {
  const { Zip, ZipDeflate } = await import('fflate');
  const c = await cuentasEmpresa(s);
  let fin: () => void = () => {};
  let fallo: (e: Error) => void = () => {};
  const terminado = new Promise<void>((resolve, reject) => {
    fin = resolve;
    fallo = reject;
  });
  const zip = new Zip((err, chunk, final) => {
    if (err) return fallo(err);
    out.write(chunk);
    if (final) fin();
  });
  // Level 1: a year's XDiario is ~300 MB of repetitive fixed-width text; level 6 costs twice the CPU for ~10 % less.
  const diario = new ZipDeflateNativo('XDiario.txt', 1);
  zip.add(diario);
  const subcuentas = await escribirXDiario(s, p, c, async (b) => {
    await diario.push(b);
    await drained(out);
  });
  await diario.end();
  const sub = new ZipDeflate('XSubCta.txt', { level: 6 });
  zip.add(sub);
  sub.push(xSubCta(subcuentas), true);
  zip.end();
  await terminado;
}

/** Sage Despachos: one row per journal line (the columns its Excel import maps). */
const money = (label: string) => ({ kind: 'money' as const, label, scale: 2 });
export const COLUMNAS_SAGE: Column[] = [
  { key: 'Asiento', label: 'Asiento', def: { kind: 'integer', label: 'Asiento' } },
  { key: 'Fecha', label: 'Fecha', def: { kind: 'date', label: 'Fecha' } },
  { key: 'Cuenta', label: 'Cuenta', def: { kind: 'text', label: 'Cuenta' } },
  { key: 'Contrapartida', label: 'Contrapartida', def: { kind: 'text', label: 'Contrapartida' } },
  { key: 'Concepto', label: 'Concepto', def: { kind: 'text', label: 'Concepto' } },
  { key: 'Documento', label: 'Documento', def: { kind: 'text', label: 'Documento' } },
  { key: 'Debe', label: 'Debe', def: money('Debe') },
  { key: 'Haber', label: 'Haber', def: money('Haber') },
  { key: 'BaseImponible', label: 'Base imponible', def: money('Base imponible') },
  { key: 'PorcIva', label: '% IVA', def: money('% IVA') },
  { key: 'PorcRecargo', label: '% Recargo', def: money('% Recargo') },
];

function filasSage(lote: Asiento[]): Cell[][] {
  const n = (v: string | undefined): Cell => (v === undefined ? null : { t: 'n', v: Number(v), scale: 2 });
  const s = (v: string): Cell => ({ t: 's', v });
  return lote.flatMap((a) =>
    a.Apuntes.map((ap): Cell[] => [
      { t: 'n', v: a.Numero, scale: 0 },
      { t: 'd', v: a.Fecha },
      s(ap.Subcuenta),
      s(ap.Contrapartida),
      s(ap.Concepto),
      s(ap.Documento),
      n(ap.Debe),
      n(ap.Haber),
      n(ap.BaseImponible),
      n(ap.PorcIva),
      n(ap.PorcRecargo),
    ]),
  );
}

/** Styled cells cost time per row: a period longer than a quarter is written plain (like the platform's big exports). */
async function escribirSage(s: Scope, p: Periodo, out: Writable) {
  const c = await cuentasEmpresa(s);
  const dias = (Date.parse(p.FechaHasta) - Date.parse(p.FechaDesde)) / 86_400_000;
  const writer = xlsxWriter({ styled: dias <= 92 });
  await writer.begin(out, 'Diario', COLUMNAS_SAGE, 0);
  for await (const lote of asientosExport(s, p, c)) await writer.rows(filasSage(lote));
  await writer.end();
}

export function registrarContabilidad(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    `${RUTA_CONTABILIDAD}/asientos`,
    { config, schema: { tags: ['impuestos'], summary: 'Asientos del periodo (vista previa y cuadre)' } },
    async (request) => previa(deps.scopeOf(request), periodo(request.query)),
  );

  app.get(
    `${RUTA_CONTABILIDAD}/contaplus`,
    { config, schema: { tags: ['impuestos'], summary: 'Exportación ContaPlus (XDiario y XSubCta)' } },
    async (request, reply) => {
      const p = periodo(request.query);
      const fichero = String((request.query as Record<string, unknown>).Fichero ?? 'zip');
      if (!['zip', 'xdiario', 'xsubcta'].includes(fichero))
        throw badRequest('El fichero debe ser zip, xdiario o xsubcta');
      const s = deps.scopeOf(request);
      const nombre = `contaplus-${p.FechaDesde}-${p.FechaHasta}`;
      return enviarFichero(
        request,
        reply,
        {
          tipo: fichero === 'zip' ? 'application/zip' : 'text/plain; charset=windows-1252',
          nombre: fichero === 'zip' ? `${nombre}.zip` : fichero === 'xdiario' ? 'XDiario.txt' : 'XSubCta.txt',
        },
        async (stream) => {
          if (fichero === 'zip') return escribirZip(s, p, stream);
          const c = await cuentasEmpresa(s);
          const subcuentas = await escribirXDiario(s, p, c, (b) =>
            fichero === 'xdiario' ? escribir(stream, b) : Promise.resolve(),
          );
          if (fichero === 'xsubcta') await escribir(stream, xSubCta(subcuentas));
        },
      );
    },
  );

  app.get(
    `${RUTA_CONTABILIDAD}/sage`,
    { config, schema: { tags: ['impuestos'], summary: 'Exportación Sage Despachos (Excel)' } },
    async (request, reply) => {
      const p = periodo(request.query);
      const s = deps.scopeOf(request);
      return enviarFichero(
        request,
        reply,
        {
          tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          nombre: `sage-${p.FechaDesde}-${p.FechaHasta}.xlsx`,
        },
        (stream) => escribirSage(s, p, stream),
      );
    },
  );
}
