import { LEVEL_FOR_ACTION, type TipoIva } from '@faro/domain';
import { type QueryClient, useQueries, useQuery } from '@tanstack/react-query';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { askList } from '../../platform/referenceLists.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import type { DocumentoVenta } from './documentosModel.ts';
import { desdeApi, useLado } from './lado.ts';

/** Server calls of the document screens (both sides) and the catalogues they read (cached per company). */

/** After any change to a document: every list and row of its side (conversions touch the origin too), payments. */
export async function invalidarDocumentos(
  client: QueryClient,
  empresa: number,
  entidades: readonly string[],
): Promise<void> {
  await Promise.all(entidades.map((n) => client.invalidateQueries({ queryKey: qk.entity(empresa, n) })));
}

/** Rows ordered by a text column, as the lookup's `Orden` would (the batched lists come in id order). */
const porTexto = (rows: Record<string, unknown>[], campo: string) =>
  [...rows].sort((a, b) => String(a[campo] ?? '').localeCompare(String(b[campo] ?? ''), 'es'));

export interface TipoIvaFila extends TipoIva {
  Id: number;
  Descripcion: string;
  Baja: boolean;
}

/** VAT types with their rates (the totals need more than the reference list's label). */
export function useTiposIva() {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.ref(info.IdEmpresa, 'tiposiva'), 'completo'],
    queryFn: async () => {
      // The lookup (readable by whoever sees sales documents; managing the VAT types is ConfEmpresa), in the
      // screen's one reference-list call, ordered by value.
      const rows = porTexto(await askList(info.IdEmpresa, 'tiposiva'), 'Valor');
      return rows.map(
        (r): TipoIvaFila => ({
          Id: Number(r.Id),
          Valor: String(r.Valor),
          Descripcion: String(r.Descripcion ?? r.Valor),
          Impuesto: (r.Impuesto as TipoIva['Impuesto']) ?? 'IVA',
          PorcentajeIva: String(r.PorcentajeIva ?? '0'),
          PorcentajeRecargo: (r.PorcentajeRecargo as string | null) ?? null,
          GeneraRecargo: r.GeneraRecargo === true,
          Baja: r.Baja === true,
        }),
      );
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface Configura {
  VentasTxtLibre1: string | null;
  VentasTxtLibre2: string | null;
  VentasTxtLibre3: string | null;
  IdTipoIva: number | null;
  IdFormaPago: number | null;
  IdCuentaTesoreria: number | null;
}

/** The company's configuration row (free sales texts, default VAT type, treasury account); null when not readable. */
export function useConfigura() {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'configura'), 'ventas'],
    queryFn: async () => {
      try {
        // The lookup: the sales settings whoever sees sales documents may read (managing them is ConfEmpresa).
        return ((await askList(info.IdEmpresa, 'configura'))[0] as Configura | undefined) ?? null;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export interface SerieFila {
  Id: number;
  Codigo: string;
  Descripcion: string;
  Prefijo: string | null;
  TipoDocumento: string;
  Defecto: boolean;
  Baja: boolean;
}

/** The series of the document kinds (all kinds at once: a short catalogue). */
export function useSeries() {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.ref(info.IdEmpresa, 'series'), 'completo'],
    queryFn: async () => porTexto(await askList(info.IdEmpresa, 'series'), 'Codigo') as unknown as SerieFila[],
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface ClienteFila {
  Id: number;
  Codigo: string | null;
  Nombre: string;
  NombreComercial?: string | null;
  NIF: string | null;
  Direccion?: string | null;
  CodPostal?: string | null;
  Poblacion?: string | null;
  Provincia?: string | null;
  IdFormaPago?: number | null;
  RegimenIva?: string | null;
  RetencionIrpf?: string | null;
  Baja?: boolean;
}

export interface ProductoFila {
  Id: number;
  Codigo: string | null;
  Descripcion: string;
  PrecioVenta: string | null;
  PrecioCompra?: string | null;
  IdTipoIva: number | null;
  Trazabilidad?: string | null;
  Baja?: boolean;
}

/** Search of a big catalogue (customers, products) by code, name or NIF: the server's trigram search. */
export function buscar<T>(path: string, texto: string, filtros: Record<string, unknown> = {}) {
  const Filtros: Record<string, unknown> = { Baja: false, ...filtros };
  if (texto.trim()) Filtros.Buscar = texto.trim();
  return api
    .get<ListAnswer<T>>(path, {
      params: { Pagina: 1, TotalPagina: 20, Filtros: JSON.stringify(Filtros) },
      background: true,
    })
    .then((r) => r.Items);
}

export interface PrecioTarifa {
  Precio: string;
  Descuento: string;
  PrecioNeto: string;
  Origen: string;
}

/** The customer's tariff price of a product (`catalogo/tarifas/precio`); null when it cannot be read. */
export async function precioTarifa(
  idProducto: number,
  idCliente: number | null,
  cantidad: string,
  fecha: string,
): Promise<PrecioTarifa | null> {
  const params: Record<string, string | number> = { IdProducto: idProducto, Fecha: fecha };
  if (idCliente) params.IdCliente = idCliente;
  if (/^\d{1,12}(\.\d{1,3})?$/.test(cantidad)) params.Cantidad = cantidad;
  try {
    return await api.get<PrecioTarifa>('catalogo/tarifas/precio', { params, background: true, silent: true });
  } catch {
    return null;
  }
}

/**
 * Purchases: the price and discount to offer on a new order line — that supplier's last purchase of the product, else
 * anyone's (`compras/proveedores/precios`'s `Ultimo`); null when it was never bought (the product's purchase price stays).
 */
export async function ultimoPrecioCompra(
  idProducto: number,
  idProveedor: number | null,
): Promise<{ Precio: string; Descuento: string | null } | null> {
  const params: Record<string, number> = { IdProducto: idProducto };
  if (idProveedor) params.IdProveedor = idProveedor;
  try {
    const r = await api.get<{ Ultimo: { Precio: string; Descuento: string | null } | null }>(
      'compras/proveedores/precios',
      { params, background: true, silent: true },
    );
    return r.Ultimo;
  } catch {
    return null;
  }
}

export interface CobroFila {
  Id: number;
  IdFactura: number;
  Fecha: string;
  Importe: string;
  IdTesoreria: number;
  Notas: string | null;
}

/** The VAT type a new line starts with: the company's configured one, else IVA21, else the first active. */
export function tipoIvaDefecto(tipos: TipoIvaFila[], configura: Configura | null): string {
  const conf = tipos.find((t) => t.Id === configura?.IdTipoIva);
  return conf?.Valor ?? tipos.find((t) => t.Valor === 'IVA21')?.Valor ?? tipos.find((t) => !t.Baja)?.Valor ?? '';
}

/**
 * The traceability (ninguna, lote, lotefecha) of the products of a stored document's lines, by product id: the
 * editor offers batch and expiry on those lines (receiving a traced product needs them).
 */
export function useTrazas(ids: readonly (number | null | undefined)[]): Record<number, string | null> {
  const { info } = useReady();
  const unicos = [...new Set(ids.filter((x): x is number => !!x))].slice(0, 50);
  const res = useQueries({
    queries: unicos.map((id) => ({
      queryKey: [...qk.row(info.IdEmpresa, 'productos', id), 'traza'],
      queryFn: async () =>
        (await api.get<ProductoFila>(`catalogo/productos/edit/${id}`, { background: true, silent: true }))
          .Trazabilidad ?? null,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const out: Record<number, string | null> = {};
  unicos.forEach((id, i) => {
    out[id] = res[i]?.data ?? null;
  });
  return out;
}

/**
 * The stored document an editor opens (nothing to read for a new one, nor without the level to list): read once;
 * its error is shown on the page, not again in a toast.
 */
export function useDocumentoEditado(recurso: string, ruta: string, id: string | undefined, level: number) {
  const { info } = useReady();
  const lado = useLado();
  return useQuery({
    queryKey: qk.row(info.IdEmpresa, recurso, id ?? 'nuevo'),
    queryFn: async () => desdeApi(lado, await api.get<DocumentoVenta>(`${ruta}/edit/${id}`, { silent: true })),
    enabled: !!id && level >= LEVEL_FOR_ACTION.list,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The catalogues a document editor needs before its form opens: VAT types and the company's settings; `cargando`
 * while either is still on its way (VAT types that failed to load leave an empty list rather than a loader).
 */
export function useCatalogosEditor() {
  const tipos = useTiposIva();
  const configura = useConfigura();
  return { tipos, configura, cargando: (tipos.isPending && !tipos.isError) || configura.isPending };
}
