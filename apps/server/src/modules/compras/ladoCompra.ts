import {
  CONVERSIONES_COMPRA,
  documentoCompraSchema,
  ESTADOS_COMPRA,
  formatAmount,
  MSG_COMPRAS,
  plantillaRecurrenteCompraSchema,
  SERIE_COMPRA,
  TIPOS_DOCUMENTO_COMPRA,
  type TipoDocumentoCompra,
} from '@faro/domain';
import {
  documentosCompra,
  documentosCompraLineas,
  facturasRecurrentesCompraGeneradas,
  pagosCompra,
  plantillasRecurrentesCompra,
  plantillasRecurrentesCompraLineas,
  proveedoresTable,
  stockDocumentosCompra,
  vencimientosCompra,
} from '../../platform/tenancy/tables.ts';
import type { EntradaDocumento, LadoDocumentos } from '../documentos/lado.ts';
import { nombresTercero, resumenPagos } from '../documentos/lado.ts';
import { motorDocumentos } from '../documentos/motor.ts';
import { alCambiarPago } from '../efactura/estados/estados.ts';
import { alCargarCompra, antesDeGuardar, antesDeRegistrar, despuesDeGuardar, entradaCompra } from './recibidas.ts';

/**
 * The purchases side of the document engine: supplier orders → delivery notes (goods received: stock
 * in) → received invoices, registered with our own gapless number (series of kind facturacompra) and keeping the
 * supplier's number and date. The purchase modules declare the rest on top of this: expenses, recurring purchases, payments,
 * due dates, the received-invoice book, lots.
 */
export const LADO_COMPRA: LadoDocumentos = {
  lado: 'compra',
  area: 'compras',
  historial: 'doccomprahist',
  tablas: { cabecera: documentosCompra, lineas: documentosCompraLineas, stock: stockDocumentosCompra },
  recursos: TIPOS_DOCUMENTO_COMPRA,
  estados: ESTADOS_COMPRA,
  conversiones: CONVERSIONES_COMPRA,
  destinos: {
    acompra: 'albaran',
    albaran: 'albaran',
    fcompra: 'factura',
    factura: 'factura',
  },
  estadoServido: 'Recibido',
  seriesDe: (tipo) => [SERIE_COMPRA[tipo as TipoDocumentoCompra] ?? tipo],
  tipoNuevo: (tipos) => tipos[0]!,
  tercero: { table: proveedoresTable, campo: 'Proveedor', noExiste: MSG_COMPRAS.proveedorNoExiste },
  json: {
    ...nombresTercero('Proveedor'),
    TxtLibre: 'ComprasTxtLibre',
    EstadoCobro: 'EstadoPago',
    NumTercero: 'NumFacturaProveedor',
    FechaTercero: 'FechaFacturaProveedor',
  },
  // Payments to suppliers (`movstesoreriap`) and due dates from the payment method, written on registering (H1).
  pagos: {
    tablas: { pagos: pagosCompra, vencimientos: vencimientosCompra },
    ruta: 'movstesoreriap',
    estados: { liquidado: 'Pagado', parcial: 'Pagado parcialmente' },
    resumen: resumenPagos('pago'),
    mensajes: {
      noEmitida: 'Sólo se pueden pagar facturas registradas y no anuladas',
      excede: (pendiente) => `El pago supera el importe pendiente de la factura (${formatAmount(pendiente)})`,
    },
    editable: true,
    alCambiarEstado: alCambiarPago,
  },
  // PDF and e-mail (H1): a received invoice prints the supplier as issuer, our registration and its number.
  documento: {
    tercero: 'Proveedor',
    titulos: { pedido: 'PEDIDO DE COMPRA', albaran: 'ALBARÁN DE COMPRA', factura: 'FACTURA RECIBIDA' },
    nombres: { pedido: 'pedido de compra', albaran: 'albarán de compra', factura: 'factura recibida' },
    plantilla: { pedido: 'pedidocompra', albaran: 'albarancompra', factura: 'facturacompra' },
    emisorTercero: (h) => h.tipo === 'factura',
    mensajes: {
      sinEmail: 'El proveedor no tiene email: indica la dirección en «Para»',
      borrador: 'Registra la factura antes de enviarla',
    },
  },
  // Recurring purchase invoices and expenses (H1): drafts, or registered with our number, on the job runner.
  recurrentes: {
    tablas: {
      plantillas: plantillasRecurrentesCompra,
      lineas: plantillasRecurrentesCompraLineas,
      generadas: facturasRecurrentesCompraGeneradas,
    },
    recursos: ['fcomprarec', 'fgastorec'],
    label: 'Factura de compra recurrente',
    lista: 'Facturas de compra recurrentes',
    permission: 'ComprasRecurr',
    module: 'ActComprasRecurrentes',
    cuerpo: plantillaRecurrenteCompraSchema,
    acciones: ['borrador', 'emitir'],
    accionNoValida: 'La acción debe ser crear borrador o registrar',
  },
  cuerpo: documentoCompraSchema,
  aEntrada: entradaCompra as (body: never) => EntradaDocumento,
  emision: {
    accion: 'registrar',
    resumen: 'Registrar la factura recibida',
    estado: 'Registrada',
    yaHecha: MSG_COMPRAS.yaRegistrada,
    inmutable: MSG_COMPRAS.registradaInmutable,
    noHecha: MSG_COMPRAS.noRegistrada,
    anularNoPermitido: MSG_COMPRAS.anularNoPermitido,
    variosTerceros: MSG_COMPRAS.variosProveedores,
    // recibidas.ts: supplier's number, DUA, typed totals against the computed ones.
    antesDelNumero: antesDeRegistrar,
  },
  // recibidas.ts: the purchase data of received invoices and expenses, lots on receipt.
  guardar: { antes: antesDeGuardar, despues: despuesDeGuardar },
  alCargar: alCargarCompra,
  stock: {
    signo: 1,
    mueve: (h, comoEmitida) =>
      (h.tipo === 'albaran' && h.estado === 'Recibido') || (h.tipo === 'factura' && (h.numero !== null || comoEmitida)),
    titulo: { albaran: 'Albarán de compra', factura: 'Factura de compra', gasto: 'Gasto' },
    motivo: { mueve: 'entrada de mercancía', devuelve: 'devolución al proveedor' },
  },
};

export const motorCompra = motorDocumentos(LADO_COMPRA);
