import { z } from 'zod';
import { opcionesPorIndice } from '../fields/enumOptions.ts';
import { MSG } from '../validation/messages.ts';
import { requiredString } from '../validation/password.ts';

/** Spec section 4: message processing 0 Pendiente, 1 Procesando, 2 Procesado (3: error, with its reason). */
export const ESTADOS_MENSAJE = opcionesPorIndice('Pendiente', 'Procesando', 'Procesado', 'Error');
export const CANALES = ['email', 'sms'] as const;
export type Canal = (typeof CANALES)[number];

export const ESTADOS_CAMPANA: Record<string, string> = {
  borrador: 'Borrador',
  programada: 'Programada',
  enviando: 'Enviando',
  enviada: 'Enviada',
};

export const MSG_MARKETING = {
  sinDestinatarios: 'El segmento no tiene destinatarios para este canal',
  yaEnviada: 'La campaña ya se ha enviado',
  sinServidor: 'No hay servidor de correo configurado',
  sinPasarela: 'No hay pasarela de SMS configurada',
  interrumpido: 'Envío interrumpido: no se reintenta para no enviarlo dos veces',
  bajaHecha: 'Te has dado de baja de nuestras comunicaciones comerciales. No volverás a recibirlas.',
  bajaNoValida: 'El enlace de baja no es válido',
} as const;

/** Placeholders of a template: {Nombre} and friends, replaced per recipient (unknown ones stay as written). */
export function sustituirMarcadores(texto: string, datos: Record<string, string | null | undefined>): string {
  return texto.replace(/\{(\w+)\}/g, (m, k: string) => (datos[k] != null ? String(datos[k]) : m));
}

// GSM 03.38 basic set and its extension table (each extension character takes two septets).
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXT = '^{}\\[~]|€\f';

/** An SMS's encoding, length in its units and parts: GSM-7 160 (153 per part), UCS-2 70 (67 per part). */
export function contarSms(texto: string): { Codificacion: 'GSM-7' | 'UCS-2'; Longitud: number; Partes: number } {
  let septetos = 0;
  let gsm = true;
  for (const ch of texto) {
    if (GSM7.includes(ch)) septetos += 1;
    else if (GSM7_EXT.includes(ch)) septetos += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm)
    return {
      Codificacion: 'GSM-7',
      Longitud: septetos,
      Partes: septetos <= 160 ? (septetos ? 1 : 0) : Math.ceil(septetos / 153),
    };
  const unidades = texto.length; // UTF-16 code units
  return { Codificacion: 'UCS-2', Longitud: unidades, Partes: unidades <= 70 ? 1 : Math.ceil(unidades / 67) };
}

export const campanaSchema = z.object({
  Nombre: requiredString('Nombre', 150),
  IdPlantilla: z.coerce.number().int().positive().nullish(),
  Asunto: z
    .string()
    .trim()
    .max(200, { error: MSG.maxLength('Asunto', 200) })
    .nullish(),
  Cuerpo: requiredString('Texto', 100_000),
  IdSegmentacion: z.coerce
    .number({ error: MSG.required('Segmento') })
    .int()
    .positive({ error: MSG.required('Segmento') }),
  Programada: z.iso.datetime({ offset: true, error: MSG.format }).nullish(),
  /** E-mail campaigns: measure openings with a tracking pixel. */
  Pixel: z.boolean().optional().default(false),
});
export type CampanaInput = z.infer<typeof campanaSchema>;

export const reglasSegmentoSchema = z.object({
  TipoContacto: z.enum(['t', 'c', 'p']).default('t'),
  IdGrupo: z.coerce.number().int().positive().nullish(),
  Provincia: z.string().trim().max(60).nullish(),
});
