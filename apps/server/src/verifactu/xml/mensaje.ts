import type {
  DetalleDesglose,
  Encadenamiento,
  IDFactura,
  IDOtro,
  PersonaFisicaJuridica,
  RegistroAlta,
  RegistroAnulacion,
  RegistroFacturacion,
  SiNo,
  SistemaInformatico,
} from '../dominio.ts';
import { type Elemento, hoja, rama, serializar } from './escritor.ts';

/**
 * `RegFactuSistemaFacturacion` messages (SuministroLR.xsd V1.0): Cabecera + 1..1000 RegistroFactura, each with one
 * RegistroAlta or RegistroAnulacion, elements in the XSD's order. Every value is written exactly as the record
 * holds it — the same strings the huella was computed from.
 */

export const NS_SUMINISTRO_LR =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
export const NS_SUMINISTRO_INFORMACION =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
export const NS_SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

export const MAX_REGISTROS_POR_ENVIO = 1000;

export interface Cabecera {
  /** The company whose records are sent (its NIF must be every record's IDEmisorFactura). */
  ObligadoEmision: { NombreRazon: string; NIF: string };
  Representante?: { NombreRazon: string; NIF: string };
  /** VERI*FACTU only: Incidencia=S when sending records generated while the AEAT could not be reached. */
  RemisionVoluntaria?: { FechaFinVeriFactu?: string; Incidencia?: SiNo };
  /** NO VERI*FACTU only (answer to a requerimiento). */
  RemisionRequerimiento?: { RefRequerimiento: string; FinRequerimiento?: SiNo };
}

const sf = (nombre: string) => `sum1:${nombre}`;
const h = (nombre: string, valor: string | undefined) => hoja(sf(nombre), valor);
const r = (nombre: string, hijos: (Elemento | undefined)[]) => rama(sf(nombre), hijos);

function idOtro(o: IDOtro | undefined) {
  return o ? r('IDOtro', [h('CodigoPais', o.CodigoPais), h('IDType', o.IDType), h('ID', o.ID)]) : undefined;
}

function persona(nombre: string, p: PersonaFisicaJuridica | undefined) {
  return p ? r(nombre, [h('NombreRazon', p.NombreRazon), h('NIF', p.NIF), idOtro(p.IDOtro)]) : undefined;
}

function idFacturaAR(nombre: string, f: IDFactura) {
  return r(nombre, [
    h('IDEmisorFactura', f.IDEmisorFactura),
    h('NumSerieFactura', f.NumSerieFactura),
    h('FechaExpedicionFactura', f.FechaExpedicionFactura),
  ]);
}

function encadenamiento(e: Encadenamiento) {
  if ('PrimerRegistro' in e) return r('Encadenamiento', [h('PrimerRegistro', e.PrimerRegistro)]);
  const a = e.RegistroAnterior;
  return r('Encadenamiento', [
    r('RegistroAnterior', [
      h('IDEmisorFactura', a.IDEmisorFactura),
      h('NumSerieFactura', a.NumSerieFactura),
      h('FechaExpedicionFactura', a.FechaExpedicionFactura),
      h('Huella', a.Huella),
    ]),
  ]);
}

function sistema(s: SistemaInformatico) {
  return r('SistemaInformatico', [
    h('NombreRazon', s.NombreRazon),
    h('NIF', s.NIF),
    idOtro(s.IDOtro),
    h('NombreSistemaInformatico', s.NombreSistemaInformatico),
    h('IdSistemaInformatico', s.IdSistemaInformatico),
    h('Version', s.Version),
    h('NumeroInstalacion', s.NumeroInstalacion),
    h('TipoUsoPosibleSoloVerifactu', s.TipoUsoPosibleSoloVerifactu),
    h('TipoUsoPosibleMultiOT', s.TipoUsoPosibleMultiOT),
    h('IndicadorMultiplesOT', s.IndicadorMultiplesOT),
  ]);
}

