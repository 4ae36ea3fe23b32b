/**
 * One side of the collections / payments screens and of the invoice book: sales (collections `movstesoreriac`,
 * the issued-invoice book `factemitidas`) and purchases (payments `movstesoreriap`, the received-invoice book
 * `factrecibidas`). The screens are the same; a side says its words, routes and JSON names.
 */
export interface LadoPagos {
  /** The movements' entity and API path. */
  entidad: string;
  ruta: string;
  /** 'cobro' / 'pago', its plural and the saved message. */
  nombre: string;
  plural: string;
  guardado: string;
  /** The party's label and the JSON name of its name in the rows. */
  tercero: string;
  terceroNombre: string;
  terceroNif: string;
  /** The invoices paid: list path, their editor, the filter of those that can be paid, the status field. */
  facturas: { ruta: string; entidad: string; editar: string; filtro: Record<string, unknown>; estado: string };
  pagado: string;
  /** The overdue invoices tab (sales only for now). */
  vencidas?: { ruta: string; entidad: string };
  /**
   * The invoice book: its entity and API path, words, and its number columns — the JSON names of the book's own
   * rows (an issued invoice has one number; a received one the registration number and the supplier's number).
   */
  libro: {
    entidad: string;
    ruta: string;
    vacio: string;
    total: string;
    numeros: { campo: string; etiqueta: string }[];
  };
}

export const LADO_COBROS: LadoPagos = {
  entidad: 'movstesoreriac',
  ruta: 'tesoreria/movstesoreriac',
  nombre: 'cobro',
  plural: 'Cobros',
  guardado: 'El cobro se ha guardado correctamente',
  tercero: 'Cliente',
  terceroNombre: 'ClienteNombre',
  terceroNif: 'ClienteNIF',
  facturas: {
    ruta: 'ventas/fventa',
    entidad: 'fventa',
    editar: '/fventa/editar/',
    filtro: { Estado: 'Emitida' },
    estado: 'EstadoCobro',
  },
  pagado: 'Cobrado',
  vencidas: { ruta: 'ventas/fventa/vencidas', entidad: 'fventavencidas' },
  libro: {
    entidad: 'factemitidas',
    ruta: 'impuestos/factemitidas',
    vacio: 'No hay facturas emitidas en el periodo',
    total: 'Total facturado',
    numeros: [{ campo: 'NumSerie', etiqueta: 'Número' }],
  },
};

export const LADO_PAGOS: LadoPagos = {
  entidad: 'movstesoreriap',
  ruta: 'tesoreria/movstesoreriap',
  nombre: 'pago',
  plural: 'Pagos',
  guardado: 'El pago se ha guardado correctamente',
  tercero: 'Proveedor',
  terceroNombre: 'ProveedorNombre',
  terceroNif: 'ProveedorNIF',
  facturas: {
    ruta: 'compras/fcompra',
    entidad: 'fcompra',
    editar: '/fcompra/editar/',
    filtro: { Estado: 'Registrada' },
    estado: 'EstadoPago',
  },
  pagado: 'Pagado',
  vencidas: { ruta: 'compras/fcompra/vencidas', entidad: 'fcompravencidas' },
  libro: {
    entidad: 'factrecibidas',
    ruta: 'impuestos/factrecibidas',
    vacio: 'No hay facturas recibidas en el periodo',
    total: 'Total de facturas recibidas',
    numeros: [
      { campo: 'NumRegistro', etiqueta: 'Nº registro' },
      { campo: 'NumFactura', etiqueta: 'Nº factura' },
    ],
  },
};
