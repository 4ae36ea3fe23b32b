import { type ErrorAeat, explicarErrorAeat, type SiNo } from './dominio.ts';
import { contenidoBody, hijo, hijos, type NodoXml, textoDe, XmlMalFormado } from './xml/lector.ts';

/**
 * The AEAT's answer to a RegFactuSistemaFacturacion (RespuestaSuministro.xsd) or a SOAP fault, as plain data.
 */

export type EstadoEnvio = 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
export type EstadoRegistro = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

export interface RespuestaLinea {
  IDFactura: { IDEmisorFactura: string; NumSerieFactura: string; FechaExpedicionFactura: string };
  Operacion: {
    TipoOperacion: 'Alta' | 'Anulacion';
    Subsanacion?: SiNo;
    RechazoPrevio?: string;
    SinRegistroPrevio?: SiNo;
  };
  RefExterna?: string;
  EstadoRegistro: EstadoRegistro;
  CodigoErrorRegistro?: number;
  DescripcionErrorRegistro?: string;
  RegistroDuplicado?: {
    IdPeticionRegistroDuplicado: string;
    EstadoRegistroDuplicado: 'Correcta' | 'AceptadaConErrores' | 'Anulada';
    CodigoErrorRegistro?: number;
    DescripcionErrorRegistro?: string;
  };
  /** Our Spanish explanation of CodigoErrorRegistro, with the field to fix. */
  Error?: ErrorAeat;
}

export interface RespuestaEnvio {
  tipo: 'respuesta';
  CSV?: string;
  DatosPresentacion?: { NIFPresentador: string; TimestampPresentacion: string };
  /** Seconds to wait before the next submission (unless 1,000 records are queued). */
  TiempoEsperaEnvio: number;
  EstadoEnvio: EstadoEnvio;
  RespuestaLinea: RespuestaLinea[];
}

export interface FaultSoap {
  tipo: 'fault';
  /** 'env:Client' (fix the message) or 'env:Server' (send again later), as received. */
  faultcode: string;
  faultstring: string;
  /** The AEAT code inside the faultstring ('Codigo[4102].…'), when present. */
  Codigo?: number;
  /** Server faults are transient; client faults need the message fixed. */
  reintentable: boolean;
  Error?: ErrorAeat;
}

export type ResultadoAeat = RespuestaEnvio | FaultSoap;

export class RespuestaNoValida extends Error {
  constructor(mensaje: string) {
    super(mensaje);
    this.name = 'RespuestaNoValida';
  }
}

const ESTADOS_ENVIO: readonly EstadoEnvio[] = ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'];
const ESTADOS_REGISTRO: readonly EstadoRegistro[] = ['Correcto', 'AceptadoConErrores', 'Incorrecto'];

function obligatorio(nodo: NodoXml | undefined, ...ruta: string[]): string {
  const valor = textoDe(nodo, ...ruta);
  if (valor === undefined) throw new RespuestaNoValida(`Falta ${ruta.join('/')} en la respuesta de la AEAT`);
  return valor;
}

function entero(valor: string | undefined): number | undefined {
  return valor === undefined || !/^\d+$/.test(valor) ? undefined : Number(valor);
}