function detalle(d: DetalleDesglose) {
  return r('DetalleDesglose', [
    h('Impuesto', d.Impuesto),
    h('ClaveRegimen', d.ClaveRegimen),
    h('CalificacionOperacion', d.CalificacionOperacion),
    h('OperacionExenta', d.OperacionExenta),
    h('TipoImpositivo', d.TipoImpositivo),
    h('BaseImponibleOimporteNoSujeto', d.BaseImponibleOimporteNoSujeto),
    h('BaseImponibleACoste', d.BaseImponibleACoste),
    h('CuotaRepercutida', d.CuotaRepercutida),
    h('TipoRecargoEquivalencia', d.TipoRecargoEquivalencia),
    h('CuotaRecargoEquivalencia', d.CuotaRecargoEquivalencia),
  ]);
}

function alta(a: RegistroAlta): Elemento {
  return r('RegistroAlta', [
    h('IDVersion', a.IDVersion),
    idFacturaAR('IDFactura', a.IDFactura),
    h('RefExterna', a.RefExterna),
    h('NombreRazonEmisor', a.NombreRazonEmisor),
    h('Subsanacion', a.Subsanacion),
    h('RechazoPrevio', a.RechazoPrevio),
    h('TipoFactura', a.TipoFactura),
    h('TipoRectificativa', a.TipoRectificativa),
    a.FacturasRectificadas?.length
      ? r(
          'FacturasRectificadas',
          a.FacturasRectificadas.map((f) => idFacturaAR('IDFacturaRectificada', f)),
        )
      : undefined,
    a.FacturasSustituidas?.length
      ? r(
          'FacturasSustituidas',
          a.FacturasSustituidas.map((f) => idFacturaAR('IDFacturaSustituida', f)),
        )
      : undefined,
    a.ImporteRectificacion
      ? r('ImporteRectificacion', [
          h('BaseRectificada', a.ImporteRectificacion.BaseRectificada),
          h('CuotaRectificada', a.ImporteRectificacion.CuotaRectificada),
          h('CuotaRecargoRectificado', a.ImporteRectificacion.CuotaRecargoRectificado),
        ])
      : undefined,
    h('FechaOperacion', a.FechaOperacion),
    h('DescripcionOperacion', a.DescripcionOperacion),
    h('FacturaSimplificadaArt7273', a.FacturaSimplificadaArt7273),
    h('FacturaSinIdentifDestinatarioArt61d', a.FacturaSinIdentifDestinatarioArt61d),
    h('Macrodato', a.Macrodato),
    h('EmitidaPorTerceroODestinatario', a.EmitidaPorTerceroODestinatario),
    persona('Tercero', a.Tercero),
    a.Destinatarios?.length
      ? r(
          'Destinatarios',
          a.Destinatarios.map((d) => persona('IDDestinatario', d)),
        )
      : undefined,
    h('Cupon', a.Cupon),
    r('Desglose', a.Desglose.map(detalle)),
    h('CuotaTotal', a.CuotaTotal),
    h('ImporteTotal', a.ImporteTotal),
    encadenamiento(a.Encadenamiento),
    sistema(a.SistemaInformatico),
    h('FechaHoraHusoGenRegistro', a.FechaHoraHusoGenRegistro),
    h('NumRegistroAcuerdoFacturacion', a.NumRegistroAcuerdoFacturacion),
    h('IdAcuerdoSistemaInformatico', a.IdAcuerdoSistemaInformatico),
    h('TipoHuella', a.TipoHuella),
    h('Huella', a.Huella),
  ]) as Elemento;
}

function anulacion(a: RegistroAnulacion): Elemento {
  return r('RegistroAnulacion', [
    h('IDVersion', a.IDVersion),
    r('IDFactura', [
      h('IDEmisorFacturaAnulada', a.IDFactura.IDEmisorFacturaAnulada),
      h('NumSerieFacturaAnulada', a.IDFactura.NumSerieFacturaAnulada),
      h('FechaExpedicionFacturaAnulada', a.IDFactura.FechaExpedicionFacturaAnulada),
    ]),
    h('RefExterna', a.RefExterna),
    h('SinRegistroPrevio', a.SinRegistroPrevio),
    h('RechazoPrevio', a.RechazoPrevio),
    h('GeneradoPor', a.GeneradoPor),
    persona('Generador', a.Generador),
    encadenamiento(a.Encadenamiento),
    sistema(a.SistemaInformatico),
    h('FechaHoraHusoGenRegistro', a.FechaHoraHusoGenRegistro),
    h('TipoHuella', a.TipoHuella),
    h('Huella', a.Huella),
  ]) as Elemento;
}

