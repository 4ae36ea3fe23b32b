import { inmovilizadoSchema } from '@faro/domain';
import { cuentasEmpresa } from '../modules/contabilidad/asientos.ts';
import { crear } from '../modules/contabilidad/inmovilizado.ts';
import type { Db } from '../platform/db/database.ts';
import { diaMas } from '../platform/fechas.ts';
import { empresaDemo } from './empresaDemo.ts';

/** The first day of the month `meses` months before `hoy` (assets start on a month's first day). */
function mesesAntes(hoy: string, meses: number): string {
  const d = new Date(`${hoy.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - meses);
  return d.toISOString().slice(0, 10);
}

/**
 * DEMO fixed assets, created through the register's own service (as the screen does): a delivery van at 12 %, two
 * computers at 25 %, and office furniture bought long ago and fully depreciated before Faro (`AmortizadoHasta`).
 * Nothing is posted here: «Amortizar hasta» posts their months when the user runs it, once. The dates follow `hoy`
 * and stay within the last 6 months, so the fixed dates of the tests meet none of them.
 */
export async function seedDemoInmovilizado(db: Db, hoy: string): Promise<void> {
  const s = await empresaDemo(db, 'DEMO');
  if (!s) return;
  const furgoneta = mesesAntes(hoy, 6);
  const ordenadores = mesesAntes(hoy, 3);
  const activos = [
    {
      Codigo: 'FURGO-01',
      Descripcion: 'Furgoneta de reparto Citroën Berlingo',
      Grupo: 'transporte-externo',
      FechaCompra: diaMas(furgoneta, 5),
      FechaInicio: furgoneta,
      Coste: '18500.00',
      ValorResidual: '3500.00',
      Coeficiente: '12',
    },
    {
      Codigo: 'PC-01',
      Descripcion: 'Ordenador portátil de administración',
      Grupo: 'equipos-informaticos',
      FechaCompra: ordenadores,
      FechaInicio: ordenadores,
      Coste: '1250.00',
      Coeficiente: '25',
    },
    {
      Codigo: 'PC-02',
      Descripcion: 'Servidor de la oficina y SAI',
      Grupo: 'equipos-informaticos',
      FechaCompra: ordenadores,
      FechaInicio: ordenadores,
      Coste: '3400.00',
      Coeficiente: '25',
    },
    {
      Codigo: 'MOB-01',
      Descripcion: 'Mobiliario de oficina (mesas y armarios)',
      Grupo: 'mobiliario',
      FechaCompra: '2012-02-20',
      FechaInicio: '2012-03-01',
      Coste: '4800.00',
      Coeficiente: '10',
      AmortizadoHasta: '2022-02-28',
      Notas: 'Totalmente amortizado antes de llevar la contabilidad en Faro',
    },
  ];
  await s.tx(async (t) => {
    const { Digitos } = await cuentasEmpresa(t);
    for (const a of activos) await crear(t, inmovilizadoSchema.parse(a), Digitos);
  });
}
