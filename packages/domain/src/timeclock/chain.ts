import { sha256HexUpper } from '../verifactu/sha256.ts';

/**
 * The time clock's tamper-evident record: a hash chain per employee (person), in the style of VeriFactu's huella
 * (`name=value&…` in a fixed order, values trimmed, UTF-8, SHA-256, uppercase hexadecimal). Each entry stores the
 * previous entry's hash (`HuellaAnterior`, '' for the first) and its own; a row edited in SQL no longer matches its
 * hash, a deleted row leaves the next one pointing at a hash that is not its predecessor's.
 */
export interface EslabonFichaje {
  Id: number;
  Persona: number;
  /** Effective instant (ISO-8601 UTC, milliseconds). */
  Fecha: string;
  /** Server instant of arrival (ISO-8601 UTC). */
  Registrado: string;
  Tipo: string;
  Estado: string;
  MotivoPausa: string | null;
  Origen: string;
  Offline: boolean;
  Corrige: number | null;
  Latitud: string | null;
  Longitud: string | null;
  Ip: string | null;
  Dispositivo: string | null;
  IdCliente: string | null;
}

const campo = (name: string, value: string | number | boolean | null | undefined) =>
  `${name}=${value === null || value === undefined ? '' : String(value).trim()}`;

/** A coordinate as stored (numeric(9,6)): '40.416800'; null stays null. */
export function coordenada(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return Number(value).toFixed(6);
}

/** The fields of an entry in the order its hash input lists them. */
const ORDEN_HUELLA = [
  'Persona',
  'Fecha',
  'Registrado',
  'Tipo',
  'Estado',
  'MotivoPausa',
  'Origen',
  'Offline',
  'Corrige',
  'Latitud',
  'Longitud',
  'Ip',
  'Dispositivo',
  'IdCliente',
  'HuellaAnterior',
] as const;

/**
 * The hash input of one entry. The row id is not part of it (the database gives it on insert); the order of a
 * person's chain is the ids' order, and each link names its predecessor's hash.
 */
export function cadenaFichaje(f: EslabonFichaje, huellaAnterior: string): string {
  const valores = {
    ...f,
    Offline: f.Offline ? 'S' : 'N',
    Latitud: coordenada(f.Latitud),
    Longitud: coordenada(f.Longitud),
    HuellaAnterior: huellaAnterior,
  };
  return ORDEN_HUELLA.map((k) => campo(k, valores[k])).join('&');
}

export function huellaFichaje(f: EslabonFichaje, huellaAnterior: string): string {
  return sha256HexUpper(cadenaFichaje(f, huellaAnterior));
}

export type DefectoCadena = 'alterado' | 'eliminado';

export interface ResultadoCadenaFichajes {
  ok: boolean;
  revisados: number;
  defectos: { Id: number; Persona: number; Fecha: string; Defecto: DefectoCadena; Mensaje: string }[];
}

export const MENSAJE_DEFECTO = {
  alterado: 'El registro se ha modificado después de grabarse (su huella no coincide)',
  eliminado: 'Falta el registro anterior: se ha eliminado un fichaje de la cadena',
} as const satisfies Record<DefectoCadena, string>;

/**
 * Verifies the chains of the given entries (any number of persons), each person's entries in insertion order (Id).
 * A row whose hash does not match its content is 'alterado'; a row whose HuellaAnterior is not the stored hash of
 * its predecessor is 'eliminado' (a row before it was removed, or rows were reordered).
 */
export function verificarCadenaFichajes(
  filas: readonly (EslabonFichaje & { Huella: string | null; HuellaAnterior: string | null })[],
): ResultadoCadenaFichajes {
  const porPersona = new Map<number, (typeof filas)[number][]>();
  for (const f of filas) {
    const list = porPersona.get(f.Persona) ?? [];
    list.push(f);
    porPersona.set(f.Persona, list);
  }
  const defectos: ResultadoCadenaFichajes['defectos'] = [];
  for (const list of porPersona.values()) {
    list.sort((a, b) => a.Id - b.Id);
    let anterior = '';
    for (const f of list) {
      const apuntaA = f.HuellaAnterior ?? '';
      if (apuntaA !== anterior) {
        defectos.push({
          Id: f.Id,
          Persona: f.Persona,
          Fecha: f.Fecha,
          Defecto: 'eliminado',
          Mensaje: MENSAJE_DEFECTO.eliminado,
        });
      }
      if (huellaFichaje(f, apuntaA) !== f.Huella) {
        defectos.push({
          Id: f.Id,
          Persona: f.Persona,
          Fecha: f.Fecha,
          Defecto: 'alterado',
          Mensaje: MENSAJE_DEFECTO.alterado,
        });
      }
      anterior = f.Huella ?? '';
    }
  }
  return { ok: defectos.length === 0, revisados: filas.length, defectos };
}
