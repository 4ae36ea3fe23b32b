/**
 * The client of the AEAT's public e-invoicing solution (SPFE, "Solución Pública de Facturación Electrónica") as the
 * rest of Faro sees it: submit issued invoices (UBL under EN 16931, the readable PDF alongside when it applies),
 * report the statuses of received invoices (accepted, rejected with reason, paid with date), and ask which statuses
 * customers reported on issued invoices. What the regulation makes public (Real Decreto 238/2026 and its drafts):
 * UBL / EN 16931 as the SPFE's syntax, the statuses (acceptance, rejection with reason, full payment with its date),
 * the 4 calendar days to report them. What is not public yet — the wire format (endpoints, message envelope,
 * authentication, error codes, the registry number's shape, rejection reason codes) — lives only in the
 * implementation (`clienteSpfe.ts`, spoken by the local simulator `simuladorSpfe.ts`) and can change without
 * touching the queue, the status events or the screens.
 *
 * Every operation answers; none throws for a transport or service problem (that is an answer, `RespuestaSpfe`).
 */

/** What a receiver reports about an invoice it received. */
export const ESTADOS_SPFE = ['aceptada', 'rechazada', 'pagada'] as const;
export type EstadoSpfe = (typeof ESTADOS_SPFE)[number];

export const NOMBRES_ESTADO_SPFE: Record<EstadoSpfe, string> = {
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
  pagada: 'Pagada',
};

/**
 * Rejection reasons: the regulation asks for a reason but its code list is not public yet; these codes plus free
 * text (`motivo`) travel until it is.
 */
export const MOTIVOS_RECHAZO_SPFE = {
  datos: 'Datos de la factura incorrectos',
  importe: 'Importe incorrecto',
  noCorresponde: 'La factura no corresponde a una operación con el destinatario',
  duplicada: 'Factura duplicada',
  otro: 'Otro motivo',
} as const;
export type MotivoRechazoSpfe = keyof typeof MOTIVOS_RECHAZO_SPFE;

/** The answer to any operation: its result, or why there is none. */
export type RespuestaSpfe<T> =
  | { tipo: 'ok'; resultado: T }
  /** Network, timeout, a service error: nothing is known, try again later. */
  | { tipo: 'transitorio'; mensaje: string }
  /** A configuration fault (no endpoint, credentials refused): nothing goes until it is fixed. */
  | { tipo: 'bloqueo'; mensaje: string; codigo?: string }
  /** The message was refused as a whole (malformed, too large). */
  | { tipo: 'mensaje'; mensaje: string; codigo?: string };

/** An issued invoice to submit. */
export interface FacturaSpfe {
  /** The sender's own reference for this submission (the queue row), echoed in the answer. */
  referencia: string;
  nifEmisor: string;
  nifReceptor: string;
  /** Series and number as issued. */
  numero: string;
  /** Issue date, YYYY-MM-DD. */
  fechaExpedicion: string;
  /** The UBL Invoice / CreditNote under EN 16931. */
  ubl: string;
  /** The readable PDF that goes alongside (first 12 months unless the customer opted out). */
  pdf?: Buffer;
}

/** The SPFE's verdict on one submitted invoice. */
export type PresentacionSpfe =
  | { referencia: string; aceptada: true; idRegistro: string }
  | { referencia: string; aceptada: false; codigo: string; mensaje: string };

/** A status of a received invoice, reported to the issuer through the SPFE. */
export interface EstadoRecibidaSpfe {
  /** The reporter's own reference for this event, echoed in the answer. */
  referencia: string;
  /** The SPFE's registry id of the received invoice, when it came through the SPFE. */
  idRegistro?: string;
  nifEmisor: string;
  nifReceptor: string;
  numero: string;
  fechaExpedicion: string;
  estado: EstadoSpfe;
  /** The status's date (YYYY-MM-DD): the payment's date for 'pagada', the decision's otherwise. */
  fecha: string;
  codigoMotivo?: MotivoRechazoSpfe;
  motivo?: string;
  /** Amount paid, decimal text with a dot, for 'pagada'. */
  importe?: string;
}

/** The SPFE's verdict on one reported status. */
export type ComunicacionSpfe =
  | { referencia: string; aceptado: true }
  | { referencia: string; aceptado: false; codigo: string; mensaje: string };

/** The last status a customer reported on an issued invoice. */
export interface EstadoEmitidaSpfe {
  idRegistro: string;
  estado: EstadoSpfe;
  fecha: string;
  codigoMotivo?: string;
  motivo?: string;
  importe?: string;
}

export interface ClienteSpfe {
  /** Submits issued invoices; one verdict per invoice, in the same order. */
  presentarFacturas(facturas: readonly FacturaSpfe[]): Promise<RespuestaSpfe<PresentacionSpfe[]>>;
  /** Reports statuses of received invoices; one verdict per status, in the same order. */
  comunicarEstados(estados: readonly EstadoRecibidaSpfe[]): Promise<RespuestaSpfe<ComunicacionSpfe[]>>;
  /** The statuses customers reported on these issued invoices (by registry id); the ones with none are left out. */
  consultarEstados(nifEmisor: string, idsRegistro: readonly string[]): Promise<RespuestaSpfe<EstadoEmitidaSpfe[]>>;
}
