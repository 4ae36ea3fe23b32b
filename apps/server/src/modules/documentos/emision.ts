import { MSG_VENTAS } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { TIPOS_FACTURA } from './conversiones.ts';
import type { Cabecera, LadoDocumentos } from './lado.ts';
import { tomarNumero } from './numeracion.ts';
import { entradaDe, type Repositorio } from './repositorio.ts';
import type { Vencimientos } from './vencimientos.ts';

export interface OpcionesEmision {
  /** Retail activities of RD 1619/2012 art. 4.2: simplified invoices up to 3,000 € instead of 400 € (sales). */
  Minorista?: boolean;
  /**
   * Work of the same transaction that does not need the number (the stock moved by the invoice): it runs before
   * the number so the series' counter row stays locked as briefly as possible (issuing throughput per series).
   */
  antesDelNumero?: (t: Scope) => Promise<void>;
}

/** Issuing (sales) or registering (purchases) an invoice: the one place an invoice takes its number. */
export function emisionDe(lado: LadoDocumentos, repo: Repositorio, venc: Vencimientos) {
  const { cabecera: dv, lineas: dl } = lado.tablas;

  /**
   * Issues / registers a draft invoice. Call inside ONE transaction: locks the draft, recomputes its totals and
   * copies the party's current data, runs the side's checks (sales: limits, NIF), writes the due dates, runs the side's work and the
   * caller's (stock), then takes the number of its series as the LAST step (tomarNumero: counter row locked until
   * commit, dates in number order) and sets the side's status (Emitida / Registrada); only the side's work that
   * needs the number (the VeriFactu record) comes after it.
   */
  async function emitir(s: Scope, id: number, op: OpcionesEmision = {}): Promise<Cabecera> {
    const h = await repo.cargarCabecera(s, id, TIPOS_FACTURA, true);
    if (h.numero !== null) throw badRequest(lado.emision.yaHecha);
    if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.anulado);
    const lineas = await repo.cargarLineas(s, [id]);
    if (lineas.length === 0) throw badRequest(MSG_VENTAS.sinLineas);
    const prep = await repo.preparar(s, entradaDe(h, lineas));
    lado.emision.comprobar?.({ ...h, ...prep.cabecera } as Cabecera, { ...op });
    const idSerie = await repo.resolverSerie(s, h.tipo, h.idSerie, true);
    await s.delete(dl, eq(dl.idDocumento, id));
    await s.insert(
      dl,
      prep.lineas.map((l) => ({ ...l, idDocumento: id })),
    );
    // The side's work and the caller's (stock) need no number: done before it, outside the counter lock.
    const antes = { ...h, ...prep.cabecera, idSerie } as Cabecera;
    // The due dates from the payment method (both sides), then the side's own work.
    await venc.generarVencimientos(s, antes);
    await lado.emision.antesDelNumero?.(s, antes, { ...op });
    if (op.antesDelNumero) await op.antesDelNumero(s);
    // Last step: the number. Only the side's work that needs it comes after it.
    const n = await tomarNumero(s, idSerie as number, h.fecha);
    const [hecha] = await s
      .update(
        dv,
        {
          ...prep.cabecera,
          idSerie,
          numero: n.Numero,
          numSerie: n.NumSerie,
          anyo: n.Anyo,
          estado: lado.emision.estado,
          estadoCobro: 'Pendiente',
          emitidaEn: new Date().toISOString(),
        },
        eq(dv.id, id),
      )
      .returning();
    await lado.emision.despuesDelNumero?.(s, hecha!);
    return hecha!;
  }

  return { emitir };
}
