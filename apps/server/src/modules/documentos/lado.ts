import type { DestinoConversion, ModuleFlag, PermissionCode, TipoIva } from '@faro/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import type { Marcador } from '../../platform/tenancy/plantilla.ts';
import type { PredicadoEmpresa, Scope } from '../../platform/tenancy/scope.ts';
import type {
  Cabecera,
  EntityTable,
  Linea,
  TablaCabecera,
  TablaLineas,
  TablaPagos,
  TablaStock,
  TablasPlantilla,
  TablaVencimientos,
} from '../../platform/tenancy/tables.ts';

export type { Cabecera, Linea };

/** A resource of a side: its URL segment, the kinds it lists, permission code and module gate (spec section 6). */
export interface RecursoDocumento {
  tipos: readonly string[];
  label: string;
  permission: PermissionCode;
  module?: ModuleFlag | undefined;
}

/**
 * A save body in the engine's neutral words: `Tercero` is the customer or supplier, `TxtLibre*` the side's free
 * texts, `NumTercero`/`FechaTercero` the party's own number and date (a received invoice's). Each side turns its
 * body (Cliente / Proveedor…) into this (`aEntrada`).
 */
export interface EntradaDocumento {
  Tercero: number;
  Fecha: string;
  Serie?: number | null | undefined;
  Estado?: string | null | undefined;
  Simplificada?: boolean | null | undefined;
  IdCentro?: number | null | undefined;
  IdFormaPago?: number | null | undefined;
  IdComercial?: number | null | undefined;
  DireccionEnvio?: string | null | undefined;
  Observaciones?: string | null | undefined;
  TxtLibre1?: string | null | undefined;
  TxtLibre2?: string | null | undefined;
  TxtLibre3?: string | null | undefined;
  NumTercero?: string | null | undefined;
  FechaTercero?: string | null | undefined;
  PorcRetencion?: string | null | undefined;
  Lineas: LineaEntrada[];
}

export interface LineaEntrada {
  Id?: unknown;
  IdProducto?: number | null | undefined;
  Descripcion: string;
  Cantidad: string;
  Precio: string;
  Descuento?: string | null | undefined;
  TipoIva: string;
  Lote?: string | null | undefined;
  Caducidad?: string | null | undefined;
  IdLineaOrigen?: number | null | undefined;
}

/** The JSON names of the header fields that depend on the side (the rest are the same on both). */
export interface NombresJson {
  Tercero: string;
  TerceroNombre: string;
  TerceroNIF: string;
  TerceroDireccion: string;
  TerceroCodPostal: string;
  TerceroPoblacion: string;
  TerceroProvincia: string;
  TerceroPais: string;
  TxtLibre: string;
  EstadoCobro: string;
  /** The party's own number and date (purchases: NumFacturaProveedor / FechaFacturaProveedor); absent on sales. */
  NumTercero?: string;
  FechaTercero?: string;
}

/** The party's header names on a side: `Tercero<X>` is `<parte><X>` (Cliente, ClienteNombre…; Proveedor…). */
export function nombresTercero(parte: 'Cliente' | 'Proveedor') {
  return {
    Tercero: parte,
    TerceroNombre: `${parte}Nombre`,
    TerceroNIF: `${parte}NIF`,
    TerceroDireccion: `${parte}Direccion`,
    TerceroCodPostal: `${parte}CodPostal`,
    TerceroPoblacion: `${parte}Poblacion`,
    TerceroProvincia: `${parte}Provincia`,
    TerceroPais: `${parte}Pais`,
  } satisfies Partial<NombresJson>;
}

/** The audit summaries of a side's payments, named by its word for one ('cobro', 'pago'). */
export function resumenPagos(uno: 'cobro' | 'pago'): LadoPagos['resumen'] {
  const Uno = `${uno[0]!.toUpperCase()}${uno.slice(1)}`;
  return {
    lista: `${Uno}s`,
    ver: Uno,
    registrar: `Registrar un ${uno}`,
    cambiar: `Cambiar un ${uno}`,
    borrar: `Borrar un ${uno}`,
  };
}

/**
 * Payments and due dates of a side's invoices (engine parts `pagos.ts`, `vencimientos.ts`): sales collections
 * (`movstesoreriac`, Cobrado) and purchase payments (`movstesoreriap`, Pagado).
 */
export interface LadoPagos {
  tablas: { pagos: TablaPagos; vencimientos: TablaVencimientos };
  /** /api/tesoreria/<ruta>/… */
  ruta: string;
  /** The invoice's status words (EstadoCobro / EstadoPago) and the JSON name of an instalment's settled amount. */
  estados: { liquidado: string; parcial: string };
  resumen: { lista: string; ver: string; registrar: string; cambiar: string; borrar: string };
  mensajes: { noEmitida: string; excede: (pendiente: string) => string };
  /** Whether `save/{id}` changes a payment in place (purchases); sales collections are recorded or deleted. */
  editable: boolean;
  /** After every payment change of an invoice, with its new status, in the same transaction (a received e-invoice reports «pagada»). */
  alCambiarEstado?: (t: Scope, idFactura: number, estado: string) => Promise<void>;
}

