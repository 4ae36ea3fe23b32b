import { CONVERSIONES, ESTADOS_COBRO, ESTADOS_VENTA, RECURSOS_VENTA, TIPOS_DOCUMENTO_VENTA } from '@faro/domain';
import { ETIQUETA_TIPO, RECURSO_DE_TIPO, RECURSOS } from '../documentos/documentosModel.ts';
import type { LadoWeb } from '../documentos/lado.ts';
import { useEnviosLista } from '../efactura/envio/EstadoEnvioFactura.tsx';
import { conVerifactu, VerifactuFactura } from './VerifactuFactura.tsx';

/** The sales side of the document screens: customers, issuing (VeriFactu), collections, tariffs, PDF and e-mail. */
export const LADO_VENTA: LadoWeb = {
  lado: 'venta',
  area: 'ventas',
  historial: 'docventahist',
  recursos: Object.fromEntries(
    RECURSOS_VENTA.map((r) => [r, { ...RECURSOS[r], permission: TIPOS_DOCUMENTO_VENTA[r].permission }]),
  ),
  recursoDeTipo: RECURSO_DE_TIPO,
  etiquetaTipo: ETIQUETA_TIPO,
  estados: ESTADOS_VENTA,
  conversiones: CONVERSIONES,
  seriesDe: (tipo) => [tipo],
  tercero: {
    etiqueta: 'Cliente',
    plural: 'Clientes',
    path: 'ventas/clientes/list',
    entidad: 'clientes',
    ficha: 'ventas/clientes/edit',
  },
  json: {},
  emision: {
    accion: 'emitir',
    boton: 'Emitir',
    titulo: 'Emitir la factura',
    explica: 'Una factura emitida no se puede modificar ni borrar: sólo corregir con una factura rectificativa.',
    hecha: (numero) => `La factura se ha emitido con el número ${numero}`,
    soloLectura: 'Factura emitida: no se puede modificar. Corrígela con una factura rectificativa.',
    botonYPago: 'Emitir y cobrar',
    hechaYPago: (numero) => `La factura se ha emitido con el número ${numero} y se ha cobrado`,
  },
  pago: {
    entidad: 'movstesoreriac',
    ruta: 'tesoreria/movstesoreriac',
    estados: ESTADOS_COBRO,
    titulo: 'Cobros',
    filtro: 'Cobro',
    boton: 'Registrar cobro',
    hecho: 'El cobro se ha registrado correctamente',
    pagado: 'Cobrado',
    ninguno: 'Todavía no hay cobros de esta factura.',
  },
  rectificar: true,
  simplificada: true,
  pdf: true,
  textosConfigurados: true,
  invalidar: ['pventa', 'dventa', 'aventa', 'fventa', 'docventahist', 'movstesoreriac', 'factemitidas'],
  panelFactura: { conPanel: conVerifactu, Panel: VerifactuFactura },
  useInsigniasLista: useEnviosLista,
};
