import {
  ACCION_RECURRENTE_LIST,
  type DocumentoVentaInput,
  documentoVentaSchema,
  ESTADOS_VENTA,
  exencionDeRegimen,
  formatAmount,
  lineasNoExentas,
  MSG_EXENCIONES,
  MSG_RECURRENTES,
  MSG_VENTAS,
  plantillaRecurrenteSchema,
  superaLimiteSimplificada,
  TIPO_PLANTILLA,
  TIPOS_DOCUMENTO_VENTA,
  tieneNifIvaUe,
  usaTicketBai,
} from '@faro/domain';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  type Cabecera,
  clientesTable,
  cobrosVenta,
  documentosVenta,
  documentosVentaLineas,
  facturasRecurrentesGeneradas,
  plantillasRecurrentes,
  plantillasRecurrentesLineas,
  stockDocumentosVenta,
  vencimientosVenta,
} from '../../platform/tenancy/tables.ts';
import type { EntradaDocumento, LadoDocumentos, PasoNumerado } from '../documentos/lado.ts';
import { nombresTercero, resumenPagos } from '../documentos/lado.ts';
import { motorDocumentos } from '../documentos/motor.ts';
import { encolarEfactura } from '../efactura/envio/encolar.ts';
import { prepararAltaTbai, registrarAltaTbai, registrarAnulacionTbai } from '../ticketbai/emision.ts';
import { dibujarQrTicketBai } from '../ticketbai/pdfQr.ts';
import { fijarCosteLineas } from './costeLineas.ts';
import { usaVerifactu } from './verifactu/configuracion.ts';
import { dibujarQrVerifactu } from './verifactu/pdfQr.ts';
import {
  contextoEmision,
  lecturaContexto,
  prepararAlta,
  registrarAlta,
  registrarAnulacion,
  urlQrFactura,
} from './verifactu/registros.ts';

/**
 * Seam for VeriFactu: called inside the issuing transaction once the invoice has its number, before
 * commit. For a VeriFactu company it generates and stores the chained registro de alta (modules/ventas/verifactu).
 */
export async function alEmitirFactura(t: Scope, factura: Cabecera): Promise<void> {
  await registrarAlta(t, factura);
  // TicketBAI: a `tbai`/`lroe` company's signed, chained file (nothing for any other company).
  await registrarAltaTbai(t, factura);
}

/**
 * `alEmitirFactura` in two halves (the engine's `prepararDespuesDelNumero`): before the number it reads the company
 * and what its record needs; the step it returns writes the chained record once the number is taken.
 */
export async function prepararAlEmitirFactura(
  t: Scope,
  h: Cabecera,
  leido?: unknown,
  serie?: { prefijo: string },
): Promise<PasoNumerado> {
  const ctx = await contextoEmision(t, h, leido ?? undefined);
  if (usaVerifactu(ctx.e)) {
    // With the series known, the record is written by the numbering statement itself (`PasoAlta.escritura`).
    const vf = await prepararAlta(t, h, {}, ctx, serie);
    if (vf)
      return {
        bloqueo: vf.bloqueo,
        ...(vf.escritura ? { escritura: vf.escritura } : {}),
        paso: async (tx, hecha, bloqueado) => (await vf.paso(tx, hecha, bloqueado)).urlQr,
      };
  }
  if (usaTicketBai(ctx.e.tipoFacturaElectronica)) {
    // Context, certificate and lines read now; under the counter only the chain, the signature and one statement.
    const tb = await prepararAltaTbai(t, h);
    if (tb) return { paso: async (tx, hecha) => void (await tb.paso(tx, hecha)) };
  }
  return { paso: async () => {} };
}

/** A sales save body (Cliente, VentasTxtLibre*) in the engine's words. */
export function entradaVenta(input: DocumentoVentaInput): EntradaDocumento {
  const { Cliente, VentasTxtLibre1, VentasTxtLibre2, VentasTxtLibre3, ...resto } = input;
  return {
    ...resto,
    Tercero: Cliente,
    TxtLibre1: VentasTxtLibre1,
    TxtLibre2: VentasTxtLibre2,
    TxtLibre3: VentasTxtLibre3,
  } as EntradaDocumento;
}

/**
 * The sales side of the document engine: customers, quotes → orders → delivery notes → invoices (complete,
 * simplified, corrective), issued numbering with the VeriFactu record, due dates and collections, stock out.
 */
