import { enumOptions } from '../fields/enumOptions.ts';
import { barcode } from '../validation/entityRules.ts';
import { BAJA, CODIGO_AUTOMATICO, cuenta, OBSERVACIONES } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

export const TRAZABILIDADES = enumOptions({
  ninguna: 'Sin trazabilidad',
  lote: 'Lote o número de serie',
  lotefecha: 'Lote y fecha de caducidad',
});

export const TIPOS_PRODUCTO = enumOptions({ producto: 'Producto', servicio: 'Servicio' });

const S = {
  datos: 'Datos generales',
  precios: 'Precios e impuestos',
  stock: 'Stock y trazabilidad',
  contabilidad: 'Contabilidad',
} as const;

/** Products and services of the catalogue. Documents will point at them: delete only marks Baja. */
export const productos = defineEntity({
  name: 'productos',
  area: 'catalogo',
  label: 'Producto',
  labelPlural: 'Productos y servicios',
  gender: 'm',
  permission: 'CataProdServ',
  nav: { area: 'catalogo' },
  defaultOrder: 'Codigo',
  titleField: 'Descripcion',
  softDelete: true,
  sections: [S.datos, S.precios, S.stock, S.contabilidad],
  rules: [barcode('CodigoBarras')],
  fields: {
    Codigo: { ...CODIGO_AUTOMATICO, maxLength: 30, section: S.datos },
    Descripcion: {
      kind: 'text',
      label: 'Descripción',
      required: true,
      maxLength: 200,
      list: true,
      search: true,
      sortable: true,
      section: S.datos,
    },
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_PRODUCTO, list: true, filter: true, section: S.datos },
    IdFamilia: {
      kind: 'reference',
      label: 'Familia',
      ref: 'familias',
      list: true,
      filter: true,
      section: S.datos,
    },
    CodigoBarras: {
      kind: 'code',
      label: 'Código de barras',
      maxLength: 30,
      search: true,
      help: 'EAN-13, EAN-8 o el código propio',
      section: S.datos,
    },
    Unidad: { kind: 'text', label: 'Unidad de medida', maxLength: 10, help: 'ud, h, kg, m…', section: S.datos },
    PrecioVenta: {
      kind: 'money',
      label: 'Precio de venta',
      scale: 4,
      min: 0,
      list: true,
      sortable: true,
      section: S.precios,
    },
    PrecioCompra: { kind: 'money', label: 'Precio de compra', scale: 4, min: 0, section: S.precios },
    IdTipoIva: { kind: 'reference', label: 'Tipo de IVA', ref: 'tiposiva', filter: true, section: S.precios },
    ControlStock: { kind: 'boolean', label: 'Controla stock', filter: true, section: S.stock },
    StockMinimo: { kind: 'decimal', label: 'Stock mínimo', scale: 3, min: 0, section: S.stock },
    Trazabilidad: {
      kind: 'enum',
      label: 'Trazabilidad',
      options: TRAZABILIDADES,
      filter: true,
      section: S.stock,
    },
    CuentaVentas: {
      ...cuenta('Cuenta de ventas'),
      help: 'Vacía: la de la familia o la de la empresa',
      section: S.contabilidad,
    },
    CuentaCompras: { ...cuenta('Cuenta de compras'), section: S.contabilidad },
    Observaciones: { ...OBSERVACIONES, section: S.datos },
    Baja: { ...BAJA, section: S.datos },
  },
});
