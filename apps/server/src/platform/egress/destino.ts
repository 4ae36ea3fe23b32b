import { promises as dns, type LookupAddress } from 'node:dns';
import { type Direccion, esPublica, leerDireccion } from './direcciones.ts';
import { direccionPermitida, nombrePermitido } from './permitidos.ts';

/**
 * Where an outbound call may go. Every destination is resolved (all its addresses) and each address must be a
 * public Internet host, unless the platform's allow-list names it (`permitidos.ts`). The same check runs when a
 * company saves a setting (a field error) and again when the server connects, and the connection goes to exactly
 * the addresses checked, so a name that later resolves elsewhere (DNS rebinding) cannot slip between the two.
 */

export const MSG_SALIDA = {
  /** Every refusal and every network failure: the same words, so the answers cannot map an internal network. */
  conexion: 'No se pudo conectar con el servicio externo. Revisa la dirección configurada.',
  noPermitida: 'La dirección no está permitida: debe ser un servidor público de Internet',
  https: 'La dirección debe empezar por https://',
  puertoSmtp: 'El puerto del servidor de correo debe ser 25, 465, 587 o 2525',
  respuestaGrande: 'La respuesta del servicio externo es demasiado grande',
  certificado: 'El certificado de la empresa no se puede usar para conectar',
} as const;

export type CausaSalida = 'no-permitido' | 'red' | 'timeout' | 'tls' | 'respuesta' | 'certificado';

/**
 * A refused or failed outbound call. Its message is always MSG_SALIDA.conexion (or the size limit's); `causa` is
 * for the code only (a VeriFactu timeout leaves the answer unknown, a refusal does not), never for the user.
 */
export class ErrorSalida extends Error {
  constructor(
    readonly causa: CausaSalida,
    mensaje: string = MSG_SALIDA.conexion,
    /** Why a destination was refused, for the field error when a company saves it (never at connect). */
    readonly motivo: 'direccion' | 'https' | 'puerto' = 'direccion',
  ) {
    super(mensaje);
    this.name = 'ErrorSalida';
  }
}

/** Name → every address (`dns.lookup` with all: true, as the operating system resolves it). Tests inject one. */
export type Resolutor = (nombre: string) => Promise<LookupAddress[]>;
const resolutorDelSistema: Resolutor = (nombre) => dns.lookup(nombre, { all: true, verbatim: true });
let resolutor: Resolutor = resolutorDelSistema;

/** Replaces the resolver (null: the system's again). For tests that simulate DNS rebinding. */
export function fijarResolutor(r: Resolutor | null): void {
  resolutor = r ?? resolutorDelSistema;
}

const ESPERA_DNS_MS = 5_000;

/** Names that never mean a public host: localhost, mDNS, one-label intranet names, private and reserved zones. */
function nombreLocal(nombre: string): boolean {
  return (
    !nombre.includes('.') ||
    /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa|invalid|test|example)$/.test(nombre)
  );
}

export interface Destino {
  /** The host as written (name or address, IPv6 without brackets), lower case. */
  nombre: string;
  puerto: number;
  /** The addresses checked: the only ones a connection may use. */
  direcciones: LookupAddress[];
  /** The allow-list names it (plain HTTP and other SMTP ports are then allowed). */
  enLista: boolean;
}

export interface OpcionesComprobar {
  /**
   * Set by whoever runs the server (SMTP_URL, FARO_S3_ENDPOINT), not by a company: any address is allowed. The
   * call still goes through here: the same pinning, timeouts and uniform errors.
   */
  dePlataforma?: boolean;
}

/**
 * `[::1]` → `::1`; lower case; no trailing dot; the numeric IPv4 spellings (`2130706433`, `0177.1`, `0x7f.1`) as
 * the dotted address they mean. Anything that is not a plain host name or address → '' (refused).
 */
export function nombreDeHost(host: string): string {
  const h = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (!/^[a-z0-9.:%_-]+$/i.test(h)) return '';
  if (h.includes(':')) return leerDireccion(h) ? h.toLowerCase() : '';
  try {
    return new URL(`http://${h}/`).hostname.replace(/\.$/, '');
  } catch {
    return '';
  }
}

