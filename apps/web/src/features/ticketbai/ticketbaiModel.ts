/** Shapes of `/api/impuestos/lroefactemitidas/…` and `/api/impuestos/lroefactrecibidas/…`, and the screens' labels. */

import { ESTADOS_REGISTRO, type EstadoRegistro, type EstadoVista } from '../registrosFiscales/canal.ts';

export const RUTA_TBAI = 'impuestos/lroefactemitidas';
export const RUTA_LROE_R = 'impuestos/lroefactrecibidas';
export const ENTIDAD_TBAI = 'lroefactemitidas';
export const ENTIDAD_LROE_R = 'lroefactrecibidas';

export type EstadoTbai = EstadoRegistro;

/** A received invoice's LROE state: not yet in a submission ('pendiente'), then a record's states. */
export const ESTADOS_LROE_RECIBIDAS: Record<EstadoTbai | 'pendiente', EstadoVista> = {
  pendiente: { label: 'Sin enviar', color: 'gray' },
  ...ESTADOS_REGISTRO,
};

export const CLASES_TBAI: Record<string, string> = { alta: 'Alta', anulacion: 'Anulación' };

export interface FicheroFila {
  Id: number;
  Clase: 'alta' | 'anulacion';
  Provincia: string;
  IdFactura: number | null;
  Serie: string;
  Numero: string;
  Fecha: string;
  Secuencia: number | null;
  Identificador: string | null;
  ImporteTotal: string | null;
  Estado: EstadoTbai;
  Intentos: number;
  CodigoError: string | null;
  DescripcionError: string | null;
  NumeroRegistro: string | null;
  Enviado: string | null;
  UrlQr: string | null;
  Creado: string;
}

export interface FicheroVista extends FicheroFila {
  SignatureValue: string;
  FirmaAnterior: string | null;
  Firmante: string | null;
  Politica: string | null;
  Anterior: { Id: number; Serie: string; Numero: string; Fecha: string } | null;
  Cadena: { Valida: boolean; Incidencias: string[] };
  Xml: string;
}

export interface ConfigTbai {
  Provincia: string;
  ProvinciaNombre: string;
  Licencia: string;
  NifDesarrollador: string;
  NombreSoftware: string;
  Version: string;
  Dispositivo: string | null;
  Entorno: 'pruebas' | 'produccion';
  EnvioReal: boolean;
  Url: string | null;
  ModeloLroe: '240' | '140';
  Destino: string | null;
  Certificado: { Nombre: string | null; Subido: string | null } | null;
}

export interface EstadoTbaiVista extends ConfigTbai {
  UltimoEnvio: string | null;
  UltimoResultado: { enviados: number; aceptados: number; rechazados: number; error: string | null } | null;
  Cuentas: Record<EstadoTbai, number>;
}

export interface RecibidaFila {
  Id: number;
  NumSerie: string | null;
  NumFacturaProveedor: string | null;
  Fecha: string;
  Proveedor: string;
  NIF: string | null;
  BaseImponible: string;
  TotalIva: string;
  Total: string;
  Estado: EstadoTbai | 'pendiente';
  CodigoError: string | null;
  DescripcionError: string | null;
  NumeroRegistro: string | null;
}

/** yyyy-mm-dd → dd/mm/yyyy. */
export const fechaTexto = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '—');
export const fechaHoraTexto = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-ES', { timeZone: 'Europe/Madrid' }) : '—';
export const numeroTexto = (f: Pick<FicheroFila, 'Serie' | 'Numero'>) => `${f.Serie}${f.Numero}`;
