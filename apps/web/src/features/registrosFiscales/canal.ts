/**
 * A channel of fiscal records (VeriFactu, TicketBAI/LROE, the e-invoice channels) as the screens of this folder
 * read it: where its API hangs, its labels, its columns and the few texts that differ. The queue, the settings,
 * the viewer's blocks and the QR are one implementation; a channel is a declaration of this shape.
 */
import type { PermissionCode } from '@faro/domain';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';

/** How a state is shown: its label and the badge's colour. */
export interface EstadoVista {
  label: string;
  color: string;
}

/** The submission states every channel's records go through. */
export type EstadoRegistro = 'generado' | 'enviado' | 'conerrores' | 'rechazado' | 'anulado';

export const ESTADOS_REGISTRO: Record<EstadoRegistro, EstadoVista> = {
  generado: { label: 'Pendiente', color: 'blue' },
  enviado: { label: 'Aceptado', color: 'green' },
  conerrores: { label: 'Aceptado con errores', color: 'yellow' },
  rechazado: { label: 'Rechazado', color: 'red' },
  anulado: { label: 'Anulado', color: 'gray' },
};

/** What the shared screens read of any channel's queue row. */
export interface FilaFiscal {
  Id: number;
  Clase: string;
  Estado: EstadoRegistro;
  ImporteTotal: string | null;
}

/** What every channel's `…/estado` answers: the destination, whether a certificate is in, the count per state. */
export interface EnvioFiscal {
  Destino: string | null;
  /** Truthy when the company's certificate is stored (a flag or its description). */
  Certificado: unknown;
  Cuentas: Record<EstadoRegistro, number>;
}

/** What every channel's settings hold besides its own fields. */
export interface ConfigFiscal {
  Entorno: 'pruebas' | 'produccion';
  Url: string | null;
  Destino: string | null;
  Certificado: { Nombre: string | null; Subido: string | null } | null;
}

/** The answer of `POST …/enviar`: how many records went, and the verdicts when the channel gives them. */
export interface RespuestaEnvio {
  Enviados: number;
  Aceptados?: number;
  Rechazados?: number;
  Error?: string | null;
}

/** The answer of `GET …/verificar`: every chain recomputed, with the records that do not match. */
export interface VerificacionVista {
  Valida: boolean;
  Registros: number;
  Cadenas: {
    Instalacion: string;
    Registros: number;
    Valida: boolean;
    Incidencias: { Id: number; Mensaje: string }[];
  }[];
}

/** A text column of a row: the field it reads (the column's accessor) and how it is written. */
export interface CampoTexto<F> {
  campo: string;
  texto: (r: F) => string;
}

/** A settings field: a text input, or a choice when it has options (shown only when `visible` says so). */
export type CampoConfig<C> =
  | { clave: keyof C & string; label: string; maxLength?: number; description?: string }
  | {
      clave: keyof C & string;
      label: string;
      opciones: { value: string; label: string }[];
      visible?: (inicial: C) => boolean;
    };

/** What the screens read of a channel's rows: their number, date, kind, state and error code, and where one opens. */
export interface VistaFilas<F extends FilaFiscal> {
  /** The screen of one record. */
  rutaRegistro: (id: number) => string;
  estados: Record<EstadoRegistro, EstadoVista>;
  /** The kinds of record (alta, anulación…) and their labels. */
  clases: Record<string, string>;
  numero: CampoTexto<F>;
  fecha: CampoTexto<F>;
  /** The error code of the last answer, shown beside the state. */
  codigoError: (r: F) => string | number | null;
}

export interface CanalFiscal<F extends FilaFiscal, E extends EnvioFiscal, C extends ConfigFiscal>
  extends VistaFilas<F> {
  /** As the headings name it: "Configuración VeriFactu". */
  nombre: string;
  /** The API base (`ventas/fventaverifactu`): list, estado, enviar, verificar, config and certificado hang from it. */
  ruta: string;
  /** The query-cache entity of every query of the channel (one invalidation refreshes them all). */
  entidad: string;
  /** The feature whose level opens the screens, sends and configures. */
  permiso: PermissionCode;
  /** An instant (sent, generated, certificate uploaded) as the channel's screens write it. */
  fechaHora: (iso: string | null) => string;
  cola: {
    /** Newest first: the server reads a missing Descendente as ascending. */
    descendente: boolean;
    buscar: string;
    /** The label of the kind of record (column and filter). */
    clase: string;
    vacio: string;
    /** The queue's columns, from the shared ones (`c`) and the channel's own. */
    columnas: (c: ColumnasComunes<F>) => DataTableColumn<F>[];
    /** Offers "Comprobar cadena" (`GET …/verificar`). */
    comprobarCadena: boolean;
    mensajeEnvio: (r: RespuestaEnvio) => string;
    /** The destination, certificate and last-send lines under the count per state. */
    panel: (e: E) => ReactNode;
  };
  config: {
    intro: (inicial: C) => string;
    campos: CampoConfig<C>[];
    /** The switch that sends to the real service instead of `Url`. */
    envio: { clave: keyof C & string; label: string };
    /** Shows the destination the server derived from the settings. */
    destinoActual: boolean;
    certificado: string;
  };
}

/** The columns every queue has, written once: the record's number, date, kind, amount and state. */
export interface ColumnasComunes<F> {
  factura: DataTableColumn<F>;
  fecha: DataTableColumn<F>;
  clase: DataTableColumn<F>;
  importe: DataTableColumn<F>;
  estado: DataTableColumn<F>;
}

/** The settings field of the service's environment: tests or production. */
export const campoEntorno = <C extends ConfigFiscal>(label: string, pruebas: string): CampoConfig<C> => ({
  clave: 'Entorno',
  label,
  opciones: [
    { value: 'pruebas', label: pruebas },
    { value: 'produccion', label: 'Producción' },
  ],
});

/** The settings field of a destination other than the real service (a local simulator), used when not sending. */
export const otroDestino = <C extends ConfigFiscal>(servicio: string): CampoConfig<C> => ({
  clave: 'Url',
  label: 'Otro destino (p. ej. simulador local)',
  description: `Solo se usa si no se envía al servicio de ${servicio}`,
});
