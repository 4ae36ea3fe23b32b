import {
  type AccionRecurrente,
  MSG,
  MSG_RECURRENTES,
  type Periodicidad,
  periodosPendientes,
  siguienteFecha,
  type TipoIva,
} from '@faro/domain';
import {
  aDecimal,
  type DocValues,
  type LineaForm,
  lineaCuerpo,
  lineaEditable,
  lineaEnBlanco,
  lineaVacia,
  porcentajeEditable,
  type TotalesVivos,
  totalesVivos,
  validarDocumento,
} from '../documentos/documentosModel.ts';

/** A recurring invoice template as the API answers it (`ventas/fventarec/edit/{id}`). */
export interface Plantilla {
  Id: number;
  Descripcion: string;
  Cliente: number;
  ClienteNombre?: string;
  Serie: number | null;
  IdFormaPago: number | null;
  Observaciones: string | null;
  PorcRetencion: string;
  Periodicidad: Periodicidad;
  FechaInicio: string;
  ProximaFecha: string;
  FechaFin: string | null;
  Accion: AccionRecurrente;
  Baja: boolean;
  UltimoPeriodo: string | null;
  UltimoError: string | null;
  BaseImponible: string;
  Total: string;
  Lineas?: {
    IdProducto: number | null;
    Descripcion: string;
    Cantidad: string;
    Precio: string;
    Descuento: string | null;
    TipoIva: string;
  }[];
}

export interface GeneradaFila {
  Periodo: string;
  IdFactura: number;
  NumSerie: string | null;
  Estado: string;
  Fecha: string | null;
  Total: string | null;
  GeneradaEn: string;
  EnviadaEn: string | null;
  ErrorEnvio: string | null;
}

export interface ResultadoGenerar {
  Generadas: { Periodo: string; IdFactura: number; NumSerie: string | null }[];
  Error: string | null;
  Plantilla: Plantilla;
}

export interface PlantillaValues extends Record<string, unknown> {
  Descripcion: string;
  Cliente: number | null;
  Serie: number | null;
  IdFormaPago: number | null;
  Observaciones: string;
  PorcRetencion: string;
  Periodicidad: Periodicidad;
  FechaInicio: string;
  ProximaFecha: string;
  FechaFin: string;
  Accion: AccionRecurrente;
  Baja: boolean;
  Lineas: LineaForm[];
}

export function valoresPlantilla(p: Plantilla | undefined, d: { hoy: string; tipoIva: string }): PlantillaValues {
  if (!p) {
    return {
      Descripcion: '',
      Cliente: null,
      Serie: null,
      IdFormaPago: null,
      Observaciones: '',
      PorcRetencion: '',
      Periodicidad: 'Mensual',
      FechaInicio: d.hoy,
      ProximaFecha: '',
      FechaFin: '',
      Accion: 'borrador',
      Baja: false,
      Lineas: [lineaVacia(d.tipoIva)],
    };
  }
  return {
    Descripcion: p.Descripcion,
    Cliente: p.Cliente,
    Serie: p.Serie,
    IdFormaPago: p.IdFormaPago,
    Observaciones: p.Observaciones ?? '',
    PorcRetencion: porcentajeEditable(p.PorcRetencion),
    Periodicidad: p.Periodicidad,
    FechaInicio: p.FechaInicio,
    ProximaFecha: p.ProximaFecha,
    FechaFin: p.FechaFin ?? '',
    Accion: p.Accion,
    Baja: p.Baja,
    Lineas: (p.Lineas ?? []).map(lineaEditable),
  };
}

/** The lines seen as a document (the sales editor's validation and live totals work on that shape). */
function comoDoc(v: PlantillaValues): DocValues {
  return {
    Cliente: v.Cliente,
    Fecha: v.FechaInicio,
    Serie: v.Serie,
    Estado: '',
    Simplificada: false,
    IdFormaPago: v.IdFormaPago,
    DireccionEnvio: '',
    Observaciones: v.Observaciones,
    VentasTxtLibre1: '',
    VentasTxtLibre2: '',
    VentasTxtLibre3: '',
    PorcRetencion: v.PorcRetencion,
    Lineas: v.Lineas,
  };
}

/** Client validation keyed like the server's Campo names; lines and withholding as the sales editor checks them. */
export function validarPlantilla(v: PlantillaValues, decimales = 2, tercero = 'Cliente'): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const { Fecha: _f, ...doc } = validarDocumento(comoDoc(v), decimales, tercero);
  Object.assign(out, doc);
  const add = (k: string, m: string) => {
    out[k] = [...(out[k] ?? []), m];
  };
  if (!v.Descripcion.trim()) add('Descripcion', MSG.required('Descripción'));
  if (!v.FechaInicio) add('FechaInicio', MSG.required('Fecha de inicio'));
  if (v.FechaFin && v.FechaInicio && v.FechaFin < v.FechaInicio) add('FechaFin', MSG_RECURRENTES.fechaFinAnterior);
  if (v.ProximaFecha && v.FechaInicio && v.ProximaFecha < v.FechaInicio)
    add('ProximaFecha', MSG_RECURRENTES.proximaAnterior);
  return out;
}

export function cuerpoPlantilla(v: PlantillaValues): Record<string, unknown> {
  return {
    Descripcion: v.Descripcion.trim(),
    Cliente: v.Cliente,
    Serie: v.Serie,
    IdFormaPago: v.IdFormaPago,
    Observaciones: v.Observaciones.trim() || null,
    PorcRetencion: v.PorcRetencion.trim() ? aDecimal(v.PorcRetencion) : null,
    Periodicidad: v.Periodicidad,
    FechaInicio: v.FechaInicio,
    ProximaFecha: v.ProximaFecha || null,
    FechaFin: v.FechaFin || null,
    Accion: v.Accion,
    Baja: v.Baja,
    Lineas: v.Lineas.filter((l) => !lineaEnBlanco(l)).map(lineaCuerpo),
  };
}

/** Live totals of one generated invoice: `calcularTotales`, the same function the server stores. */
export function totalesPlantilla(
  v: PlantillaValues,
  tipos: readonly TipoIva[],
  recargo: boolean,
  decimales = 2,
): TotalesVivos {
  return totalesVivos(comoDoc(v), tipos, recargo, decimales);
}

/** The next dates the template will generate (shown under the dates so the user sees the rhythm). */
export function proximasFechas(v: PlantillaValues, n = 3): string[] {
  if (!v.FechaInicio) return [];
  const desde = v.ProximaFecha || v.FechaInicio;
  const out = periodosPendientes(desde, v.Periodicidad, v.FechaInicio, '9999-12-31', v.FechaFin || null, n);
  return out.length ? out : [];
}

export { siguienteFecha };
