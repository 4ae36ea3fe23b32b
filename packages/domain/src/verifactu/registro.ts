import {
  aCentesimas,
  deCentesimas,
  fechaAeat,
  fechaHoraHusoGenRegistro,
  importeAeat,
  instanteDe,
  tipoAeat,
} from './format.ts';
import { calcularHuella } from './huella.ts';
import type {
  ContextoRegistro,
  DatosAlta,
  DatosAnulacion,
  DatosDesglose,
  DetalleDesglose,
  Encadenamiento,
  IDFactura,
  Importe,
  PersonaFisicaJuridica,
  ReferenciaFactura,
  RegistroAlta,
  RegistroAnterior,
  RegistroAnulacion,
  RegistroFacturacion,
} from './types.ts';

/**
 * Generation of chained records. The caller (the invoice-issuing transaction) reads the chain's last record under a
 * lock, calls `generarRegistroAlta` / `generarRegistroAnulacion` (pure, synchronous) and inserts the result in the
 * same transaction. Nothing here touches a clock unless `instante` is omitted.
 */

/** Removes keys whose value is undefined (records are stored as JSON and compared field by field). */
function compacto<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const texto = (value: string | undefined) => (value === undefined ? undefined : value.trim());
const importeOpc = (value: Importe | undefined | null) =>
  value === undefined || value === null || value === '' ? undefined : importeAeat(value);
const tipoOpc = (value: Importe | undefined | null) =>
  value === undefined || value === null || value === '' ? undefined : tipoAeat(value);

function persona(p: PersonaFisicaJuridica | undefined): PersonaFisicaJuridica | undefined {
  if (!p) return undefined;
  return compacto({
    NombreRazon: p.NombreRazon.trim(),
    NIF: texto(p.NIF)?.toUpperCase(),
    IDOtro: p.IDOtro
      ? compacto({
          CodigoPais: texto(p.IDOtro.CodigoPais)?.toUpperCase(),
          IDType: p.IDOtro.IDType,
          ID: p.IDOtro.ID.trim(),
        })
      : undefined,
  });
}

function referencia(r: ReferenciaFactura, emisor: string): IDFactura {
  return {
    IDEmisorFactura: (r.IDEmisorFactura ?? emisor).trim().toUpperCase(),
    NumSerieFactura: r.NumSerieFactura.trim(),
    FechaExpedicionFactura: fechaAeat(r.FechaExpedicionFactura),
  };
}

function detalle(d: DatosDesglose): DetalleDesglose {
  return compacto({
    Impuesto: d.Impuesto,
    ClaveRegimen: d.ClaveRegimen,
    CalificacionOperacion: d.CalificacionOperacion,
    OperacionExenta: d.OperacionExenta,
    TipoImpositivo: tipoOpc(d.TipoImpositivo),
    BaseImponibleOimporteNoSujeto: importeAeat(d.BaseImponibleOimporteNoSujeto),
    BaseImponibleACoste: importeOpc(d.BaseImponibleACoste),
    CuotaRepercutida: importeOpc(d.CuotaRepercutida),
    TipoRecargoEquivalencia: tipoOpc(d.TipoRecargoEquivalencia),
    CuotaRecargoEquivalencia: importeOpc(d.CuotaRecargoEquivalencia),
  });
}

const cent = (value: string | undefined) => (value === undefined ? 0n : aCentesimas(value));

/** Σ(CuotaRepercutida + CuotaRecargoEquivalencia) of a breakdown, in hundredths. */
export function sumaCuotas(desglose: readonly DetalleDesglose[]): bigint {
  return desglose.reduce((acc, d) => acc + cent(d.CuotaRepercutida) + cent(d.CuotaRecargoEquivalencia), 0n);
}

/** Σ(Base + CuotaRepercutida + CuotaRecargoEquivalencia) of a breakdown, in hundredths. */
export function sumaImportes(desglose: readonly DetalleDesglose[]): bigint {
  return desglose.reduce((acc, d) => acc + cent(d.BaseImponibleOimporteNoSujeto), 0n) + sumaCuotas(desglose);
}

const MACRODATO = 100_000_000_00n;