export const LADO_VENTA: LadoDocumentos = {
  lado: 'venta',
  area: 'ventas',
  historial: 'docventahist',
  tablas: { cabecera: documentosVenta, lineas: documentosVentaLineas, stock: stockDocumentosVenta },
  recursos: TIPOS_DOCUMENTO_VENTA,
  estados: ESTADOS_VENTA,
  conversiones: {
    presupuesto: ['pedido', 'albaran', 'factura'],
    pedido: ['albaran', 'factura'],
    albaran: ['factura'],
  },
  destinos: {
    dventa: 'pedido',
    pedido: 'pedido',
    aventa: 'albaran',
    albaran: 'albaran',
    fventa: 'factura',
    factura: 'factura',
  },
  estadoServido: 'Entregado',
  seriesDe: (tipo) => (tipo === 'rectificativa' ? ['rectificativa', 'rectificativasimplificada'] : [tipo]),
  tipoNuevo: (tipos, input) => (tipos[0] === 'factura' ? (input.Simplificada ? 'simplificada' : 'factura') : tipos[0]!),
  tercero: {
    table: clientesTable,
    campo: 'Cliente',
    noExiste: MSG_VENTAS.clienteNoExiste,
    comprobar(cliente, input, tipos) {
      const regimen = (cliente.RegimenIva as string | null) ?? null;
      if (exencionDeRegimen(regimen) === 'E5' && !tieneNifIvaUe(cliente))
        throw fieldError('Cliente', MSG_EXENCIONES.sinNifIva);
      if (regimen === 'exento') {
        const [n] = lineasNoExentas(input.Lineas, tipos);
        if (n) throw fieldError(`Lineas[${n - 1}].TipoIva`, MSG_EXENCIONES.clienteExento(n));
      }
    },
  },
  json: {
    ...nombresTercero('Cliente'),
    TxtLibre: 'VentasTxtLibre',
    EstadoCobro: 'EstadoCobro',
  },
  pagos: {
    tablas: { pagos: cobrosVenta, vencimientos: vencimientosVenta },
    ruta: 'movstesoreriac',
    estados: { liquidado: 'Cobrado', parcial: 'Cobrado parcialmente' },
    resumen: resumenPagos('cobro'),
    mensajes: {
      noEmitida: 'Sólo se pueden cobrar facturas emitidas y no anuladas',
      excede: (pendiente) => `El cobro supera el importe pendiente de la factura (${formatAmount(pendiente)})`,
    },
    editable: false,
  },
  documento: {
    tercero: 'Cliente',
    titulos: {
      presupuesto: 'PRESUPUESTO',
      pedido: 'PEDIDO',
      albaran: 'ALBARÁN',
      factura: 'FACTURA',
      simplificada: 'FACTURA SIMPLIFICADA',
      rectificativa: 'FACTURA RECTIFICATIVA',
    },
    nombres: {
      presupuesto: 'presupuesto',
      pedido: 'pedido',
      albaran: 'albarán',
      factura: 'factura',
      simplificada: 'factura simplificada',
      rectificativa: 'factura rectificativa',
    },
    plantilla: TIPO_PLANTILLA,
    // VeriFactu: the issued invoice's QR and its legends.
    qr: async (doc, s, id) => (await dibujarQrTicketBai(doc, s, id)) || dibujarQrVerifactu(doc, s, id),
    mensajes: {
      sinEmail: 'El cliente no tiene email: indica la dirección en «Para»',
      borrador: 'Emite la factura antes de enviarla',
    },
  },
  recurrentes: {
    tablas: {
      plantillas: plantillasRecurrentes,
      lineas: plantillasRecurrentesLineas,
      generadas: facturasRecurrentesGeneradas,
    },
    recursos: ['fventarec'],
    label: 'Factura recurrente',
    lista: 'Facturas recurrentes',
    permission: 'VentasRecurr',
    module: 'ActFactRecurrentes',
    cuerpo: plantillaRecurrenteSchema,
    acciones: ACCION_RECURRENTE_LIST,
    accionNoValida: MSG_RECURRENTES.accion,
  },
  cuerpo: documentoVentaSchema,
  aEntrada: entradaVenta as (body: never) => EntradaDocumento,
  emision: {
    accion: 'emitir',
    resumen: 'Emitir la factura',
    estado: 'Emitida',
    yaHecha: MSG_VENTAS.yaEmitida,
    inmutable: MSG_VENTAS.emitidaInmutable,
    noHecha: MSG_VENTAS.noEmitida,
    anularNoPermitido: MSG_VENTAS.anularNoPermitido,
    variosTerceros: MSG_VENTAS.variosClientes,
    comprobar(h, op) {
      const minorista = op.Minorista === true;
      if (h.tipo === 'simplificada' && superaLimiteSimplificada(h.total, minorista))
        throw badRequest(MSG_VENTAS.limiteSimplificada(minorista ? '3.000' : '400'));
      // A simplified invoice and its corrective (R5) need no recipient NIF; every other invoice does.
      const sinDestinatario = h.tipo === 'simplificada' || (h.tipo === 'rectificativa' && h.tipoRectificativa === 'R5');
      if (!sinDestinatario && !h.terceroNif) throw fieldError('Cliente', MSG_VENTAS.sinNif);
    },
    // The margin's cost of each line, as it stands when the invoice is issued; the e-invoice queued on the
    // customer's channel (before the number: no lock after the ledger's counter).
    antesDelNumero: async (t, h) => {
      await fijarCosteLineas(t, h.id);
      await encolarEfactura(t, h);
    },
    // Seam for VeriFactu: the chained registro de alta, the one step that needs the number.
    despuesDelNumero: alEmitirFactura,
    prepararDespuesDelNumero: prepararAlEmitirFactura,
    lectura: lecturaContexto,
  },
  stock: {
    signo: -1,
    mueve: (h, comoEmitida) =>
      (h.tipo === 'albaran' && h.estado === 'Enviado') ||
      (['factura', 'simplificada', 'rectificativa'].includes(h.tipo) && (h.numero !== null || comoEmitida)),
    titulo: {
      albaran: 'Albarán',
      factura: 'Factura',
      simplificada: 'Factura simplificada',
      rectificativa: 'Factura rectificativa',
    },
    motivo: { mueve: 'salida de mercancía', devuelve: 'devolución al stock' },
  },
  alAnular: async (t, h) => {
    await registrarAnulacion(t, h);
    await registrarAnulacionTbai(t, h);
  },
  async alCargar(s, recurso, h, json) {
    // VeriFactu: the issued invoice carries the cotejo URL of its QR.
    if (recurso === 'fventa' && h.numero !== null) json.UrlQr = await urlQrFactura(s, h.id);
  },
  alCargarEmitida(recurso, _h, json, resultadoPaso) {
    // The same, from the record just written (its step answers its cotejo URL; TicketBAI and none: no URL).
    if (recurso === 'fventa') json.UrlQr = typeof resultadoPaso === 'string' ? resultadoPaso : null;
    return true;
  },
};

export const motorVenta = motorDocumentos(LADO_VENTA);
