import type { InfoEmpresa, PermissionCode } from '@faro/domain';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { FormApi } from '../../ui/form/useForm.ts';
import type { DocumentoVenta, DocValues } from './documentosModel.ts';
import type { TotalesVista } from './TotalesCard.tsx';

/** A resource of a side (`fventa`, `fcompra`…): its words and the kind a new one is. */
export interface RecursoWeb {
  plural: string;
  singular: string;
  nuevo: string;
  tipo: string;
  permission: PermissionCode;
}

/** What the side adds to the editor (a received invoice: the supplier's number and date, the paper's totals). */
export interface ExtraEditorProps {
  form: FormApi<DocValues>;
  doc?: DocumentoVenta;
  tipo: string;
  readOnly: boolean;
  totales: TotalesVista;
}

/**
 * One side of the document screens (the web twin of the server's `LadoDocumentos`): sales and purchases share every
 * component of `features/documentos`; a side only says its words, routes, statuses and JSON names. The editor's
 * values use the sales names (Cliente, VentasTxtLibre1, EstadoCobro…); `json` renames them to the side's API names
 * on the way out and back (`desdeApi` / `haciaApi`), so one model serves both sides.
 */
export interface LadoWeb {
  lado: 'venta' | 'compra';
  /** API area (`ventas/{recurso}/…`, `compras/{recurso}/…`) and the chain route (`docventahist`). */
  area: string;
  historial: string;
  recursos: Record<string, RecursoWeb>;
  recursoDeTipo: Record<string, string>;
  etiquetaTipo: Record<string, string>;
  estados: Record<string, readonly string[]>;
  conversiones: Partial<Record<string, readonly string[]>>;
  /** The series kinds (series.TipoDocumento) that may number a document kind. */
  seriesDe: (tipo: string) => string[];
  /** The party: label ('Cliente' / 'Proveedor'), its list path and entity (searched), its edit path (e-mail). */
  tercero: { etiqueta: string; plural: string; path: string; entidad: string; ficha: string };
  /** Editor name → API name where they differ (purchases: Cliente → Proveedor, EstadoCobro → EstadoPago…). */
  json: Record<string, string>;
  /** Issuing (sales) or registering (purchases) an invoice. */
  emision: {
    accion: string;
    boton: string;
    titulo: string;
    explica: string;
    hecha: (numero: string) => string;
    soloLectura: string;
    /** The one-step action: issue (register) and collect (pay) the whole total. */
    botonYPago: string;
    hechaYPago: (numero: string) => string;
  };
  /** Collections (sales) or payments (purchases) of an invoice. */
  pago: {
    entidad: string;
    ruta: string;
    estados: readonly string[];
    titulo: string;
    /** The list filter's label ('Cobro' / 'Pago'). */
    filtro: string;
    boton: string;
    hecho: string;
    pagado: string;
    ninguno: string;
  };
  rectificar: boolean;
  simplificada: boolean;
  pdf: boolean;
  /** Free texts of the company's configuration (`VentasTxtLibre1..3`). */
  textosConfigurados: boolean;
  /** Lists to refresh after any change of a document (conversions touch the origin too). */
  invalidar: readonly string[];
  /** A card beside the totals of an invoice (VeriFactu's QR) and when it shows. */
  panelFactura?: {
    conPanel: (info: InfoEmpresa, doc: DocumentoVenta | undefined) => boolean;
    Panel: ComponentType<{ doc: DocumentoVenta }>;
  };
  /** Fields after the header (the received invoice's supplier number and date, the paper's totals). */
  Extra?: ComponentType<ExtraEditorProps>;
  /** Extra save-body fields from the editor's values. */
  cuerpoExtra?: (v: DocValues, tipo: string) => Record<string, unknown>;
  /** Extra editor values from a loaded document. */
  valoresExtra?: (d: DocumentoVenta | undefined) => Record<string, unknown>;
  /** Actions of a list beside its "new" button (purchases: the phone's ticket mode). */
  AccionesLista?: ComponentType<{ recurso: string }>;
  /** A hook drawing extra badges in a list row's status (purchases: a received e-invoice's clock), one call per page. */
  useInsigniasLista?: (rows: readonly DocumentoVenta[]) => (d: DocumentoVenta) => ReactNode;
}

const LadoContext = createContext<LadoWeb | null>(null);
export const LadoProvider = LadoContext.Provider;

/** The side of the document screens being drawn. */
export function useLado(): LadoWeb {
  const lado = useContext(LadoContext);
  if (!lado) throw new Error('Pantalla de documentos sin lado (LadoProvider)');
  return lado;
}

/** An API document in the editor's names (a sales one is unchanged). */
export function desdeApi<T>(lado: LadoWeb, raw: T): T {
  if (!raw || typeof raw !== 'object' || Object.keys(lado.json).length === 0) return raw;
  const r = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { ...r };
  for (const [nuestro, suyo] of Object.entries(lado.json)) {
    if (Object.hasOwn(r, suyo)) {
      out[nuestro] = r[suyo];
      delete out[suyo];
    }
  }
  return out as T;
}

/** A save body or filter in the side's API names. */
export function haciaApi(lado: LadoWeb, body: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(lado.json).length === 0) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[lado.json[k] ?? k] = v;
  return out;
}

export const rutaDe = (lado: LadoWeb, recurso: string) => `${lado.area}/${recurso}`;
