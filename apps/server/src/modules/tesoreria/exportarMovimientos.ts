import type { FastifyInstance } from 'fastify';
import type { Row } from '../../platform/crud/entityRepository.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Column } from '../../platform/export/cells.ts';
import { formatoExport } from '../contabilidad/descarga.ts';
import { exportarPaginas } from '../documentos/exportarLista.ts';
import { permiso } from './comun.ts';
import { listarMovimientos } from './movimientos.ts';

const TIPO: Record<string, string> = { cobro: 'Cobro', pago: 'Pago', manual: 'Movimiento' };
const col = (key: string, label: string, kind: 'text' | 'date' | 'money'): Column => ({
  key,
  label,
  def: kind === 'money' ? { kind, label, scale: 2 } : { kind, label, list: true },
});
const COLUMNAS: Column[] = [
  col('Fecha', 'Fecha', 'date'),
  col('Cuenta', 'Cuenta', 'text'),
  col('TipoTexto', 'Tipo', 'text'),
  col('Descripcion', 'Descripción', 'text'),
  col('Importe', 'Importe', 'money'),
  col('Saldo', 'Saldo', 'money'),
  col('ConciliadoTexto', 'Conciliado', 'text'),
];

/**
 * `GET /api/tesoreria/movstesoreria/export?Formato=…&Filtros=…&Orden=…`: the movements list as a file — its rows
 * for the same filters and order, with their running balances, page after page.
 */
export function registrarExportMovimientos(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/tesoreria/movstesoreria/export',
    permiso('TesoMovsCajaBanco', 1, 'Exportar los movimientos de tesorería'),
    async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const formato = formatoExport(raw.Formato);
      const s = deps.scopeOf(request);
      const consulta = { Filtros: raw.Filtros, Orden: raw.Orden };
      const { Total: total } = await listarMovimientos(s, { ...consulta, Pagina: 1, TotalPagina: 1 });
      return exportarPaginas(request, reply, {
        scope: s,
        formato,
        titulo: 'Movimientos de tesorería',
        nombre: 'movstesoreria',
        columnas: COLUMNAS,
        total,
        pagina: async (n, tamano) =>
          (await listarMovimientos(s, { ...consulta, Pagina: n, TotalPagina: tamano })).Items.map((m) => ({
            ...m,
            TipoTexto: TIPO[m.Tipo] ?? m.Tipo,
            ConciliadoTexto: m.Conciliado ? 'Sí' : 'No',
          })) as Row[],
      });
    },
  );
}
