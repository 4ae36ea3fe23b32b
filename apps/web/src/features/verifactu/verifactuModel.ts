/** Shapes of `/api/ventas/fventaverifactu/…` and the labels of the VeriFactu screens. */

import { fechaHoraEspana } from '@faro/domain';
import type { EstadoRegistro } from '../registrosFiscales/canal.ts';

export const RUTA_VF = 'ventas/fventaverifactu';
export const ENTIDAD_VF = 'fventaverifactu';
export const PERMISO_VF = 'VentasVeriFactu';
export const TITULO_VISOR = 'Visor VeriFactu';

export type EstadoVf = EstadoRegistro;
export type ClaseVf = 'alta' | 'anulacion' | 'subsanacion';

export const CLASES_VF: Record<ClaseVf, string> = {
  alta: 'Alta',
  anulacion: 'Anulación',
  subsanacion: 'Subsanación',
};

export const TIPOS_FACTURA_VF: Record<string, string> = {
  F1: 'F1 · Factura',
  F2: 'F2 · Simplificada',
  F3: 'F3 · Sustitutiva de simplificadas',
  R1: 'R1 · Rectificativa (art. 80.1, 80.2 y error)',
  R2: 'R2 · Rectificativa (art. 80.3)',
  R3: 'R3 · Rectificativa (art. 80.4)',
  R4: 'R4 · Rectificativa (resto)',
  R5: 'R5 · Rectificativa de simplificada',
};

export interface RegistroFila {
  Id: number;
  Clase: ClaseVf;
  TipoOperacion: 'Alta' | 'Anulacion';
  IdFactura: number | null;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: string | null;
  CuotaTotal: string | null;
  ImporteTotal: string | null;
  Huella: string;
  FechaHoraHusoGenRegistro: string;
  Estado: EstadoVf;
  Instalacion: string;
  Secuencia: number;
  CodigoErrorRegistro: number | null;
  UrlQr: string | null;
}

export interface ErrorAeatVista {
  Codigo: number;
  Explicacion: string;
  Campo: string;
  Efecto: 'envio' | 'registro' | 'aceptado';
}

export interface RegistroVista extends RegistroFila {
  HuellaAnterior: string | null;
  Anterior: { Id: number; NumSerieFactura: string; Clase: ClaseVf; Huella: string } | null;
  Cadena: { Valida: boolean; Incidencias: string[] };
  Registro: Record<string, unknown>;
  Xml: string;
  Respuesta: {
    Intentos: number;
    Enviado: string | null;
    CSV: string | null;
    CodigoErrorRegistro: number | null;
    DescripcionErrorRegistro: string | null;
    Retrasado: boolean;
    Error: ErrorAeatVista | null;
  } | null;
}

export interface EstadoEnvioVista {
  Incidencia: boolean;
  Bloqueo: { Codigo?: number; Mensaje: string } | null;
  SiguienteEnvio: string | null;
  FallosSeguidos: number;
  UltimoEnvio: string | null;
  UltimoResultado: {
    Fecha: string;
    Tipo: string;
    EstadoEnvio?: string;
    Mensaje?: string;
    Registros: number;
  } | null;
  Destino: string | null;
  Certificado: boolean;
  Cuentas: Record<EstadoVf, number>;
}

export interface ConfiguracionVista {
  ProductorNombre: string;
  ProductorNIF: string;
  NombreSistemaInformatico: string;
  IdSistemaInformatico: string;
  Version: string;
  NumeroInstalacion: string;
  Entorno: 'pruebas' | 'produccion';
  EnvioAeat: boolean;
  Url: string | null;
  Destino: string | null;
  Certificado: { Nombre: string | null; Subido: string | null } | null;
}

export const EFECTOS_AEAT: Record<ErrorAeatVista['Efecto'], string> = {
  envio: 'Rechaza el envío completo',
  registro: 'Rechaza este registro',
  aceptado: 'Registro aceptado con errores',
};

/** "3C464DAF…38F12F60" */
export const huellaCorta = (h: string | null | undefined) => (h ? `${h.slice(0, 8)}…${h.slice(-8)}` : '—');

/** dd-mm-yyyy → dd/mm/yyyy */
export const fechaAeatTexto = (f: string) => f.replace(/-/g, '/');

/**
 * A record's own instant as written ("2026-11-02T10:20:30+01:00" → "02/11/2026 10:20:30 (+01:00)"); any other
 * instant (server timestamps, ISO in UTC) in Spain's mainland time.
 */
export function fechaHoraTexto(v: string | null | undefined, conZona = true): string {
  if (!v) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})([+-]\d{2}:\d{2})$/.exec(v);
  if (m) return `${m[3]}/${m[2]}/${m[1]} ${m[4]}${conZona ? ` (${m[5]})` : ''}`;
  const d = new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? v : fechaHoraEspana(d).replace(',', '');
}
