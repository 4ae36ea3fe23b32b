import { type DocumentoVentaInput, isIsoDate, MSG_VENTAS } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, fieldError } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { col, documentosVenta as dv, seriesTable } from '../../../platform/tenancy/tables.ts';
import { hoy } from '../../documentos/conversiones.ts';
import { motorVenta } from '../ladoVenta.ts';
import { cargarCabecera, cargarLineas, crearDocumento, preparar } from './documentosRepository.ts';
import { comoEntrada, TIPOS_FACTURA } from './emitir.ts';

/** Conversions, the chain and cancellations: the document engine's (`modules/documentos/conversiones.ts`). */
export { convertirBody } from '../../documentos/conversiones.ts';
export const { convertir, historial, anular, asentarAnulacion } = motorVenta;

export const rectificarBody = z.object({
  TipoRectificativa: z.enum(['R1', 'R2', 'R3', 'R4', 'R5'], { error: 'Indica el tipo de rectificativa (R1–R5)' }),
  /** S: substitution (the corrective replaces the original: its lines are copied to be corrected);
   *  I: difference (the lines are the difference; by default the original negated, a full reversal). */
  Modo: z.enum(['S', 'I'], { error: 'Indica el modo: S (sustitución) o I (diferencias)' }),
  Fecha: z.string().refine(isIsoDate).optional(),
});

/** Creates the draft corrective invoice of an issued invoice, in the series set as its series' rectificativa. */
export async function rectificar(t: Scope, id: number, body: z.infer<typeof rectificarBody>) {
  const h = await cargarCabecera(t, id, TIPOS_FACTURA, true);
  if (h.numero === null) throw badRequest(MSG_VENTAS.noEmitida);
  if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.yaAnulada);
  // R5 rectifies simplified invoices (F2, or an R5 itself) and only them; R1–R4 the complete ones (VeriFactu L2).
  const simplificada = h.tipo === 'simplificada' || (h.tipo === 'rectificativa' && h.tipoRectificativa === 'R5');
  if (simplificada && body.TipoRectificativa !== 'R5')
    throw fieldError('TipoRectificativa', MSG_VENTAS.rectificativaR5);
  if (!simplificada && body.TipoRectificativa === 'R5')
    throw fieldError('TipoRectificativa', MSG_VENTAS.r5SoloSimplificadas);
  const fecha = body.Fecha ?? hoy();
  if (fecha < h.fecha) throw fieldError('Fecha', MSG_VENTAS.rectificativaAnterior);
  const sc = (f: string) => col(seriesTable, f);
  const [serie] = await t.pick({ rect: sc('IdSerieRectificativa') }, seriesTable, eq(sc('Id'), h.idSerie as number));
  if (!serie?.rect) throw badRequest(MSG_VENTAS.rectificativaSinSerie);
  const lineas = await cargarLineas(t, [id]);
  const base = comoEntrada(h, lineas);
  const input: DocumentoVentaInput = {
    ...base,
    Fecha: fecha,
    Serie: serie.rect as number,
    Lineas: base.Lineas.map((l) =>
      body.Modo === 'I' ? { ...l, Cantidad: negar(String(l.Cantidad)) } : l,
    ) as DocumentoVentaInput['Lineas'],
  };
  const prep = await preparar(t, input);
  const nuevo = await crearDocumento(t, 'rectificativa', prep, serie.rect as number);
  await t.update(
    dv,
    { idRectificada: id, tipoRectificativa: body.TipoRectificativa, modoRectificativa: body.Modo },
    eq(dv.id, nuevo),
  );
  return nuevo;
}

const negar = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);