/** The chain link that a record following `r` must carry in Encadenamiento/RegistroAnterior. */
export function registroAnteriorDe(r: RegistroFacturacion): RegistroAnterior {
  if (r.TipoOperacion === 'Alta') return { ...r.IDFactura, Huella: r.Huella };
  return {
    IDEmisorFactura: r.IDFactura.IDEmisorFacturaAnulada,
    NumSerieFactura: r.IDFactura.NumSerieFacturaAnulada,
    FechaExpedicionFactura: r.IDFactura.FechaExpedicionFacturaAnulada,
    Huella: r.Huella,
  };
}

export function encadenamientoTras(anterior: RegistroFacturacion | null): Encadenamiento {
  return anterior ? { RegistroAnterior: registroAnteriorDe(anterior) } : { PrimerRegistro: 'S' };
}

function marcaTemporal(ctx: ContextoRegistro): string {
  return fechaHoraHusoGenRegistro(
    ctx.instante ?? new Date(),
    ctx.zona ?? 'peninsula',
    ctx.anterior?.FechaHoraHusoGenRegistro,
  );
}

/** Builds a registro de alta with its chain link, timestamp and huella. Validate it with `validarRegistroAlta`. */
export function generarRegistroAlta(datos: DatosAlta, ctx: ContextoRegistro): RegistroAlta {
  const emisor = datos.IDEmisorFactura.trim().toUpperCase();
  const desglose = datos.Desglose.map(detalle);
  const cuotaTotal =
    datos.CuotaTotal === undefined ? deCentesimas(sumaCuotas(desglose)) : importeAeat(datos.CuotaTotal);
  const importeTotal =
    datos.ImporteTotal === undefined ? deCentesimas(sumaImportes(desglose)) : importeAeat(datos.ImporteTotal);
  const total = aCentesimas(importeTotal);
  const macrodato = datos.Macrodato ?? ((total < 0n ? -total : total) >= MACRODATO ? 'S' : undefined);
  const sinHuella = compacto<Omit<RegistroAlta, 'Huella'>>({
    TipoOperacion: 'Alta',
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFactura: emisor,
      NumSerieFactura: datos.NumSerieFactura.trim(),
      FechaExpedicionFactura: fechaAeat(datos.FechaExpedicionFactura),
    },
    RefExterna: texto(datos.RefExterna),
    NombreRazonEmisor: datos.NombreRazonEmisor.trim(),
    Subsanacion: datos.Subsanacion,
    RechazoPrevio: datos.RechazoPrevio,
    TipoFactura: datos.TipoFactura,
    TipoRectificativa: datos.TipoRectificativa,
    FacturasRectificadas: datos.FacturasRectificadas?.map((r) => referencia(r, emisor)),
    FacturasSustituidas: datos.FacturasSustituidas?.map((r) => referencia(r, emisor)),
    ImporteRectificacion: datos.ImporteRectificacion
      ? compacto({
          BaseRectificada: importeAeat(datos.ImporteRectificacion.BaseRectificada),
          CuotaRectificada: importeAeat(datos.ImporteRectificacion.CuotaRectificada),
          CuotaRecargoRectificado: importeOpc(datos.ImporteRectificacion.CuotaRecargoRectificado),
        })
      : undefined,
    FechaOperacion: datos.FechaOperacion ? fechaAeat(datos.FechaOperacion) : undefined,
    DescripcionOperacion: datos.DescripcionOperacion.trim(),
    FacturaSimplificadaArt7273: datos.FacturaSimplificadaArt7273,
    FacturaSinIdentifDestinatarioArt61d: datos.FacturaSinIdentifDestinatarioArt61d,
    Macrodato: macrodato,
    EmitidaPorTerceroODestinatario: datos.EmitidaPorTerceroODestinatario,
    Tercero: persona(datos.Tercero),
    Destinatarios: datos.Destinatarios?.length
      ? datos.Destinatarios.map((d) => persona(d) as PersonaFisicaJuridica)
      : undefined,
    Cupon: datos.Cupon,
    Desglose: desglose,
    CuotaTotal: cuotaTotal,
    ImporteTotal: importeTotal,
    Encadenamiento: encadenamientoTras(ctx.anterior),
    SistemaInformatico: ctx.SistemaInformatico,
    FechaHoraHusoGenRegistro: marcaTemporal(ctx),
    NumRegistroAcuerdoFacturacion: texto(datos.NumRegistroAcuerdoFacturacion),
    IdAcuerdoSistemaInformatico: texto(datos.IdAcuerdoSistemaInformatico),
    TipoHuella: '01',
  });
  const registro = { ...sinHuella, Huella: '' } as RegistroAlta;
  registro.Huella = calcularHuella(registro);
  return registro;
}