function compacto<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function linea(n: NodoXml): RespuestaLinea {
  const estado = obligatorio(n, 'EstadoRegistro') as EstadoRegistro;
  if (!ESTADOS_REGISTRO.includes(estado)) throw new RespuestaNoValida(`EstadoRegistro desconocido: ${estado}`);
  const tipo = obligatorio(n, 'Operacion', 'TipoOperacion');
  if (tipo !== 'Alta' && tipo !== 'Anulacion') throw new RespuestaNoValida(`TipoOperacion desconocido: ${tipo}`);
  const codigo = entero(textoDe(n, 'CodigoErrorRegistro'));
  const descripcion = textoDe(n, 'DescripcionErrorRegistro');
  const duplicado = hijo(n, 'RegistroDuplicado');
  return compacto<RespuestaLinea>({
    IDFactura: {
      IDEmisorFactura: obligatorio(n, 'IDFactura', 'IDEmisorFactura'),
      NumSerieFactura: obligatorio(n, 'IDFactura', 'NumSerieFactura'),
      FechaExpedicionFactura: obligatorio(n, 'IDFactura', 'FechaExpedicionFactura'),
    },
    Operacion: compacto({
      TipoOperacion: tipo,
      Subsanacion: textoDe(n, 'Operacion', 'Subsanacion') as SiNo | undefined,
      RechazoPrevio: textoDe(n, 'Operacion', 'RechazoPrevio'),
      SinRegistroPrevio: textoDe(n, 'Operacion', 'SinRegistroPrevio') as SiNo | undefined,
    }),
    RefExterna: textoDe(n, 'RefExterna'),
    EstadoRegistro: estado,
    CodigoErrorRegistro: codigo,
    DescripcionErrorRegistro: descripcion,
    RegistroDuplicado: duplicado
      ? compacto({
          IdPeticionRegistroDuplicado: obligatorio(duplicado, 'IdPeticionRegistroDuplicado'),
          EstadoRegistroDuplicado: obligatorio(duplicado, 'EstadoRegistroDuplicado') as 'Correcta',
          CodigoErrorRegistro: entero(textoDe(duplicado, 'CodigoErrorRegistro')),
          DescripcionErrorRegistro: textoDe(duplicado, 'DescripcionErrorRegistro'),
        })
      : undefined,
    Error: codigo === undefined ? undefined : explicarErrorAeat(codigo, descripcion),
  });
}

/** Parses the body of an AEAT answer. Throws `RespuestaNoValida` (or `XmlMalFormado`) when it is neither. */
export function leerRespuestaAeat(xml: string): ResultadoAeat {
  let contenido: NodoXml;
  try {
    contenido = contenidoBody(xml);
  } catch (e) {
    if (e instanceof XmlMalFormado) throw new RespuestaNoValida(`La AEAT respondió algo que no es SOAP: ${e.message}`);
    throw e;
  }
  if (contenido.local === 'Fault') {
    const faultcode = obligatorio(contenido, 'faultcode');
    const faultstring = textoDe(contenido, 'faultstring') ?? '';
    const codigo = entero(/Codigo\[(\d+)\]/.exec(faultstring)?.[1]);
    return compacto<FaultSoap>({
      tipo: 'fault',
      faultcode,
      faultstring,
      Codigo: codigo,
      reintentable: /(^|:)Server$/.test(faultcode),
      Error: codigo === undefined ? undefined : explicarErrorAeat(codigo, faultstring),
    });
  }
  if (contenido.local !== 'RespuestaRegFactuSistemaFacturacion') {
    throw new RespuestaNoValida(`Respuesta inesperada de la AEAT: ${contenido.local}`);
  }
  const estado = obligatorio(contenido, 'EstadoEnvio') as EstadoEnvio;
  if (!ESTADOS_ENVIO.includes(estado)) throw new RespuestaNoValida(`EstadoEnvio desconocido: ${estado}`);
  const espera = entero(obligatorio(contenido, 'TiempoEsperaEnvio'));
  if (espera === undefined) throw new RespuestaNoValida('TiempoEsperaEnvio no es un número');
  const datos = hijo(contenido, 'DatosPresentacion');
  return compacto<RespuestaEnvio>({
    tipo: 'respuesta',
    CSV: textoDe(contenido, 'CSV'),
    DatosPresentacion: datos
      ? {
          NIFPresentador: obligatorio(datos, 'NIFPresentador'),
          TimestampPresentacion: obligatorio(datos, 'TimestampPresentacion'),
        }
      : undefined,
    TiempoEsperaEnvio: espera,
    EstadoEnvio: estado,
    RespuestaLinea: hijos(contenido, 'RespuestaLinea').map(linea),
  });
}
