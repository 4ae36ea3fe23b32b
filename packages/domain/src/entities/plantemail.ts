import { defineEntity } from './defineEntity.ts';

export const TIPOS_PLANTILLA_EMAIL = [
  { value: 'general', label: 'General' },
  { value: 'presupuesto', label: 'Envío de presupuesto' },
  { value: 'pedido', label: 'Envío de pedido' },
  { value: 'albaran', label: 'Envío de albarán' },
  { value: 'factura', label: 'Envío de factura' },
  { value: 'recordatorio', label: 'Recordatorio de cobro' },
  { value: 'bienvenida', label: 'Bienvenida' },
  { value: 'marketing', label: 'Campaña de marketing' },
] as const;

/**
 * E-mail templates. The body is edited with the rich-text editor (spec section 9: height 300, Spanish, pasting
 * images and drops blocked); the server keeps only an allow-list of formatting tags.
 */
export const plantemail = defineEntity({
  name: 'plantemail',
  area: 'comunicaciones',
  label: 'Plantilla de email',
  labelPlural: 'Plantillas de email',
  gender: 'f',
  permission: 'MarketCorreos',
  nav: { area: 'marketing', title: 'Plantillas de correo' },
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    Nombre: {
      kind: 'text',
      label: 'Nombre',
      required: true,
      maxLength: 100,
      list: true,
      search: true,
      sortable: true,
      unique: true,
    },
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_PLANTILLA_EMAIL, required: true, list: true, filter: true },
    Asunto: { kind: 'text', label: 'Asunto', required: true, maxLength: 200, list: true, search: true },
    Cuerpo: {
      kind: 'richText',
      label: 'Texto',
      maxLength: 100_000,
      help: 'Marcadores: {Nombre}, {Documento}, {Importe}, {Vencimiento}',
    },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