export function elementoRegistro(registro: RegistroFacturacion): Elemento {
  return registro.TipoOperacion === 'Alta' ? alta(registro) : anulacion(registro);
}

/** The record alone (`sum1:RegistroAlta` / `sum1:RegistroAnulacion` with its namespace), for the viewer. */
export function xmlRegistro(registro: RegistroFacturacion): string {
  const e = elementoRegistro(registro);
  return serializar({ ...e, atributos: { 'xmlns:sum1': NS_SUMINISTRO_INFORMACION } });
}

const emisorDe = (r: RegistroFacturacion) =>
  r.TipoOperacion === 'Alta' ? r.IDFactura.IDEmisorFactura : r.IDFactura.IDEmisorFacturaAnulada;

function cabecera(c: Cabecera): Elemento {
  return rama('sum:Cabecera', [
    r('ObligadoEmision', [h('NombreRazon', c.ObligadoEmision.NombreRazon), h('NIF', c.ObligadoEmision.NIF)]),
    c.Representante
      ? r('Representante', [h('NombreRazon', c.Representante.NombreRazon), h('NIF', c.Representante.NIF)])
      : undefined,
    c.RemisionVoluntaria
      ? (r('RemisionVoluntaria', [
          h('FechaFinVeriFactu', c.RemisionVoluntaria.FechaFinVeriFactu),
          h('Incidencia', c.RemisionVoluntaria.Incidencia),
        ]) ?? { nombre: sf('RemisionVoluntaria') })
      : undefined,
    c.RemisionRequerimiento
      ? r('RemisionRequerimiento', [
          h('RefRequerimiento', c.RemisionRequerimiento.RefRequerimiento),
          h('FinRequerimiento', c.RemisionRequerimiento.FinRequerimiento),
        ])
      : undefined,
  ]) as Elemento;
}

/** The `sum:RegFactuSistemaFacturacion` element. Throws when the batch breaks the message's structural rules. */
export function elementoRegFactu(c: Cabecera, registros: readonly RegistroFacturacion[]): Elemento {
  if (registros.length === 0) throw new Error('Un envío necesita al menos un registro');
  if (registros.length > MAX_REGISTROS_POR_ENVIO) {
    throw new Error(`Un envío admite como máximo ${MAX_REGISTROS_POR_ENVIO} registros`);
  }
  const ajeno = registros.find((reg) => emisorDe(reg) !== c.ObligadoEmision.NIF);
  if (ajeno) throw new Error('Todos los registros de un envío deben ser del obligado de la cabecera (error 1108)');
  return {
    nombre: 'sum:RegFactuSistemaFacturacion',
    hijos: [
      cabecera(c),
      ...registros.map((reg) => ({ nombre: 'sum:RegistroFactura', hijos: [elementoRegistro(reg)] })),
    ],
  };
}

/** RegFactuSistemaFacturacion as a standalone document (no SOAP envelope), e.g. for an export. */
export function documentoRegFactu(c: Cabecera, registros: readonly RegistroFacturacion[]): string {
  const e = elementoRegFactu(c, registros);
  const raiz = { ...e, atributos: { 'xmlns:sum': NS_SUMINISTRO_LR, 'xmlns:sum1': NS_SUMINISTRO_INFORMACION } };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializar(raiz)}\n`;
}

/** The complete SOAP 1.1 request for the AEAT's RegFactuSistemaFacturacion operation. */
export function mensajeRegFactu(c: Cabecera, registros: readonly RegistroFacturacion[]): string {
  const sobre: Elemento = {
    nombre: 'soapenv:Envelope',
    atributos: { 'xmlns:soapenv': NS_SOAP_ENV, 'xmlns:sum': NS_SUMINISTRO_LR, 'xmlns:sum1': NS_SUMINISTRO_INFORMACION },
    hijos: [{ nombre: 'soapenv:Header' }, { nombre: 'soapenv:Body', hijos: [elementoRegFactu(c, registros)] }],
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializar(sobre)}\n`;
}
