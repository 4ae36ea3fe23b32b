import type { TLSSocket } from 'node:tls';
import { escucharMtls } from '../../registrosFiscales/servidorMtls.ts';
import { aCentesimas, calcularHuella, explicarErrorAeat, fechaHoraHuso, type RegistroFacturacion } from '../dominio.ts';
import { RUTA_VERIFACTU } from '../endpoints.ts';
import { type Elemento, hoja, rama, serializar } from '../xml/escritor.ts';
import { contenidoBody, hijo, hijos, type NodoXml, textoDe } from '../xml/lector.ts';

/**
 * A local stand-in for the AEAT's VERI*FACTU SOAP service, for tests and the demo: HTTPS on 127.0.0.1 with
 * mutual TLS (a client certificate is required), optional XSD validation of each request, and answers shaped like
 * the AEAT's (tikR/tik prefixes, RespuestaSuministro.xsd). It keeps what it registered, so duplicates (3000),
 * cancellations of unknown (3002) or already cancelled (3001) invoices, wrong huellas (2000), misuse of
 * PrimerRegistro (2007) and totals off by more than 10 € (2005/2006) come out as the AEAT would answer them.
 * Each test can queue behaviours: SOAP faults, hanging, cut connections, HTTP errors, slow answers.
 */

export const NS_RESPUESTA =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const NS_INFORMACION =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
const NS_SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';

export type Comportamiento =
  | { tipo: 'normal' }
  /** Answer a SOAP fault (HTTP 500) without looking at the request. */
  | { tipo: 'fault'; faultcode: 'env:Client' | 'env:Server'; codigo?: number; texto?: string }
  /** Never answer (the client's deadline fires). */
  | { tipo: 'colgar' }
  /** Register the records, then never answer: the "did it arrive?" case that makes retries need idempotency. */
  | { tipo: 'procesarYColgar' }
  /** Answer normally after a delay. */
  | { tipo: 'retraso'; ms: number }
  /** Close the connection without answering. */
  | { tipo: 'cortar' }
  /** Answer an arbitrary HTTP response (a proxy's error page, a 503…). */
  | { tipo: 'http'; estado: number; cuerpo: string; contentType?: string };

export interface RegistroRecibido {
  TipoOperacion: 'Alta' | 'Anulacion';
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  nodo: NodoXml;
}

export interface DecisionForzada {
  EstadoRegistro: 'AceptadoConErrores' | 'Incorrecto';
  CodigoErrorRegistro: number;
  DescripcionErrorRegistro?: string;
}

export interface OpcionesSimulador {
  certificados: { ca: string; servidor: { key: string; cert: string } };
  /** Seconds returned in TiempoEsperaEnvio (default 60). */
  tiempoEsperaEnvio?: number;
  /** XSD validation of the request: the list of errors (empty when valid). Errors → fault Codigo[4102]. */
  validarXsd?: (xml: string) => Promise<string[]>;
  /** Force the outcome of a record (e.g. 2001 for a recipient NIF "not in the census"). */
  decidir?: (registro: RegistroRecibido) => DecisionForzada | undefined;
  nifPresentador?: string;
}

export interface PeticionRecibida {
  xml: string;
  /** Subject of the client certificate presented. */
  certificado: string;
  nifObligado?: string;
  incidencia?: string;
  registros: number;
  respuesta?: string;
}

export interface RegistroSimulado {
  estado: 'Correcta' | 'AceptadaConErrores' | 'Anulada';
  idPeticion: string;
  codigo?: number;
}

export interface SimuladorAeat {
  url: string;
  peticiones: PeticionRecibida[];
  /** What the simulator holds, by `NIF|NumSerieFactura|FechaExpedicionFactura`. */
  registrados: Map<string, RegistroSimulado>;
  /** Behaviours for the next requests, in order (then 'normal'). */
  siguientes(...comportamientos: Comportamiento[]): void;
  cerrar(): Promise<void>;
}