const admitida = (d: Direccion, puerto: number, nombreEnLista: boolean, o: OpcionesComprobar) =>
  o.dePlataforma || nombreEnLista || direccionPermitida(d, puerto) || esPublica(d);

/**
 * Resolves and checks a destination. Throws ErrorSalida('no-permitido') for a refused one and
 * ErrorSalida('red') when the name does not resolve; callers that show a message show MSG_SALIDA.conexion.
 */
export async function comprobarDestino(host: string, puerto: number, o: OpcionesComprobar = {}): Promise<Destino> {
  const nombre = nombreDeHost(host);
  const nombreEnLista = nombrePermitido(nombre, puerto);
  const literal = leerDireccion(nombre);
  let direcciones: LookupAddress[];
  if (literal) {
    direcciones = [{ address: nombre, family: literal.familia }];
  } else {
    if (!nombre || (!nombreEnLista && !o.dePlataforma && nombreLocal(nombre))) throw new ErrorSalida('no-permitido');
    direcciones = await resolver(nombre);
  }
  let todasEnLista = direcciones.length > 0;
  for (const a of direcciones) {
    const d = leerDireccion(a.address);
    if (!d || !admitida(d, puerto, nombreEnLista, o)) throw new ErrorSalida('no-permitido');
    if (!direccionPermitida(d, puerto)) todasEnLista = false;
  }
  return { nombre, puerto, direcciones, enLista: nombreEnLista || todasEnLista };
}

async function resolver(nombre: string): Promise<LookupAddress[]> {
  let reloj: NodeJS.Timeout | undefined;
  try {
    const r = await Promise.race([
      resolutor(nombre),
      new Promise<never>((_, rechazar) => {
        reloj = setTimeout(() => rechazar(new ErrorSalida('timeout')), ESPERA_DNS_MS);
      }),
    ]);
    if (!r.length) throw new ErrorSalida('red');
    return r;
  } catch (e) {
    throw e instanceof ErrorSalida ? e : new ErrorSalida('red');
  } finally {
    clearTimeout(reloj);
  }
}

/** Default port of a URL's scheme. */
export function puertoDe(u: URL): number {
  return Number(u.port) || (u.protocol === 'https:' ? 443 : 80);
}

/**
 * An HTTP(S) URL a company set: https, or plain http only to a destination in the allow-list. Throws
 * ErrorSalida('no-permitido') otherwise.
 */
export async function comprobarUrl(url: string | URL, o: OpcionesComprobar = {}): Promise<Destino> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ErrorSalida('no-permitido');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new ErrorSalida('no-permitido', MSG_SALIDA.conexion, 'https');
  const destino = await comprobarDestino(u.hostname, puertoDe(u), o).catch((e: ErrorSalida) => {
    // Plain HTTP needs the allow-list: a name that does not resolve cannot be shown to be in it.
    throw u.protocol === 'http:' && !o.dePlataforma && e.causa !== 'no-permitido'
      ? new ErrorSalida('no-permitido', e.message, 'https')
      : e;
  });
  if (u.protocol === 'http:' && !destino.enLista && !o.dePlataforma) {
    throw new ErrorSalida('no-permitido', MSG_SALIDA.conexion, 'https');
  }
  return destino;
}

/** The ports a company's own SMTP server may use without the allow-list. */
export const PUERTOS_SMTP = new Set([25, 465, 587, 2525]);

/** A company's SMTP server: a checked destination on a standard submission port (others only in the list). */
export async function comprobarSmtp(host: string, puerto: number, o: OpcionesComprobar = {}): Promise<Destino> {
  const destino = await comprobarDestino(host, puerto, o);
  if (!PUERTOS_SMTP.has(puerto) && !destino.enLista && !o.dePlataforma) {
    throw new ErrorSalida('no-permitido', MSG_SALIDA.conexion, 'puerto');
  }
  return destino;
}
