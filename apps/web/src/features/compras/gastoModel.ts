import { calcularTotales, MSG, type TipoIva, type Totales } from '@faro/domain';
import { aDecimal, type DocumentoVenta, numeroEditable, porcentajeEditable } from '../documentos/documentosModel.ts';

/**
 * The expense quick form (`fgasto`): a ticket or a bill booked without lines — supplier (or a free name), date,
 * concept, category (a group-6 account), base per VAT rate, IRPF — and its photo. Sent as the purchase body's
 * `Desglose` (the server keeps each row as a one-unit line).
 */
export interface FilaGasto {
  key: string;
  TipoIva: string;
  Base: string;
}

export interface GastoValores extends Record<string, unknown> {
  Proveedor: number | null;
  NombreProveedor: string;
  Fecha: string;
  NumFacturaProveedor: string;
  Concepto: string;
  Categoria: string | null;
  IdFormaPago: number | null;
  PorcRetencion: string;
  ClaveRetencion: string | null;
  Desglose: FilaGasto[];
}

let seq = 0;
export const filaGasto = (TipoIva: string, Base = ''): FilaGasto => ({ key: `g${++seq}`, TipoIva, Base });

/** A new expense (today, one row at the default rate) or a stored one (its one-unit lines are the rows). */
export function valoresGasto(d: DocumentoVenta | undefined, fecha: string, tipoIva: string): GastoValores {
  // A ticket booked with a free name is stored on the company's 'varios' supplier: the free name is what was typed.
  const libre = d?.NombreProveedor ?? '';
  return {
    Proveedor: libre ? null : (d?.Cliente ?? null),
    NombreProveedor: libre,
    Fecha: d?.Fecha ?? fecha,
    NumFacturaProveedor: d?.NumFacturaProveedor ?? '',
    Concepto: d?.Concepto ?? '',
    Categoria: d?.Categoria ?? null,
    IdFormaPago: d?.IdFormaPago ?? null,
    PorcRetencion: porcentajeEditable(d?.PorcRetencion),
    ClaveRetencion: d?.ClaveRetencion ?? null,
    Desglose: d?.Lineas?.length
      ? d.Lineas.map((l) => filaGasto(l.TipoIva, numeroEditable(l.Precio, 2)))
      : [filaGasto(tipoIva)],
  };
}

const esImporte = (v: string) => /^-?\d{1,13}([.,]\d{1,2})?$/.test(v.trim());
const enBlanco = (f: FilaGasto) => !f.Base.trim();

export function validarGasto(v: GastoValores): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!v.Proveedor && !v.NombreProveedor.trim()) out.Proveedor = ['Elige un proveedor o escribe el nombre del ticket'];
  if (!v.Fecha) out.Fecha = [MSG.required('Fecha')];
  if (!v.Concepto.trim()) out.Concepto = [MSG.required('Concepto')];
  const filas = v.Desglose.filter((f) => !enBlanco(f));
  if (filas.length === 0) out.Desglose = ['Escribe la base imponible del gasto'];
  v.Desglose.forEach((f, i) => {
    if (enBlanco(f)) return;
    if (!esImporte(f.Base)) out[`Desglose.${i}.Base`] = [MSG.format];
    if (!f.TipoIva) out[`Desglose.${i}.TipoIva`] = [MSG.required('Tipo de IVA')];
  });
  if (v.PorcRetencion.trim() && !/^\d{1,2}([.,]\d{1,2})?$/.test(v.PorcRetencion.trim()))
    out.PorcRetencion = [MSG.format];
  return out;
}

/** The save body of `compras/fgasto/save`. */
export function cuerpoGasto(v: GastoValores): Record<string, unknown> {
  const txt = (s: string) => (s.trim() ? s.trim() : null);
  const retencion = v.PorcRetencion.trim() ? aDecimal(v.PorcRetencion) : null;
  return {
    ...(v.Proveedor ? { Proveedor: v.Proveedor } : { NombreProveedor: txt(v.NombreProveedor) }),
    Fecha: v.Fecha,
    NumFacturaProveedor: txt(v.NumFacturaProveedor),
    Concepto: txt(v.Concepto),
    Categoria: v.Categoria,
    IdFormaPago: v.IdFormaPago,
    PorcRetencion: retencion,
    ClaveRetencion: retencion && Number(retencion) > 0 ? v.ClaveRetencion : null,
    Desglose: v.Desglose.filter((f) => !enBlanco(f)).map((f) => ({
      TipoIva: f.TipoIva,
      Base: aDecimal(f.Base),
      Concepto: txt(v.Concepto),
    })),
  };
}

/** Live totals of the rows typed so far (invalid rows left out). */
export function totalesGasto(v: GastoValores, tipos: readonly TipoIva[]): Totales {
  const known = new Set(tipos.map((t) => t.Valor));
  const filas = v.Desglose.filter((f) => !enBlanco(f) && esImporte(f.Base) && known.has(f.TipoIva));
  const retencion = /^\d{1,2}([.,]\d{1,2})?$/.test(v.PorcRetencion.trim()) ? aDecimal(v.PorcRetencion) : '0';
  return calcularTotales(
    {
      Lineas: filas.map((f) => ({ Cantidad: '1', Precio: aDecimal(f.Base), Descuento: null, TipoIva: f.TipoIva })),
      PorcRetencion: retencion,
      DecimalesPrecio: 2,
    },
    tipos,
  );
}

/** Standard expense accounts (PGC group 6) when the company's list cannot be read. */
export const CATEGORIAS_GASTO = [
  { value: '6000000000', label: '600 · Compras de mercaderías' },
  { value: '6020000000', label: '602 · Compras de otros aprovisionamientos' },
  { value: '6210000000', label: '621 · Arrendamientos y cánones' },
  { value: '6220000000', label: '622 · Reparaciones y conservación' },
  { value: '6230000000', label: '623 · Servicios de profesionales independientes' },
  { value: '6240000000', label: '624 · Transportes' },
  { value: '6250000000', label: '625 · Primas de seguros' },
  { value: '6260000000', label: '626 · Servicios bancarios y similares' },
  { value: '6270000000', label: '627 · Publicidad, propaganda y relaciones públicas' },
  { value: '6280000000', label: '628 · Suministros' },
  { value: '6290000000', label: '629 · Otros servicios' },
];

/** `fgasto/categorias` as select options, whatever its row shape ({Codigo|Cuenta|Id, Descripcion|Nombre}). */
export function opcionesCategorias(raw: unknown): { value: string; label: string }[] {
  const items = Array.isArray(raw) ? raw : ((raw as { Items?: unknown[] } | null)?.Items ?? []);
  const out: { value: string; label: string }[] = [];
  for (const it of items) {
    if (typeof it === 'string') {
      out.push({ value: it, label: it });
      continue;
    }
    const r = it as Record<string, unknown>;
    const value = String(r.Codigo ?? r.Cuenta ?? r.Id ?? r.value ?? '');
    if (!value) continue;
    const nombre = r.Descripcion ?? r.Nombre ?? r.label;
    out.push({ value, label: nombre ? `${value} · ${String(nombre)}` : value });
  }
  return out;
}