/** Recurring invoices of a side (engine parts `plantillas.ts`, `recurrentes.ts`): fventarec; fcomprarec, fgastorec. */
export interface LadoRecurrentes {
  tablas: TablasPlantilla;
  /** The resources serving the templates (an alias serves the same ones). */
  recursos: readonly string[];
  label: string;
  lista: string;
  permission: PermissionCode;
  /** The module gate; the job generates only for companies with it on. */
  module: ModuleFlag;
  /** The save body (domain schema; the party's field is the side's `json.Tercero`). */
  cuerpo: z.ZodType;
  /** What a generated period may do (borrador, emitir, enviar). */
  acciones: readonly string[];
  accionNoValida: string;
}

/** PDF and e-mail of a side's documents (engine parts `pdf.ts`, `envio.ts`). */
export interface LadoDocumento {
  /** The party's label on the PDF (Cliente / Proveedor). */
  tercero: string;
  /** The PDF's title per kind. */
  titulos: Record<string, string>;
  /** The kind's name in e-mail texts ({{tipo}}). */
  nombres: Record<string, string>;
  /** The `plantemail` Tipo per kind (also the PDF file's prefix); 'general' templates for the others. */
  plantilla: Readonly<Record<string, string>>;
  /** Whether the party issued the document (a received invoice): the PDF shows it as the issuer, us as recipient. */
  emisorTercero?: (h: Cabecera) => boolean;
  /** Draws the side's QR in the top-right box; false when the document has none (sales: VeriFactu). */
  qr?: (doc: PDFKit.PDFDocument, s: Scope, id: number) => Promise<boolean>;
  mensajes: { sinEmail: string; borrador: string };
}

/** The route context of side hooks. */
export interface ContextoRutas {
  app: FastifyInstance;
  deps: AppDeps;
  recurso: string;
  def: RecursoDocumento;
  base: string;
  cargar: (s: Scope, id: number) => Promise<Record<string, unknown>>;
}

/**
 * A side of the document engine: everything that differs between sales and purchases is declared here;
 * the engine (`modules/documentos`) does the rest — header, lines, totals (domain `calcularTotales`), series and
 * gapless numbering, conversions with pending quantities, history, stock moves, the routes.
 */
/**
 * A read of issuing's next steps folded into `preparar`'s one statement (fewer round trips per issue): a
 * scalar sub-select answering ONE json value, which may use the party's row `t`. It is written with placeholders
 * whose names start with `<nombre>_` (the template is built once per set of names); its answer comes back in
 * `lecturas[nombre]` (null when the sub-select finds no row).
 */
export interface LecturaPrevia {
  /** Lowercase letters and digits. */
  nombre: string;
  sql: (p: Marcador, de: PredicadoEmpresa) => SQL;
  valores: Record<string, unknown>;
}

/**
 * The row the numbering statement locks after the counter (`PasoNumerado.bloqueo`). That statement is a template
 * (SQL text built once per shape), so the fragment is written with placeholders (`p('…')`, names of its
 * own, e.g. `bloqueo_instalacion`) and their values travel beside it; `clave` names the fragment's shape.
 */
export interface BloqueoNumerado {
  clave: string;
  sql: (p: Marcador, de: PredicadoEmpresa, tras: SQL) => SQL;
  valores: Record<string, unknown>;
}

/** The side's work that needs the number, prepared before it (`emision.prepararDespuesDelNumero`). */
export interface PasoNumerado {
  /**
   * A SELECT of ONE column `bloqueado` (a json row) ending FOR UPDATE, run inside the numbering statement as a
   * LATERAL join after the header's UPDATE: `tras` (true once the number is stamped) must be ANDed into its WHERE, so
   * the row is locked AFTER the series counter (fixed lock order). No row: `paso` gets null and locks it itself.
   */
  bloqueo?: BloqueoNumerado;
  /**
   * Instead of `bloqueo`: the side's numbered work written INSIDE the numbering statement, so that nothing but the
   * commit follows it under the counter. `paso` then gets its answer as `bloqueado`.
   */
  escritura?: EscrituraNumerada;
  /** Its answer (sales: the record's cotejo URL) reaches `alCargarEmitida`. */
  paso: (t: Scope, hecha: Cabecera, bloqueado: unknown) => Promise<unknown>;
}

/**
 * Data-modifying CTEs appended to the numbering statement after `n` (the counter: `numero`, `num_serie`, `digitos`)
 * and `d` (the numbered header, RETURNING d.*). A row they lock must be reached through `d` (after the counter: fixed
 * lock order). `resultado` is one json expression over them (null when they wrote nothing: `paso` then does the work
 * the slow way). A template like `BloqueoNumerado`: placeholders of its own names, values beside it.
 */
export interface EscrituraNumerada {
  clave: string;
  /** `name as (…), name as (…)`: joined to the statement's WITH list after `d`. */
  ctes: (p: Marcador, de: PredicadoEmpresa) => SQL;
  resultado: (p: Marcador, de: PredicadoEmpresa) => SQL;
  valores: Record<string, unknown>;
}