/** Builds a registro de anulación with its chain link, timestamp and huella. */
export function generarRegistroAnulacion(datos: DatosAnulacion, ctx: ContextoRegistro): RegistroAnulacion {
  const registro = compacto<RegistroAnulacion>({
    TipoOperacion: 'Anulacion',
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFacturaAnulada: datos.IDEmisorFacturaAnulada.trim().toUpperCase(),
      NumSerieFacturaAnulada: datos.NumSerieFacturaAnulada.trim(),
      FechaExpedicionFacturaAnulada: fechaAeat(datos.FechaExpedicionFacturaAnulada),
    },
    RefExterna: texto(datos.RefExterna),
    SinRegistroPrevio: datos.SinRegistroPrevio,
    RechazoPrevio: datos.RechazoPrevio,
    GeneradoPor: datos.GeneradoPor,
    Generador: persona(datos.Generador),
    Encadenamiento: encadenamientoTras(ctx.anterior),
    SistemaInformatico: ctx.SistemaInformatico,
    FechaHoraHusoGenRegistro: marcaTemporal(ctx),
    TipoHuella: '01',
    Huella: '',
  });
  registro.Huella = calcularHuella(registro);
  return registro;
}

// ------------------------------------------------------------------------------------------------------------------
// Chain check

export interface IncidenciaCadena {
  /** Position in the list given (0-based). */
  indice: number;
  tipo: 'huella' | 'encadenamiento' | 'primer' | 'orden';
  Mensaje: string;
}

export interface ResultadoCadena {
  valida: boolean;
  incidencias: IncidenciaCadena[];
}

const idTexto = (r: RegistroAnterior) => `${r.NumSerieFactura} (${r.FechaExpedicionFactura})`;

/**
 * Recomputes every huella of a chain given in generation order and checks each link and the chronological order.
 * `previo` is the record just before the first one given (null when the list starts the chain).
 */
export function verificarCadena(
  registros: readonly RegistroFacturacion[],
  previo: RegistroFacturacion | null = null,
): ResultadoCadena {
  const incidencias: IncidenciaCadena[] = [];
  let anterior = previo;
  registros.forEach((r, indice) => {
    const propio = registroAnteriorDe(r);
    if (calcularHuella(r) !== r.Huella) {
      incidencias.push({
        indice,
        tipo: 'huella',
        Mensaje: `La huella del registro de ${idTexto(propio)} no corresponde a sus datos`,
      });
    }
    if (!anterior) {
      if (!('PrimerRegistro' in r.Encadenamiento)) {
        incidencias.push({
          indice,
          tipo: 'primer',
          Mensaje: 'El primer registro de la cadena debe ser PrimerRegistro',
        });
      }
    } else {
      const esperado = registroAnteriorDe(anterior);
      const real = 'RegistroAnterior' in r.Encadenamiento ? r.Encadenamiento.RegistroAnterior : null;
      if (
        !real ||
        real.Huella !== esperado.Huella ||
        real.IDEmisorFactura !== esperado.IDEmisorFactura ||
        real.NumSerieFactura !== esperado.NumSerieFactura ||
        real.FechaExpedicionFactura !== esperado.FechaExpedicionFactura
      ) {
        incidencias.push({
          indice,
          tipo: 'encadenamiento',
          Mensaje: `El registro de ${idTexto(propio)} no encadena con el anterior, ${idTexto(esperado)}`,
        });
      }
      const antes = instanteDe(anterior.FechaHoraHusoGenRegistro);
      const ahora = instanteDe(r.FechaHoraHusoGenRegistro);
      if (!antes || !ahora || ahora.getTime() < antes.getTime()) {
        incidencias.push({
          indice,
          tipo: 'orden',
          Mensaje: `La fecha y hora de generación del registro de ${idTexto(propio)} es anterior a la del registro previo`,
        });
      }
    }
    anterior = r;
  });
  return { valida: incidencias.length === 0, incidencias };
}