interface Linea {
  registro: RegistroRecibido;
  EstadoRegistro: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  codigo?: number;
  descripcion?: string;
  duplicado?: RegistroSimulado;
}

const clave = (nif: string, num: string, fecha: string) => `${nif}|${num}|${fecha}`;
const tik = (nombre: string, valor: string | undefined) => hoja(`tik:${nombre}`, valor);
const tikR = (nombre: string, valor: string | undefined) => hoja(`tikR:${nombre}`, valor);

function fault(faultcode: string, faultstring: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NS_SOAP}"><env:Body><env:Fault>` +
    `<faultcode>${faultcode}</faultcode><faultstring>${faultstring.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</faultstring>` +
    '<detail><callstack>simulador</callstack></detail></env:Fault></env:Body></env:Envelope>'
  );
}

const faultAeat = (faultcode: string, codigo: number, detalle = '') =>
  fault(faultcode, `Codigo[${codigo}].${explicarErrorAeat(codigo).Explicacion}${detalle ? `: ${detalle}` : ''}`);

/** The huella-relevant fields of a received record, read back into the domain shape to recompute its huella. */
function huellaRecibida(n: NodoXml, tipo: 'Alta' | 'Anulacion'): string {
  const enc = hijo(n, 'Encadenamiento');
  const anterior = hijo(enc, 'RegistroAnterior');
  const encadenamiento = anterior
    ? {
        RegistroAnterior: {
          IDEmisorFactura: textoDe(anterior, 'IDEmisorFactura') ?? '',
          NumSerieFactura: textoDe(anterior, 'NumSerieFactura') ?? '',
          FechaExpedicionFactura: textoDe(anterior, 'FechaExpedicionFactura') ?? '',
          Huella: textoDe(anterior, 'Huella') ?? '',
        },
      }
    : { PrimerRegistro: 'S' as const };
  const fecha = textoDe(n, 'FechaHoraHusoGenRegistro') ?? '';
  const registro =
    tipo === 'Alta'
      ? {
          TipoOperacion: 'Alta',
          IDFactura: {
            IDEmisorFactura: textoDe(n, 'IDFactura', 'IDEmisorFactura') ?? '',
            NumSerieFactura: textoDe(n, 'IDFactura', 'NumSerieFactura') ?? '',
            FechaExpedicionFactura: textoDe(n, 'IDFactura', 'FechaExpedicionFactura') ?? '',
          },
          TipoFactura: textoDe(n, 'TipoFactura'),
          CuotaTotal: textoDe(n, 'CuotaTotal'),
          ImporteTotal: textoDe(n, 'ImporteTotal'),
          Encadenamiento: encadenamiento,
          FechaHoraHusoGenRegistro: fecha,
        }
      : {
          TipoOperacion: 'Anulacion',
          IDFactura: {
            IDEmisorFacturaAnulada: textoDe(n, 'IDFactura', 'IDEmisorFacturaAnulada') ?? '',
            NumSerieFacturaAnulada: textoDe(n, 'IDFactura', 'NumSerieFacturaAnulada') ?? '',
            FechaExpedicionFacturaAnulada: textoDe(n, 'IDFactura', 'FechaExpedicionFacturaAnulada') ?? '',
          },
          Encadenamiento: encadenamiento,
          FechaHoraHusoGenRegistro: fecha,
        };
  return calcularHuella(registro as unknown as RegistroFacturacion);
}

