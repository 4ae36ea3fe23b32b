import { PROVINCIAS } from '../reference/provincias.ts';
import { spanishAddress } from '../validation/entityRules.ts';
import { BAJA, CODIGO_OBLIGATORIO, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Warehouses (stock module). Stock lives per product and warehouse in `stock`; changes in `movimientosstock`. */
export const almacenes = defineEntity({
  name: 'almacenes',
  area: 'catalogo',
  label: 'Almacén',
  labelPlural: 'Almacenes',
  gender: 'm',
  permission: 'CataAlmacen',
  module: 'ActStock',
  nav: { area: 'catalogo' },
  defaultOrder: 'Codigo',
  titleField: 'Nombre',
  rules: [spanishAddress('CodPostal', 'Provincia', 'Pais')],
  fields: {
    Codigo: CODIGO_OBLIGATORIO,
    Nombre: { ...NOMBRE, maxLength: 100 },
    Direccion: { kind: 'text', label: 'Dirección', maxLength: 200 },
    CodPostal: { kind: 'code', label: 'Código postal', maxLength: 10 },
    Poblacion: { kind: 'text', label: 'Población', maxLength: 100, list: true },
    Provincia: { kind: 'enum', label: 'Provincia', options: PROVINCIAS },
    Pais: { kind: 'code', label: 'País', maxLength: 2 },
    IdCentro: { kind: 'reference', label: 'Centro', ref: 'centros', filter: true },
    PermitirNegativo: {
      kind: 'boolean',
      label: 'Permitir stock negativo',
      help: 'Si no, un movimiento que deje el stock por debajo de cero se rechaza',
    },
    Baja: BAJA,
  },
});
