import { formatAmount } from '@faro/domain';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import type { CompanyDirectory } from '../../platform/tenancy/directory.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { col, documentosVenta, productosTable, stockTable, vencimientosVenta } from '../../platform/tenancy/tables.ts';
import { type OpcionesCola, trabajoColaMensajes } from '../comunicaciones/cola.ts';
import { avisarRecordatorios } from './actividades.ts';
import { crearAviso } from './avisos.ts';
import { hoyMadrid } from './comun.ts';

/**
 * System alerts (origin a): overdue instalments of issued invoices (priority a) and products whose stock is below
 * their minimum (priority m). One alert per fact (`Clave`), for every member of the company.
 */
export async function revisarAlertas(dir: CompanyDirectory, ahora = new Date()): Promise<string> {
  const hoy = hoyMadrid(ahora);
  const v = vencimientosVenta;
  const vencido = and(lt(v.Fecha, hoy), sql`${v.Liquidado} < ${v.Importe}`);
  let n = 0;
  for (const empresaId of await dir.companiesWith(v, vencido)) {
    const s = dir.scope(empresaId);
    const filas = await s
      .pick(
        {
          IdFactura: v.IdFactura,
          Plazo: v.Plazo,
          Fecha: v.Fecha,
          Pendiente: sql<string>`${v.Importe} - ${v.Liquidado}`,
          Num: documentosVenta.numSerie,
          Cliente: documentosVenta.terceroNombre,
        },
        v,
        vencido,
      )
      .innerJoin(
        documentosVenta,
        s.on(documentosVenta, and(eq(documentosVenta.id, v.IdFactura), isNotNull(documentosVenta.numSerie))),
      )
      .limit(200);
    for (const f of filas) {
      if (
        await crearAviso(s, {
          Prioridad: 'a',
          Titulo: `Factura vencida ${f.Num ?? ''}: ${f.Cliente}`,
          Texto: `Venció el ${f.Fecha.split('-').reverse().join('/')}; pendiente ${formatAmount(f.Pendiente)}`,
          Enlace: `/fventa/editar/${f.IdFactura}`,
          Clave: `fventa-vencida-${f.IdFactura}-${f.Plazo}`,
        })
      )
        n++;
    }
  }
  const p = productosTable;
  const bajo = and(gt(col(p, 'StockMinimo'), 0), eq(col(p, 'Baja'), false));
  for (const empresaId of await dir.companiesWith(p, bajo)) {
    const s = dir.scope(empresaId);
    const filas = await s
      .pick(
        {
          Id: col(p, 'Id'),
          Nombre: col(p, 'Descripcion'),
          Minimo: col(p, 'StockMinimo'),
          Total: sql<string>`coalesce(sum(${col(stockTable, 'Cantidad')}), 0)`,
        },
        p,
        bajo,
      )
      .leftJoin(stockTable, s.on(stockTable, eq(col(stockTable, 'IdProducto'), col(p, 'Id'))))
      .groupBy(col(p, 'Id'), col(p, 'Descripcion'), col(p, 'StockMinimo'))
      .having(sql`coalesce(sum(${col(stockTable, 'Cantidad')}), 0) < ${col(p, 'StockMinimo')}`)
      .limit(200);
    for (const f of filas) {
      if (
        await crearAviso(s, {
          Prioridad: 'm',
          Titulo: `Stock bajo mínimo: ${f.Nombre}`,
          Texto: `Hay ${Number(f.Total)} y el mínimo es ${Number(f.Minimo)}`,
          Enlace: `/productos/editar/${f.Id}`,
          Clave: `stock-minimo-${f.Id}-${hoy}`,
        })
      )
        n++;
    }
  }
  return `${n} avisos`;
}

/** The jobs of reminders (every minute), alerts (every 30 minutes), the marketing queue (every minute). */
export function trabajosCrm(deps: Pick<AppDeps, 'database' | 'config' | 'secret'>): Job[] {
  const dir = companyDirectory(deps);
  const opciones: OpcionesCola = {
    secret: deps.secret,
    smtpUrl: deps.config.smtpUrl,
    remitente: deps.config.mailFrom,
    publicUrl: deps.config.publicUrl,
  };
  return [
    { nombre: 'recordatorios', intervaloSegundos: 60, run: () => avisarRecordatorios(dir) },
    { nombre: 'alertas', intervaloSegundos: 30 * 60, run: () => revisarAlertas(dir) },
    trabajoColaMensajes(dir, opciones),
  ];
}
