import { BAJA, OBSERVACIONES } from './commonFields.ts';
import { contactFields, contactRules, grupoField, CONTACT_SECTIONS as S } from './contactFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Potential customers (leads); `convertir/{id}` turns one into a customer in one click. */
export const clientespot = defineEntity({
  name: 'clientespot',
  area: 'ventas',
  label: 'Cliente potencial',
  labelPlural: 'Clientes potenciales',
  gender: 'm',
  permission: 'ConClientes',
  nav: { area: 'contactos' },
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  sections: [S.datos, S.direccion, S.contacto, S.comercial, S.notas],
  rules: contactRules,
  fields: {
    ...contactFields,
    IdGrupo: grupoField,
    IdComercial: { kind: 'reference', label: 'Comercial', ref: 'comerciales', filter: true, section: S.comercial },
    IdSegmento: { kind: 'reference', label: 'Segmento', ref: 'segmentacion', filter: true, section: S.comercial },
    Origen: {
      kind: 'text',
      label: 'Origen',
      maxLength: 100,
      help: 'Cómo llegó: web, feria, recomendación…',
      filter: true,
      section: S.comercial,
    },
    Observaciones: { ...OBSERVACIONES, section: S.notas },
    IdCliente: {
      kind: 'reference',
      label: 'Cliente',
      ref: 'clientes',
      readOnly: true,
      list: true,
      help: 'El cliente en el que se convirtió',
      section: S.comercial,
    },
    FechaConversion: { kind: 'datetime', label: 'Convertido el', readOnly: true, section: S.comercial },
    Baja: { ...BAJA, section: S.datos },
  },
});