export interface LadoDocumentos {
  /** venta | compra (tables documentos_<lado>…). */
  lado: string;
  /** URL area: /api/<area>/<recurso>/… */
  area: string;
  /** The chain route: /api/<area>/<historial>/<recurso>/:id (docventahist, doccomprahist). */
  historial: string;
  tablas: { cabecera: TablaCabecera; lineas: TablaLineas; stock: TablaStock };
  recursos: Record<string, RecursoDocumento>;
  /** Statuses per kind (the first is the initial one). */
  estados: Record<string, readonly string[]>;
  /** Origin kind → kinds it converts into. */
  conversiones: Partial<Record<string, readonly string[]>>;
  /** `convertir` body's Destino (a resource or a kind) → destination kind. */
  destinos: Record<string, DestinoConversion>;
  /** An order with nothing left to deliver takes this status (Entregado / Recibido). */
  estadoServido: string;
  /** The series kinds (series.TipoDocumento) a document kind may number in; the first is its default's. */
  seriesDe: (tipo: string) => string[];
  /** The kind of a new document of a resource (fventa: factura or simplificada). */
  tipoNuevo: (tipos: readonly string[], input: EntradaDocumento) => string;
  tercero: {
    table: EntityTable;
    /** The body field that names it (Cliente / Proveedor): where its errors go. */
    campo: string;
    noExiste: string;
    /** Side rules on the party and the lines (sales: exemptions by the customer's VAT regime). */
    comprobar?: (tercero: Record<string, unknown>, input: EntradaDocumento, tipos: TipoIva[]) => void;
  };
  json: NombresJson;
  pagos: LadoPagos;
  documento: LadoDocumento;
  recurrentes: LadoRecurrentes;
  /** The save body: parsed by `cuerpo`, turned into the engine's words by `aEntrada`. */
  cuerpo: z.ZodType;
  aEntrada: (body: never) => EntradaDocumento;
  /** Issuing (sales) / registering (purchases) an invoice: the action's URL and the status it sets. */
  emision: {
    accion: string;
    resumen: string;
    estado: string;
    yaHecha: string;
    inmutable: string;
    noHecha: string;
    anularNoPermitido: string;
    variosTerceros: string;
    /** Checks on the recomputed invoice (sales: the simplified-invoice limit, the recipient's NIF). */
    comprobar?: (h: Cabecera, op: Record<string, unknown>) => void;
    /** Work after the totals are recomputed, before the number (the engine writes the due dates there first). */
    antesDelNumero?: (t: Scope, h: Cabecera, op: Record<string, unknown>) => Promise<void>;
    /** After the number, same transaction (sales: the VeriFactu record). */
    despuesDelNumero?: (t: Scope, h: Cabecera) => Promise<void>;
    /**
     * `despuesDelNumero` in two halves: called before the number with the recomputed invoice, it reads what the work
     * needs (outside the counter lock) and returns the work itself (`paso`), run once the number is taken (under the
     * locks: keep it to a few statements). `bloqueo`, when given, is a row the numbering statement itself locks and
     * reads right after the counter (one round trip less under the lock; sales: the VeriFactu chain head). Used
     * instead of `despuesDelNumero` when given.
     */
    prepararDespuesDelNumero?: (
      t: Scope,
      h: Cabecera,
      leido: unknown,
      /** The series the number will come from (its printed prefix). */
      serie: { prefijo: string },
    ) => Promise<PasoNumerado>;
    /** What `prepararDespuesDelNumero` reads, folded into the first statement (its answer comes as `leido`). */
    lectura?: (t: Scope, h: Cabecera) => LecturaPrevia;
  };
  stock: {
    /** -1 takes goods out (sales), +1 brings them in (purchases). */
    signo: 1 | -1;
    /** Whether a document moves stock now: sales a delivery note Enviado / an issued invoice. */
    mueve: (h: Cabecera, comoEmitida: boolean) => boolean;
    titulo: Record<string, string>;
    motivo: { mueve: string; devuelve: string };
  };
  /**
   * Side work inside a save's transaction (purchases: a received invoice's own data, `datos_compra`): `antes` checks
   * and completes the body in the engine's words before it is prepared (`id` on an update); `despues` runs once the
   * document is written.
   */
  guardar?: {
    antes?: (t: Scope, recurso: string, input: EntradaDocumento, body: unknown, id?: number) => Promise<void>;
    despues?: (t: Scope, recurso: string, id: number, body: unknown) => Promise<void>;
  };
  /** After a cancellation, same transaction (sales: the VeriFactu annulment record). */
  alAnular?: (t: Scope, h: Cabecera) => Promise<void>;
  /** Extra fields of `edit/{id}` (sales: the invoice's QR URL; the engine adds an invoice's Vencimientos). */
  alCargar?: (s: Scope, recurso: string, h: Cabecera, json: Record<string, unknown>) => Promise<void>;
  /**
   * The same extra fields for the answer of the issuing route, from what the issuing's numbered step answered
   * (`PasoNumerado.paso`) instead of reading them again; false when it cannot (then `alCargar` runs).
   */
  alCargarEmitida?: (recurso: string, h: Cabecera, json: Record<string, unknown>, resultadoPaso: unknown) => boolean;
}
