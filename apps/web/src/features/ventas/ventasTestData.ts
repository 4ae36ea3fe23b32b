import { json, type mockFetch } from '../../test/render.tsx';
import type { DocumentoVenta } from '../documentos/documentosModel.ts';

/** Fixtures of the sales screens' tests: VAT types, a customer, a product and documents in several statuses. */
export const list = (items: unknown[]) => () => json(200, { Items: items, Total: items.length });

export const TIPOS = [
  {
    Id: 1,
    Valor: 'IVA21',
    Descripcion: 'IVA 21 %',
    Impuesto: 'IVA',
    PorcentajeIva: '21.00',
    PorcentajeRecargo: '5.20',
    GeneraRecargo: true,
    Baja: false,
  },
  {
    Id: 2,
    Valor: 'IVA10',
    Descripcion: 'IVA 10 %',
    Impuesto: 'IVA',
    PorcentajeIva: '10.00',
    PorcentajeRecargo: '1.40',
    GeneraRecargo: true,
    Baja: false,
  },
];

export const CLIENTE = { Id: 7, Codigo: '000007', Nombre: 'Ferretería Ana SL', NIF: 'B12345674', Baja: false };
export const PRODUCTO = {
  Id: 9,
  Codigo: 'MART',
  Descripcion: 'Martillo de carpintero',
  PrecioVenta: '12.5',
  IdTipoIva: 1,
  Baja: false,
};

export function documento(over: Partial<DocumentoVenta> = {}): DocumentoVenta {
  return {
    Id: 5,
    Tipo: 'factura',
    Cliente: 7,
    ClienteNombre: 'Ferretería Ana SL',
    ClienteNIF: 'B12345674',
    ClienteDireccion: 'Calle Mayor 1',
    ClienteCodPostal: '28001',
    ClientePoblacion: 'Madrid',
    ClienteProvincia: 'Madrid',
    RegimenIva: 'general',
    Fecha: '2026-03-02',
    Serie: null,
    Numero: null,
    NumSerie: null,
    Estado: 'Provisional',
    Facturado: false,
    EstadoCobro: 'Pendiente',
    IdFormaPago: null,
    Observaciones: null,
    VentasTxtLibre1: null,
    VentasTxtLibre2: null,
    VentasTxtLibre3: null,
    PorcRetencion: '0.00',
    BaseImponible: '21.00',
    TotalIva: '4.41',
    TotalRecargo: '0.00',
    TotalRetencion: '0.00',
    Total: '25.41',
    Desglose: [
      {
        TipoIva: 'IVA21',
        PorcentajeIva: '21.00',
        PorcentajeRecargo: '0.00',
        Base: '21.00',
        Cuota: '4.41',
        CuotaRecargo: '0.00',
      },
    ],
    Lineas: [
      {
        Id: 50,
        IdProducto: null,
        Descripcion: 'Martillo',
        Cantidad: '2.000',
        Precio: '10.500000',
        Descuento: '0.00',
        TipoIva: 'IVA21',
        Importe: '21.00',
      },
    ],
    ...over,
  };
}

/** The catalogues every editor reads. */
export function catalogos(): Parameters<typeof mockFetch>[0] {
  return {
    'GET configuracion/tiposiva/list': list(TIPOS),
    'GET configuracion/configura/list': list([{ Id: 1, VentasTxtLibre1: 'Garantía de 2 años', IdTipoIva: 1 }]),
    'GET configuracion/series/list': list([
      { Id: 1, Codigo: 'F', Descripcion: 'Facturas', TipoDocumento: 'factura', Defecto: true, Baja: false },
    ]),
    'GET configuracion/fpago/list': list([{ Id: 3, Descripcion: 'Transferencia', Baja: false }]),
    'GET catalogo/productos/list': list([PRODUCTO]),
    'GET ventas/clientes/list': list([CLIENTE]),
    'GET tesoreria/tesoreria/list': list([{ Id: 2, Nombre: 'Caja', Baja: false }]),
    'GET tesoreria/movstesoreriac/list': list([]),
  };
}

/** An open quote (number 3) and an issued invoice (number 4): the two documents most action tests start from. */
export const PRESUPUESTO = documento({
  Tipo: 'presupuesto',
  Estado: 'Activo',
  Numero: 3,
  NumSerie: 'P2026-0003',
  EstadoCobro: null,
});
export const EMITIDA = documento({ Numero: 4, NumSerie: 'F2026-0004', Estado: 'Emitida' });
