import { sha256HexUpper } from './sha256.ts';
import type { Encadenamiento, RegistroAlta, RegistroAnulacion, RegistroFacturacion } from './types.ts';

/**
 * The huella (AEAT "Detalle de las especificaciones técnicas para generación de la huella", compliance-es.md §1.3):
 * SHA-256 over `name=value&name=value…` in a fixed order, field names as in the XML, values trimmed, UTF-8, not
 * XML-escaped, an absent value written as `name=`; uppercase hexadecimal. `PrimerRegistro` is not part of it.
 */

const campo = (name: string, value: string | undefined | null) => `${name}=${(value ?? '').trim()}`;

function huellaAnterior(encadenamiento: Encadenamiento): string {
  return 'RegistroAnterior' in encadenamiento ? encadenamiento.RegistroAnterior.Huella : '';
}

export type CamposHuellaAlta = Pick<
  RegistroAlta,
  'IDFactura' | 'TipoFactura' | 'CuotaTotal' | 'ImporteTotal' | 'Encadenamiento' | 'FechaHoraHusoGenRegistro'
>;
export type CamposHuellaAnulacion = Pick<
  RegistroAnulacion,
  'IDFactura' | 'Encadenamiento' | 'FechaHoraHusoGenRegistro'
>;

/** The hash input of a registro de alta. */
export function cadenaHuellaAlta(r: CamposHuellaAlta): string {
  return [
    campo('IDEmisorFactura', r.IDFactura.IDEmisorFactura),
    campo('NumSerieFactura', r.IDFactura.NumSerieFactura),
    campo('FechaExpedicionFactura', r.IDFactura.FechaExpedicionFactura),
    campo('TipoFactura', r.TipoFactura),
    campo('CuotaTotal', r.CuotaTotal),
    campo('ImporteTotal', r.ImporteTotal),
    campo('Huella', huellaAnterior(r.Encadenamiento)),
    campo('FechaHoraHusoGenRegistro', r.FechaHoraHusoGenRegistro),
  ].join('&');
}

/** The hash input of a registro de anulación. */
export function cadenaHuellaAnulacion(r: CamposHuellaAnulacion): string {
  return [
    campo('IDEmisorFacturaAnulada', r.IDFactura.IDEmisorFacturaAnulada),
    campo('NumSerieFacturaAnulada', r.IDFactura.NumSerieFacturaAnulada),
    campo('FechaExpedicionFacturaAnulada', r.IDFactura.FechaExpedicionFacturaAnulada),
    campo('Huella', huellaAnterior(r.Encadenamiento)),
    campo('FechaHoraHusoGenRegistro', r.FechaHoraHusoGenRegistro),
  ].join('&');
}

/**
 * The hash input of a registro de alta cut around the three values only known once the number and the chain head
 * are (the database joins them in the issuing statement): `[a, b, c, d]` such that the input is
 * `a + NumSerieFactura + b + previous Huella ('' for the first record) + c + FechaHoraHusoGenRegistro + d`, each
 * value already trimmed. Built by `cadenaHuellaAlta` itself, so field order and formats have one source.
 */
export function partesHuellaAlta(r: Omit<CamposHuellaAlta, 'Encadenamiento'>): [string, string, string, string] {
  const marca = ['\u0000N\u0000', '\u0000H\u0000', '\u0000F\u0000'] as const;
  const entera = cadenaHuellaAlta({
    ...r,
    IDFactura: { ...r.IDFactura, NumSerieFactura: marca[0] },
    Encadenamiento: {
      RegistroAnterior: { IDEmisorFactura: '', NumSerieFactura: '', FechaExpedicionFactura: '', Huella: marca[1] },
    },
    FechaHoraHusoGenRegistro: marca[2],
  });
  const [a, resto1] = entera.split(marca[0]) as [string, string];
  const [b, resto2] = resto1.split(marca[1]) as [string, string];
  const [c, d] = resto2.split(marca[2]) as [string, string];
  return [a, b, c, d];
}

export function cadenaHuella(r: RegistroFacturacion): string {
  return r.TipoOperacion === 'Alta' ? cadenaHuellaAlta(r) : cadenaHuellaAnulacion(r);
}

/** The huella a record must carry (64 uppercase hex characters). */
export function calcularHuella(r: RegistroFacturacion): string {
  return sha256HexUpper(cadenaHuella(r));
}

export function huellaAlta(r: CamposHuellaAlta): string {
  return sha256HexUpper(cadenaHuellaAlta(r));
}

export function huellaAnulacion(r: CamposHuellaAnulacion): string {
  return sha256HexUpper(cadenaHuellaAnulacion(r));
}

/** The fields of a registro de evento that enter its huella (NO VERI*FACTU event log). */
export interface CamposHuellaEvento {
  /** SistemaInformatico/NIF (producer); empty when identified by IDOtro. */
  NIFProductor?: string;
  /** SistemaInformatico/IDOtro/ID; empty when identified by NIF. */
  IDProductor?: string;
  IdSistemaInformatico: string;
  Version: string;
  NumeroInstalacion: string;
  /** ObligadoEmision/NIF. */
  NIFObligado: string;
  TipoEvento: string;
  /** The previous event's huella; empty for the first event. */
  HuellaEventoAnterior?: string;
  FechaHoraHusoGenEvento: string;
}

export function cadenaHuellaEvento(e: CamposHuellaEvento): string {
  return [
    campo('NIF', e.NIFProductor),
    campo('ID', e.IDProductor),
    campo('IdSistemaInformatico', e.IdSistemaInformatico),
    campo('Version', e.Version),
    campo('NumeroInstalacion', e.NumeroInstalacion),
    campo('NIF', e.NIFObligado),
    campo('TipoEvento', e.TipoEvento),
    campo('HuellaEvento', e.HuellaEventoAnterior),
    campo('FechaHoraHusoGenEvento', e.FechaHoraHusoGenEvento),
  ].join('&');
}

export function huellaEvento(e: CamposHuellaEvento): string {
  return sha256HexUpper(cadenaHuellaEvento(e));
}