function totalesDescuadrados(n: NodoXml): number | undefined {
  const detalles = hijos(hijo(n, 'Desglose'), 'DetalleDesglose');
  const cent = (v: string | undefined) => (v ? aCentesimas(v) : 0n);
  try {
    const cuotas = detalles.reduce(
      (acc, d) => acc + cent(textoDe(d, 'CuotaRepercutida')) + cent(textoDe(d, 'CuotaRecargoEquivalencia')),
      0n,
    );
    const bases = detalles.reduce((acc, d) => acc + cent(textoDe(d, 'BaseImponibleOimporteNoSujeto')), 0n);
    const fuera = (a: bigint, b: bigint) => (a > b ? a - b : b - a) > 1000n;
    if (fuera(cent(textoDe(n, 'CuotaTotal')), cuotas)) return 2006;
    if (fuera(cent(textoDe(n, 'ImporteTotal')), bases + cuotas)) return 2005;
  } catch {
    return undefined;
  }
  return undefined;
}

export async function iniciarSimuladorAeat(opciones: OpcionesSimulador): Promise<SimuladorAeat> {
  const peticiones: PeticionRecibida[] = [];
  const registrados = new Map<string, RegistroSimulado>();
  const cadenas = new Set<string>();
  const cola: Comportamiento[] = [];
  let secuencia = 0;

  function procesar(cuerpo: NodoXml): { xml: string; nif: string; incidencia?: string; registros: number } {
    const cab = hijo(cuerpo, 'Cabecera');
    const obligado = hijo(cab, 'ObligadoEmision');
    const nif = textoDe(obligado, 'NIF') ?? '';
    const nombre = textoDe(obligado, 'NombreRazon') ?? '';
    const incidencia = textoDe(cab, 'RemisionVoluntaria', 'Incidencia');
    const idPeticion = `2026${String(++secuencia).padStart(12, '0')}`;
    const lineas: Linea[] = [];

    for (const rf of hijos(cuerpo, 'RegistroFactura')) {
      const nodo = rf.hijos[0]!;
      const tipo = nodo.local === 'RegistroAlta' ? 'Alta' : 'Anulacion';
      const sufijo = tipo === 'Alta' ? '' : 'Anulada';
      const registro: RegistroRecibido = {
        TipoOperacion: tipo,
        IDEmisorFactura: textoDe(nodo, 'IDFactura', `IDEmisorFactura${sufijo}`) ?? '',
        NumSerieFactura: textoDe(nodo, 'IDFactura', `NumSerieFactura${sufijo}`) ?? '',
        FechaExpedicionFactura: textoDe(nodo, 'IDFactura', `FechaExpedicionFactura${sufijo}`) ?? '',
        nodo,
      };
      const k = clave(registro.IDEmisorFactura, registro.NumSerieFactura, registro.FechaExpedicionFactura);
      const existente = registrados.get(k);
      const si = hijo(nodo, 'SistemaInformatico');
      const cadena = [
        nif,
        textoDe(si, 'NIF') ?? textoDe(si, 'IDOtro', 'ID'),
        textoDe(si, 'IdSistemaInformatico'),
        textoDe(si, 'NumeroInstalacion'),
      ].join('|');
      const rechazar = (codigo: number, duplicado?: RegistroSimulado): Linea => ({
        registro,
        EstadoRegistro: 'Incorrecto',
        codigo,
        descripcion: explicarErrorAeat(codigo).Explicacion,
        ...(duplicado ? { duplicado } : {}),
      });

      const linea = ((): Linea => {
        if (registro.IDEmisorFactura !== nif) return rechazar(1108);
        const forzada = opciones.decidir?.(registro);
        if (forzada?.EstadoRegistro === 'Incorrecto') {
          return {
            registro,
            EstadoRegistro: 'Incorrecto',
            codigo: forzada.CodigoErrorRegistro,
            descripcion: forzada.DescripcionErrorRegistro,
          };
        }
        let aviso: number | undefined = forzada?.CodigoErrorRegistro;
        if (tipo === 'Alta') {
          const subsanacion = textoDe(nodo, 'Subsanacion') === 'S';
          if (!subsanacion && existente) return rechazar(3000, existente);
          if (subsanacion && !existente && textoDe(nodo, 'RechazoPrevio') !== 'X') return rechazar(3002);
          if (subsanacion && existente?.estado === 'Anulada') return rechazar(3001);
        } else {
          if (!existente && textoDe(nodo, 'SinRegistroPrevio') !== 'S') return rechazar(3002);
          if (existente?.estado === 'Anulada') return rechazar(3001);
        }
        if (aviso === undefined && huellaRecibida(nodo, tipo) !== textoDe(nodo, 'Huella')) aviso = 2000;
        if (aviso === undefined && hijo(hijo(nodo, 'Encadenamiento'), 'PrimerRegistro') && cadenas.has(cadena))
          aviso = 2007;
        if (aviso === undefined && tipo === 'Alta') aviso = totalesDescuadrados(nodo);
        return aviso === undefined
          ? { registro, EstadoRegistro: 'Correcto' }
          : {
              registro,
              EstadoRegistro: 'AceptadoConErrores',
              codigo: aviso,
              descripcion: forzada?.DescripcionErrorRegistro ?? explicarErrorAeat(aviso).Explicacion,
            };
      })();

      if (linea.EstadoRegistro !== 'Incorrecto') {
        cadenas.add(cadena);
        if (tipo === 'Alta') {
          registrados.set(k, {
            estado: linea.EstadoRegistro === 'Correcto' ? 'Correcta' : 'AceptadaConErrores',
            idPeticion,
            ...(linea.codigo ? { codigo: linea.codigo } : {}),
          });
        } else {
          registrados.set(k, { estado: 'Anulada', idPeticion });
        }
      }
      lineas.push(linea);
    }

    const todas = (e: Linea['EstadoRegistro']) => lineas.every((l) => l.EstadoRegistro === e);
    const estadoEnvio = todas('Correcto') ? 'Correcto' : todas('Incorrecto') ? 'Incorrecto' : 'ParcialmenteCorrecto';
    const respuesta = rama(
      'tikR:RespuestaRegFactuSistemaFacturacion',
      [
        estadoEnvio !== 'Incorrecto' ? tikR('CSV', `A-${idPeticion.slice(-14).padStart(14, 'X')}`) : undefined,
        estadoEnvio !== 'Incorrecto'
          ? rama('tikR:DatosPresentacion', [
              tik('NIFPresentador', opciones.nifPresentador ?? nif),
              tik('TimestampPresentacion', fechaHoraHuso(new Date())),
            ])
          : undefined,
        rama('tikR:Cabecera', [
          rama('tik:ObligadoEmision', [tik('NombreRazon', nombre), tik('NIF', nif)]),
          incidencia ? rama('tik:RemisionVoluntaria', [tik('Incidencia', incidencia)]) : undefined,
        ]),
        tikR('TiempoEsperaEnvio', String(opciones.tiempoEsperaEnvio ?? 60)),
        tikR('EstadoEnvio', estadoEnvio),
        ...lineas.map((l) => {
          const n = l.registro.nodo;
          return rama('tikR:RespuestaLinea', [
            rama('tikR:IDFactura', [
              tik('IDEmisorFactura', l.registro.IDEmisorFactura),
              tik('NumSerieFactura', l.registro.NumSerieFactura),
              tik('FechaExpedicionFactura', l.registro.FechaExpedicionFactura),
            ]),
            rama('tikR:Operacion', [
              tik('TipoOperacion', l.registro.TipoOperacion),
              tik('Subsanacion', textoDe(n, 'Subsanacion')),
              tik('RechazoPrevio', textoDe(n, 'RechazoPrevio')),
              tik('SinRegistroPrevio', textoDe(n, 'SinRegistroPrevio')),
            ]),
            tikR('RefExterna', textoDe(n, 'RefExterna')),
            tikR('EstadoRegistro', l.EstadoRegistro),
            tikR('CodigoErrorRegistro', l.codigo === undefined ? undefined : String(l.codigo)),
            tikR('DescripcionErrorRegistro', l.descripcion),
            l.duplicado
              ? rama('tikR:RegistroDuplicado', [
                  tik('IdPeticionRegistroDuplicado', l.duplicado.idPeticion),
                  tik('EstadoRegistroDuplicado', l.duplicado.estado),
                  tik('CodigoErrorRegistro', l.duplicado.codigo === undefined ? undefined : String(l.duplicado.codigo)),
                ])
              : undefined,
          ]);
        }),
      ],
      { 'xmlns:tikR': NS_RESPUESTA, 'xmlns:tik': NS_INFORMACION },
    ) as Elemento;
    const sobre: Elemento = {
      nombre: 'env:Envelope',
      atributos: { 'xmlns:env': NS_SOAP },
      hijos: [{ nombre: 'env:Header' }, { nombre: 'env:Body', hijos: [respuesta] }],
    };
    return {
      xml: `<?xml version="1.0" encoding="UTF-8"?>\n${serializar(sobre)}\n`,
      nif,
      ...(incidencia ? { incidencia } : {}),
      registros: lineas.length,
    };
  }

  const servidor = await escucharMtls(opciones.certificados, async (req, bytes, res) => {
    const xml = bytes.toString('utf8');
    const sujeto = (req.socket as TLSSocket).getPeerCertificate()?.subject;
    const peticion: PeticionRecibida = {
      xml,
      certificado: sujeto ? `${sujeto.serialNumber ?? ''} ${sujeto.CN ?? ''}`.trim() : '',
      registros: 0,
    };
    peticiones.push(peticion);
    const responder = (estado: number, cuerpo: string, tipo = 'text/xml; charset=utf-8') => {
      peticion.respuesta = cuerpo;
      res.writeHead(estado, { 'Content-Type': tipo });
      res.end(cuerpo);
    };
    if (req.method !== 'POST') return responder(405, faultAeat('env:Client', 4135));
    if (req.url !== RUTA_VERIFACTU) return responder(404, '<html><body>No encontrado</body></html>', 'text/html');

    const comportamiento = cola.shift() ?? { tipo: 'normal' };
    switch (comportamiento.tipo) {
      case 'colgar':
        return;
      case 'cortar':
        req.socket.destroy();
        return;
      case 'http':
        return responder(comportamiento.estado, comportamiento.cuerpo, comportamiento.contentType ?? 'text/html');
      case 'fault':
        return responder(
          500,
          comportamiento.codigo === undefined
            ? fault(comportamiento.faultcode, comportamiento.texto ?? 'Error')
            : faultAeat(comportamiento.faultcode, comportamiento.codigo, comportamiento.texto),
        );
    }

    let cuerpo: NodoXml;
    try {
      cuerpo = contenidoBody(xml);
    } catch (e) {
      return responder(500, faultAeat('env:Client', 4103, (e as Error).message));
    }
    if (opciones.validarXsd) {
      const errores = await opciones.validarXsd(xml);
      if (errores.length) return responder(500, faultAeat('env:Client', 4102, errores[0]));
    }
    if (cuerpo.local !== 'RegFactuSistemaFacturacion')
      return responder(500, faultAeat('env:Client', 4102, cuerpo.local));
    const resultado = procesar(cuerpo);
    peticion.nifObligado = resultado.nif;
    peticion.registros = resultado.registros;
    if (resultado.incidencia) peticion.incidencia = resultado.incidencia;
    if (comportamiento.tipo === 'procesarYColgar') return;
    if (comportamiento.tipo === 'retraso') {
      setTimeout(() => responder(200, resultado.xml), comportamiento.ms);
      return;
    }
    responder(200, resultado.xml);
  });

  return {
    url: `${servidor.base}${RUTA_VERIFACTU}`,
    peticiones,
    registrados,
    siguientes: (...c) => {
      cola.push(...c);
    },
    cerrar: servidor.cerrar,
  };
}
