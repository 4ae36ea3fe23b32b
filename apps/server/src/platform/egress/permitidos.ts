import { type Direccion, enRed, leerDireccion, leerRed, normalizar, type Red } from './direcciones.ts';

/**
 * The platform's allow-list of destinations that are not public Internet hosts (or are reached over plain HTTP):
 * `FARO_DESTINOS_PERMITIDOS`, set by whoever runs the server, never by a company. Comma-separated entries:
 *
 *   nombre | nombre:puerto                       a host name (exact, any address it resolves to)
 *   1.2.3.4 | 1.2.3.4:25 | 10.0.0.0/8 | 10.0.0.0/8:25
 *   [::1] | [::1]:25 | [fd00::/8] | [fd00::/8]:25 | ::1 | fd00::/8
 *
 * Without a port an entry allows every port. Addresses match after unwrapping IPv4-mapped IPv6, so `127.0.0.1`
 * also allows `::ffff:127.0.0.1`. Besides the variable, the server itself adds the local simulators it starts
 * (`permitirDestino`), for their exact address and port.
 */

export interface Entrada {
  nombre?: string;
  red?: Red;
  puerto?: number;
}

export class ListaNoValida extends Error {}

const normalizarNombre = (n: string) => n.trim().toLowerCase().replace(/\.$/, '');

function leerPuerto(texto: string | undefined, entrada: string): number | undefined {
  if (texto === undefined) return undefined;
  const p = Number(texto);
  if (!/^\d+$/.test(texto) || p < 1 || p > 65535) {
    throw new ListaNoValida(`FARO_DESTINOS_PERMITIDOS: el puerto de «${entrada}» no es válido`);
  }
  return p;
}

export function leerEntrada(texto: string): Entrada {
  const e = texto.trim();
  const noValida = () => new ListaNoValida(`FARO_DESTINOS_PERMITIDOS: la entrada «${e}» no es válida`);
  const corchetes = /^\[([^\]]+)\](?::(.*))?$/.exec(e);
  if (corchetes) {
    const red = leerRed(corchetes[1]!);
    if (!red) throw noValida();
    return { red, puerto: leerPuerto(corchetes[2], e) };
  }
  // Two colons or more: a bare IPv6 address or network, no port.
  if ((e.match(/:/g)?.length ?? 0) > 1) {
    const red = leerRed(e);
    if (!red) throw noValida();
    return { red };
  }
  const [destino, puerto] = e.split(':') as [string, string | undefined];
  const red = leerRed(destino);
  if (red) return { red, puerto: leerPuerto(puerto, e) };
  if (destino.includes('/') || !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?\.?$/i.test(destino)) throw noValida();
  return { nombre: normalizarNombre(destino), puerto: leerPuerto(puerto, e) };
}

export function leerLista(texto: string | undefined): Entrada[] {
  return (texto ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map(leerEntrada);
}

let cache: { texto: string; entradas: Entrada[] } | undefined;
const delServidor: Entrada[] = [];

/** The entries in force: the variable (read on every call, so a test can empty it) plus the server's own. */
export function entradas(): Entrada[] {
  const texto = process.env.FARO_DESTINOS_PERMITIDOS ?? '';
  if (cache?.texto !== texto) cache = { texto, entradas: leerLista(texto) };
  return [...cache.entradas, ...delServidor];
}

/**
 * Allows one destination the server itself starts (the demo's AEAT and Diputación simulators on 127.0.0.1, on a
 * port chosen at start): `https://127.0.0.1:40123/x` allows exactly 127.0.0.1:40123. Returns the undo.
 */
export function permitirDestino(url: string): () => void {
  const u = new URL(url);
  const entrada = leerEntrada(`${u.hostname}:${u.port || (u.protocol === 'https:' ? 443 : 80)}`);
  delServidor.push(entrada);
  return () => {
    const i = delServidor.indexOf(entrada);
    if (i >= 0) delServidor.splice(i, 1);
  };
}

const puertoVale = (e: Entrada, puerto: number) => e.puerto === undefined || e.puerto === puerto;

/** Whether the allow-list names this host name on this port. */
export function nombrePermitido(nombre: string, puerto: number): boolean {
  const n = normalizarNombre(nombre);
  return entradas().some((e) => e.nombre === n && puertoVale(e, puerto));
}

/** Whether the allow-list names this address on this port. */
export function direccionPermitida(direccion: Direccion, puerto: number): boolean {
  const d = normalizar(direccion);
  return entradas().some((e) => e.red && puertoVale(e, puerto) && (enRed(d, e.red) || enRed(direccion, e.red)));
}

export const esDireccion = (texto: string) => leerDireccion(texto) !== null;
