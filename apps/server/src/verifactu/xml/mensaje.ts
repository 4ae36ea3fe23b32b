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

/** The leaves named as the record's own fields, in the given (the XSD's) order: `<sum1:X>` holds `o.X`. */
function hojas<K extends string>(o: Partial<Record<K, string>>, nombres: readonly K[]) {
  return nombres.map((n) => h(n, o[n]));
}

const ID_FACTURA = ['IDEmisorFactura', 'NumSerieFactura', 'FechaExpedicionFactura'] as const;

function idOtro(o: IDOtro | undefined) {
  return o ? r('IDOtro', hojas(o, ['CodigoPais', 'IDType', 'ID'])) : undefined;
}

function persona(nombre: string, p: PersonaFisicaJuridica | undefined) {
  return p ? r(nombre, [...hojas(p, ['NombreRazon', 'NIF']), idOtro(p.IDOtro)]) : undefined;
}

function idFacturaAR(nombre: string, f: IDFactura) {
  return r(nombre, hojas(f, ID_FACTURA));
}

function encadenamiento(e: Encadenamiento) {
  if ('PrimerRegistro' in e) return r('Encadenamiento', [h('PrimerRegistro', e.PrimerRegistro)]);
  return r('Encadenamiento', [r('RegistroAnterior', hojas(e.RegistroAnterior, [...ID_FACTURA, 'Huella']))]);
}

function sistema(s: SistemaInformatico) {
  return r('SistemaInformatico', [
    ...hojas(s, ['NombreRazon', 'NIF']),
    idOtro(s.IDOtro),
    ...hojas(s, [
      'NombreSistemaInformatico',
      'IdSistemaInformatico',
      'Version',
      'NumeroInstalacion',
      'TipoUsoPosibleSoloVerifactu',
      'TipoUsoPosibleMultiOT',
      'IndicadorMultiplesOT',
    ]),
  ]);
}

function detalle(d: DetalleDesglose) {
  return r(
    'DetalleDesglose',
    hojas(d, [
      'Impuesto',
      'ClaveRegimen',
      'CalificacionOperacion',
      'OperacionExenta',
      'TipoImpositivo',
      'BaseImponibleOimporteNoSujeto',
      'BaseImponibleACoste',
      'CuotaRepercutida',
      'TipoRecargoEquivalencia',
      'CuotaRecargoEquivalencia',
    ]),
  );
}

/** A wrapper element around one child per item, left out when there are none. */
function lista<T>(nombre: string, items: readonly T[] | undefined, hijo: (item: T) => Elemento | undefined) {
  return items?.length ? r(nombre, items.map(hijo)) : undefined;
}

function alta(a: RegistroAlta): Elemento {
  return r('RegistroAlta', [
    h('IDVersion', a.IDVersion),
    idFacturaAR('IDFactura', a.IDFactura),
    ...hojas(a, [
      'RefExterna',
      'NombreRazonEmisor',
      'Subsanacion',
      'RechazoPrevio',
      'TipoFactura',
      'TipoRectificativa',
    ]),
    lista('FacturasRectificadas', a.FacturasRectificadas, (f) => idFacturaAR('IDFacturaRectificada', f)),
    lista('FacturasSustituidas', a.FacturasSustituidas, (f) => idFacturaAR('IDFacturaSustituida', f)),
    a.ImporteRectificacion
      ? r(
          'ImporteRectificacion',
          hojas(a.ImporteRectificacion, ['BaseRectificada', 'CuotaRectificada', 'CuotaRecargoRectificado']),
        )
      : undefined,
    ...hojas(a, [
      'FechaOperacion',
      'DescripcionOperacion',
      'FacturaSimplificadaArt7273',
      'FacturaSinIdentifDestinatarioArt61d',
      'Macrodato',
      'EmitidaPorTerceroODestinatario',
    ]),
    persona('Tercero', a.Tercero),
    lista('Destinatarios', a.Destinatarios, (d) => persona('IDDestinatario', d)),
    h('Cupon', a.Cupon),
    r('Desglose', a.Desglose.map(detalle)),
    ...hojas(a, ['CuotaTotal', 'ImporteTotal']),
    encadenamiento(a.Encadenamiento),
    sistema(a.SistemaInformatico),
    ...hojas(a, [
      'FechaHoraHusoGenRegistro',
      'NumRegistroAcuerdoFacturacion',
      'IdAcuerdoSistemaInformatico',
      'TipoHuella',
      'Huella',
    ]),
  ]) as Elemento;
}

function anulacion(a: RegistroAnulacion): Elemento {
  return r('RegistroAnulacion', [
    h('IDVersion', a.IDVersion),
    r(
      'IDFactura',
      hojas(a.IDFactura, ['IDEmisorFacturaAnulada', 'NumSerieFacturaAnulada', 'FechaExpedicionFacturaAnulada']),
    ),
    ...hojas(a, ['RefExterna', 'SinRegistroPrevio', 'RechazoPrevio', 'GeneradoPor']),
    persona('Generador', a.Generador),
    encadenamiento(a.Encadenamiento),
    sistema(a.SistemaInformatico),
    ...hojas(a, ['FechaHoraHusoGenRegistro', 'TipoHuella', 'Huella']),
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
    r('ObligadoEmision', hojas(c.ObligadoEmision, ['NombreRazon', 'NIF'])),
    c.Representante ? r('Representante', hojas(c.Representante, ['NombreRazon', 'NIF'])) : undefined,
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
