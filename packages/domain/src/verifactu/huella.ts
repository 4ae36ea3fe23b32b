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
