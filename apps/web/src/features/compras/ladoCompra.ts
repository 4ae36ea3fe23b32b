import { CONVERSIONES_COMPRA, ESTADOS_COMPRA, ESTADOS_PAGO, SERIE_COMPRA, TIPOS_DOCUMENTO_COMPRA } from '@faro/domain';
import type { LadoWeb, RecursoWeb } from '../documentos/lado.ts';
import { usePlazosLista } from '../efactura/estados/PlazosLista.tsx';
import { cuerpoRecibida, FacturaRecibidaExtra, valoresRecibida } from './FacturaRecibidaExtra.tsx';
import { BotonTicket } from './TicketGasto.tsx';

const recurso = (
  r: keyof typeof TIPOS_DOCUMENTO_COMPRA,
  plural: string,
  singular: string,
  nuevo: string,
  tipo: string,
): RecursoWeb => ({
  plural,
  singular,
  nuevo,
  tipo,
  permission: TIPOS_DOCUMENTO_COMPRA[r].permission,
});

/**
 * The purchases side of the document screens: suppliers, orders → delivery notes (goods in) → received invoices
 * registered with our number (the supplier's number, date and the paper's totals beside them), payments
 * (`tesoreria/movstesoreriap`), the purchase price of a picked product. Expenses (`fgasto`) have their own quick form.
 */
export const LADO_COMPRA: LadoWeb = {
  lado: 'compra',
  area: 'compras',
  historial: 'doccomprahist',
  recursos: {
    dcompra: recurso('dcompra', 'Pedidos de compra', 'Pedido de compra', 'Nuevo pedido de compra', 'pedido'),
    acompra: recurso('acompra', 'Albaranes de compra', 'Albarán de compra', 'Nuevo albarán de compra', 'albaran'),
    fcompra: recurso('fcompra', 'Facturas y gastos', 'Factura recibida', 'Nueva factura recibida', 'factura'),
    fgasto: recurso('fgasto', 'Gastos', 'Gasto', 'Nuevo gasto', 'gasto'),
  },
  recursoDeTipo: { pedido: 'dcompra', albaran: 'acompra', factura: 'fcompra', gasto: 'fgasto' },
  etiquetaTipo: {
    pedido: 'Pedido de compra',
    albaran: 'Albarán de compra',
    factura: 'Factura recibida',
    gasto: 'Gasto',
  },
  estados: ESTADOS_COMPRA,
  conversiones: CONVERSIONES_COMPRA,
  seriesDe: (tipo) => [SERIE_COMPRA[tipo as keyof typeof SERIE_COMPRA] ?? tipo],
  tercero: {
    etiqueta: 'Proveedor',
    plural: 'Proveedores',
    path: 'compras/proveedores/list',
    entidad: 'proveedores',
    ficha: 'compras/proveedores/edit',
  },
  json: {
    Cliente: 'Proveedor',
    ClienteNombre: 'ProveedorNombre',
    ClienteNIF: 'ProveedorNIF',
    ClienteDireccion: 'ProveedorDireccion',
    ClienteCodPostal: 'ProveedorCodPostal',
    ClientePoblacion: 'ProveedorPoblacion',
    ClienteProvincia: 'ProveedorProvincia',
    ClientePais: 'ProveedorPais',
    VentasTxtLibre1: 'ComprasTxtLibre1',
    VentasTxtLibre2: 'ComprasTxtLibre2',
    VentasTxtLibre3: 'ComprasTxtLibre3',
    EstadoCobro: 'EstadoPago',
  },
  emision: {
    accion: 'registrar',
    boton: 'Registrar',
    titulo: 'Registrar la factura recibida',
    explica:
      'Es nuestro número de registro (el orden del libro de facturas recibidas). Una factura registrada no se puede modificar ni borrar.',
    hecha: (numero) => `La factura se ha registrado con el número ${numero}`,
    soloLectura: 'Factura registrada: no se puede modificar.',
    botonYPago: 'Registrar y pagar',
    hechaYPago: (numero) => `La factura se ha registrado con el número ${numero} y se ha pagado`,
  },
  pago: {
    entidad: 'movstesoreriap',
    ruta: 'tesoreria/movstesoreriap',
    estados: ESTADOS_PAGO,
    titulo: 'Pagos',
    filtro: 'Pago',
    boton: 'Registrar pago',
    hecho: 'El pago se ha registrado correctamente',
    pagado: 'Pagado',
    ninguno: 'Todavía no hay pagos de esta factura.',
  },
  rectificar: false,
  simplificada: false,
  pdf: true,
  textosConfigurados: false,
  invalidar: ['dcompra', 'acompra', 'fcompra', 'fgasto', 'doccomprahist', 'movstesoreriap', 'factrecibidas'],
  Extra: FacturaRecibidaExtra,
  cuerpoExtra: cuerpoRecibida,
  valoresExtra: valoresRecibida,
  AccionesLista: BotonTicket,
  useInsigniasLista: usePlazosLista,
};
