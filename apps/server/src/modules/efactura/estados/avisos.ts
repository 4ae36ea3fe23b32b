import { and, eq, exists, inArray, not, notInArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../../platform/deps.ts';
import { hoyEspana } from '../../../platform/fechas.ts';
import type { Job } from '../../../platform/jobs/runner.ts';
import { type CompanyDirectory, companyDirectory } from '../../../platform/tenancy/directory.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  documentosCompra as dc,
  efacturaEstados as ee,
  efacturaRecibidas as er,
} from '../../../platform/tenancy/tables.ts';
import { crearAviso } from '../../crm/avisos.ts';
import { enviarEstados } from './envio.ts';
import { vistasDe } from './estados.ts';
import { clienteSpfeDe, type FabricaSpfe } from './spfe.ts';

/**
 * The received e-invoices' background work: sending each company's pending statuses to the SPFE (every minute),
 * and the four-day clock in the notifications (every 30 minutes): a reminder on an open report's last two days,
 * an alert once it is overdue, one of each per invoice and report (`Clave`).
 */

/** The received e-invoices of the company with a report still open: no decision sent, or a payment not sent. */
export function informesAbiertos(s: Scope) {
  const suyo = (extra: ReturnType<typeof and>) =>
    exists(s.pick({ one: ee.idRegistro }, ee, and(eq(ee.idDocumento, er.IdDocumento), extra)));
  return or(
    not(suyo(and(inArray(ee.tipo, ['aceptada', 'rechazada']), eq(ee.estado, 'enviado')))),
    suyo(and(eq(ee.tipo, 'pagada'), notInArray(ee.estado, ['enviado', 'anulado']))),
  );
}

/** Raises the clock's notifications of one company on `hoy`; how many were new. */
export async function avisarPlazos(s: Scope, hoy = hoyEspana()): Promise<number> {
  const abiertas = await s
    .pick({ id: er.IdDocumento, proveedor: dc.terceroNombre, numero: dc.numTercero }, er, informesAbiertos(s))
    .innerJoin(dc, s.on(dc, eq(dc.id, er.IdDocumento)))
    .limit(500);
  if (!abiertas.length) return 0;
  const porId = new Map(abiertas.map((a) => [a.id, a]));
  let n = 0;
  for (const v of await vistasDe(
    s,
    abiertas.map((a) => a.id),
    hoy,
  )) {
    if (v.Nivel !== 'aviso' && v.Nivel !== 'vencido') continue;
    const f = porId.get(v.IdDocumento)!;
    const creado = await crearAviso(s, {
      Prioridad: v.Nivel === 'vencido' ? 'a' : 'm',
      Titulo: `Factura electrónica ${f.numero ?? ''} de ${f.proveedor}: ${v.Nivel === 'vencido' ? 'plazo vencido' : 'el plazo acaba'}`,
      Texto: v.TextoPlazo,
      Enlace: `/fcompra/editar/${v.IdDocumento}`,
      Clave: `efactura-plazo-${v.IdDocumento}-${v.Informe}-${v.Nivel}`,
    });
    if (creado) n++;
  }
  return n;
}

/** One pass over the companies with pending statuses: each one's queue sent through its SPFE client. */
export async function enviarPendientes(dir: CompanyDirectory, fabrica: FabricaSpfe = clienteSpfeDe): Promise<string> {
  let enviados = 0;
  for (const id of await dir.companiesWith(ee, eq(ee.estado, 'generado'))) {
    const s = dir.scope(id);
    const cliente = await fabrica(s);
    if (cliente) enviados += (await enviarEstados(s, cliente)).enviados;
  }
  return `${enviados} estados enviados`;
}

/** The jobs: the statuses' queue every minute, the clock's notifications every 30 minutes. */
export function trabajosEstadosEfactura(deps: Pick<AppDeps, 'database'>): Job[] {
  const dir = companyDirectory(deps);
  return [
    { nombre: 'estados-efactura', intervaloSegundos: 60, run: () => enviarPendientes(dir) },
    {
      nombre: 'plazos-efactura',
      intervaloSegundos: 30 * 60,
      async run() {
        let n = 0;
        for (const id of await dir.companiesWith(er)) n += await avisarPlazos(dir.scope(id));
        return `${n} avisos`;
      },
    },
  ];
}
