import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { Row } from '../../platform/crud/entityRepository.ts';
import { MAX_OFFSET, MAX_PAGE_SIZE, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type Column, type ExportFormat, toCells } from '../../platform/export/cells.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { enviarFichero, formatoExport } from '../contabilidad/descarga.ts';
import { WRITERS } from '../impuestos/libroFacturas.ts';
import type { LadoDocumentos } from './lado.ts';
import type { MotorDocumentos } from './motor.ts';

const texto = (key: string, label: string): Column => ({ key, label, def: { kind: 'text', label, list: true } });
const importe = (key: string, label: string): Column => ({ key, label, def: { kind: 'money', label, scale: 2 } });

/** The list's columns as the screen shows them, the party in the side's names (Cliente / Proveedor). */
function columnas(lado: LadoDocumentos, factura: boolean): Column[] {
  const j = lado.json;
  const tercero = j.Tercero;
  return [
    texto('NumSerie', 'Número'),
    { key: 'Fecha', label: 'Fecha', def: { kind: 'date', label: 'Fecha' } },
    ...(j.NumTercero && factura ? [texto(j.NumTercero, `Número del ${tercero.toLowerCase()}`)] : []),
    texto(j.TerceroNombre, tercero),
    texto(j.TerceroNIF, 'NIF'),
    importe('BaseImponible', 'Base imponible'),
    importe('TotalIva', 'IVA'),
    importe('Total', 'Total'),
    texto('Estado', 'Estado'),
    ...(factura ? [texto(j.EstadoCobro, lado.lado === 'venta' ? 'Cobro' : 'Pago')] : []),
  ];
}

/**
 * `GET {base}/export?Formato=xlsx|ods|pdf|html&Filtros=…&Orden=…&Descendente=…`: every row of the list with the
 * same filters and order (the list's own query, page after page), through the platform's writers and so the one
 * cell writer; `X-Total-Registros` carries the count for the progress bar.
 */
export function registrarExportLista(
  app: FastifyInstance,
  deps: AppDeps,
  m: MotorDocumentos,
  o: { base: string; recurso: string; titulo: string; tipos: readonly string[]; factura: boolean; access: Access },
): void {
  app.get(
    `${o.base}/export`,
    { config: { access: o.access }, schema: { tags: [m.lado.area], summary: `${o.titulo}: exportar la lista` } },
    async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const formato = formatoExport(raw.Formato);
      const q = parseListQuery({ Filtros: raw.Filtros, Orden: raw.Orden, Descendente: raw.Descendente });
      const scope = deps.scopeOf(request);
      // The first page checks the filters (a 400 before any byte) and gives the count.
      const { Total: total } = await m.listarDocumentos(scope, o.tipos, { ...q, Pagina: 1, TotalPagina: 1 });
      return exportarPaginas(request, reply, {
        scope,
        formato,
        titulo: o.titulo,
        nombre: o.recurso,
        columnas: columnas(m.lado, o.factura),
        total,
        pagina: async (n, tamano) =>
          (await m.listarDocumentos(scope, o.tipos, { ...q, Pagina: n, TotalPagina: tamano }))
            .Items as unknown as Row[],
      });
    },
  );
}

/**
 * Sends a list as a file: `pagina(n, tamaño)` gives the list's page n (its own query, filters and order), read page
 * after page until a short one, through the platform's writers (the one cell writer); `total` for the progress bar.
 */
export function exportarPaginas(
  request: FastifyRequest,
  reply: FastifyReply,
  o: {
    scope: Scope;
    formato: ExportFormat;
    titulo: string;
    nombre: string;
    columnas: Column[];
    total: number;
    pagina: (n: number, tamano: number) => Promise<Row[]>;
  },
) {
  const writer = WRITERS[o.formato](o.total);
  const dia = new Date().toISOString().slice(0, 10);
  return enviarFichero(
    request,
    reply,
    { tipo: writer.contentType, nombre: `${o.nombre}-${dia}.${writer.extension}`, total: o.total },
    async (out) => {
      await writer.begin(out, o.titulo, o.columnas, o.total);
      for (let n = 1; (n - 1) * MAX_PAGE_SIZE < MAX_OFFSET; n++) {
        const filas = await o.pagina(n, MAX_PAGE_SIZE);
        if (filas.length) await writer.rows(await toCells(o.scope, o.columnas, filas));
        if (filas.length < MAX_PAGE_SIZE) break;
      }
      await writer.end();
    },
  );
}
