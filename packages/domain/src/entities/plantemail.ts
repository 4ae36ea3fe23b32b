import { enumOptions } from '../fields/enumOptions.ts';
import { BAJA, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

export const TIPOS_PLANTILLA_EMAIL = enumOptions({
  general: 'General',
  presupuesto: 'Envío de presupuesto',
  pedido: 'Envío de pedido',
  albaran: 'Envío de albarán',
  factura: 'Envío de factura',
  recordatorio: 'Recordatorio de cobro',
  bienvenida: 'Bienvenida',
  marketing: 'Campaña de marketing',
});

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
    Nombre: { ...NOMBRE, maxLength: 100, unique: true },
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_PLANTILLA_EMAIL, required: true, list: true, filter: true },
    Asunto: { kind: 'text', label: 'Asunto', required: true, maxLength: 200, list: true, search: true },
    Cuerpo: {
      kind: 'richText',
      label: 'Texto',
      maxLength: 100_000,
      help: 'Marcadores: {Nombre}, {Documento}, {Importe}, {Vencimiento}',
    },
    Baja: BAJA,
  },
});
