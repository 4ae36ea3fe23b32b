import { defineEntity } from './defineEntity.ts';

const S = { ventas: 'Documentos de venta', defectos: 'Valores por defecto', textos: 'Textos legales' } as const;

/** The company's configuration: one row per company (created on first read), never deleted. */
export const configura = defineEntity({
  name: 'configura',
  area: 'configuracion',
  label: 'Configuración',
  labelPlural: 'Configuración de la empresa',
  gender: 'f',
  permission: 'ConfEmpresa',
  nav: { area: 'configuracion' },
  defaultOrder: 'DiasValidezPresupuesto',
  titleField: 'VentasTxtLibre1',
  sections: [S.ventas, S.defectos, S.textos],
  fields: {
    VentasTxtLibre1: {
      kind: 'text',
      label: 'Texto libre de ventas 1',
      maxLength: 500,
      list: true,
      help: 'Se ofrece en los documentos de venta',
      section: S.ventas,
    },
    VentasTxtLibre2: { kind: 'text', label: 'Texto libre de ventas 2', maxLength: 500, section: S.ventas },
    VentasTxtLibre3: { kind: 'text', label: 'Texto libre de ventas 3', maxLength: 500, section: S.ventas },
    DiasValidezPresupuesto: {
      kind: 'integer',
      label: 'Días de validez de los presupuestos',
      min: 0,
      max: 365,
      list: true,
      section: S.ventas,
    },
    IdFormaPago: { kind: 'reference', label: 'Forma de pago', ref: 'fpago', section: S.defectos },
    IdTipoIva: { kind: 'reference', label: 'Tipo de IVA de los productos', ref: 'tiposiva', section: S.defectos },
    IdTarifa: { kind: 'reference', label: 'Tarifa de los clientes nuevos', ref: 'tarifas', section: S.defectos },
    IdAlmacen: { kind: 'reference', label: 'Almacén', ref: 'almacenes', section: S.defectos },
    IdCuentaTesoreria: { kind: 'reference', label: 'Cuenta de tesorería', ref: 'tesoreria', section: S.defectos },
    EmailCopia: {
      kind: 'email',
      label: 'Copia oculta de los envíos',
      maxLength: 120,
      help: 'Recibe una copia de cada documento enviado por email',
      section: S.defectos,
    },
    PieDocumentos: {
      kind: 'text',
      label: 'Pie de los documentos',
      maxLength: 2000,
      help: 'Datos registrales y otros textos al pie de facturas y presupuestos',
      section: S.textos,
    },
    TextoProteccionDatos: {
      kind: 'text',
      label: 'Cláusula de protección de datos',
      maxLength: 4000,
      section: S.textos,
    },
  },
});
