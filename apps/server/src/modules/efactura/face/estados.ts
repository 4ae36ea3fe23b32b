import { ESTADOS_FACE, ESTADOS_FINALES_FACE, esCodigoEstadoFace } from '@faro/domain';
import { and, eq, inArray, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import { hoyEspana } from '../../../platform/fechas.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { efacturaEnvios } from '../../../platform/tenancy/tables.ts';
import { leerConfig } from '../envio/config.ts';
import { claveEmpresa } from '../facturae/cargar.ts';
import { clienteFaceDe } from './canal.ts';
import type { ClienteFace, EstadoListadoFace } from './cliente.ts';

const e = efacturaEnvios;

/** Invoices registered in FACe whose status may still change (not paid, rejected or cancelled yet). */
export const porConsultarFace = () =>
  and(
    eq(e.canal, 'face'),
    eq(e.estado, 'enviado'),
    isNotNull(e.numeroRegistro),
    or(isNull(e.estadoCliente), notInArray(e.estadoCliente, [...ESTADOS_FINALES_FACE])),
  );

export interface ConsultaFace {
  consultadas: number;
  actualizadas: number;
  /** Why nothing could be asked (no endpoint or certificate, FACe down). */
  error?: string;
}

/**
 * Asks FACe for the processing status of the company's invoices it registered (500 a call, its limit) and stores
 * each change on the invoice's sending row: registrada, registrada_rcf, contabilizada, pagada, rechazada with the
 * body's reason, anulada; dated the day Faro saw it (FACe's answer carries no date). A paid, rejected or
 * cancelled invoice is not asked again.
 */
export async function consultarEstadosFace(s: Scope, cliente?: ClienteFace): Promise<ConsultaFace> {
  let face = cliente;
  if (!face) {
    const { urlFace } = await leerConfig(s);
    if (!urlFace) return { consultadas: 0, actualizadas: 0, error: 'Falta la dirección de FACe' };
    try {
      face = clienteFaceDe(urlFace, await claveEmpresa(s));
    } catch (error) {
      return { consultadas: 0, actualizadas: 0, error: (error as Error).message };
    }
  }
  const filas = await s.pick(
    { id: e.idRegistro, numero: e.numeroRegistro, estado: e.estadoCliente },
    e,
    porConsultarFace(),
  );
  const out: ConsultaFace = { consultadas: 0, actualizadas: 0 };
  for (let i = 0; i < filas.length; i += 500) {
    const tramo = filas.slice(i, i + 500);
    const r = await face.consultarListadoFacturas(tramo.map((f) => f.numero ?? ''));
    if (r.tipo !== 'ok') return { ...out, error: r.tipo === 'rechazo' ? r.descripcion : r.mensaje };
    const hoy = hoyEspana();
    for (const c of cambiosDe(tramo, r.resultado)) {
      await s.update(
        e,
        { estadoCliente: c.estado, fechaEstadoCliente: hoy, motivoEstadoCliente: c.motivo },
        eq(e.idRegistro, c.id),
      );
      out.actualizadas++;
    }
    const ids = tramo.map((f) => f.id);
    await s.update(e, { consultado: new Date().toISOString() }, inArray(e.idRegistro, ids));
    out.consultadas += ids.length;
  }
  return out;
}

/** The rows whose FACe status differs from the stored one: their new status and the body's reason. */
export function cambiosDe(
  filas: readonly { id: number; numero: string | null; estado: string | null }[],
  respuesta: readonly EstadoListadoFace[],
): { id: number; estado: string; motivo: string | null }[] {
  const porNumero = new Map(respuesta.map((x) => [x.numeroRegistro, x]));
  return filas.flatMap((f) => {
    const t = porNumero.get(f.numero ?? '');
    const codigo = t?.codigo === '0' ? t.tramitacion.codigo : '';
    if (!esCodigoEstadoFace(codigo) || ESTADOS_FACE[codigo].estado === f.estado) return [];
    return [{ id: f.id, estado: ESTADOS_FACE[codigo].estado, motivo: t?.tramitacion.motivo || null }];
  });
}
