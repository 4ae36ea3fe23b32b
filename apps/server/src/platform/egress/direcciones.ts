import { isIPv4, isIPv6 } from 'node:net';

/**
 * IP addresses as numbers, and whether one is a public Internet address. An outbound call may only reach a public
 * address unless the platform's allow-list names the destination (`permitidos.ts`): everything a company can type
 * (loopback, the cloud metadata service, the private LAN, the database port) is refused by classification alone,
 * before any packet leaves.
 */

export interface Direccion {
  familia: 4 | 6;
  /** 32 bits for IPv4, 128 for IPv6. */
  valor: bigint;
}

function ipv4(texto: string): bigint | null {
  if (!isIPv4(texto)) return null;
  return texto.split('.').reduce((n, p) => (n << 8n) | BigInt(Number(p)), 0n);
}

function ipv6(texto: string): bigint | null {
  if (!isIPv6(texto)) return null;
  let t = texto.replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hexadecimal groups.
  const cola = /(\d+\.\d+\.\d+\.\d+)$/.exec(t);
  if (cola) {
    const v = ipv4(cola[1]!)!;
    t = `${t.slice(0, cola.index)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const [cabeza, resto] = t.split('::') as [string, string | undefined];
  const a = cabeza ? cabeza.split(':') : [];
  const b = resto === undefined ? [] : resto ? resto.split(':') : [];
  const grupos = resto === undefined ? a : [...a, ...Array(8 - a.length - b.length).fill('0'), ...b];
  return grupos.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g, 16)), 0n);
}

/** `127.0.0.1`, `::1`, `[::1]`, `fe80::1%eth0` → the address; anything else → null. */
export function leerDireccion(texto: string): Direccion | null {
  const t = texto.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = ipv4(t);
  if (v4 !== null) return { familia: 4, valor: v4 };
  const v6 = ipv6(t);
  return v6 === null ? null : { familia: 6, valor: v6 };
}

export interface Red {
  familia: 4 | 6;
  base: bigint;
  bits: number;
}

/** `10.0.0.0/8`, `fd00::/8`, or a single address (`/32`, `/128`). */
export function leerRed(texto: string): Red | null {
  const [ip, prefijo] = texto.split('/') as [string, string | undefined];
  const d = leerDireccion(ip);
  if (!d) return null;
  const max = d.familia === 4 ? 32 : 128;
  const bits = prefijo === undefined ? max : Number(prefijo);
  if (!Number.isInteger(bits) || bits < 0 || bits > max || (prefijo !== undefined && !/^\d+$/.test(prefijo))) {
    return null;
  }
  return { familia: d.familia, base: d.valor >> BigInt(max - bits), bits };
}

export function enRed(d: Direccion, r: Red): boolean {
  if (d.familia !== r.familia) return false;
  const max = d.familia === 4 ? 32 : 128;
  return d.valor >> BigInt(max - r.bits) === r.base;
}

const redes = (lista: string[]) => lista.map((r) => leerRed(r)!);

/** IPv4 special-purpose blocks (IANA registry): none of them is a public Internet host. */
const NO_PUBLICAS_V4 = redes([
  '0.0.0.0/8', // "this network", 0.0.0.0 unspecified
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata services
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
]);

/** IPv6 global unicast is 2000::/3; inside it these blocks are not public hosts. */
const UNICAST_GLOBAL = leerRed('2000::/3')!;
const NO_PUBLICAS_V6 = redes([
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: an IPv4 address inside
  '3fff::/20', // documentation
]);
/** IPv4 inside IPv6: mapped (::ffff:a.b.c.d) and NAT64's well-known prefix (64:ff9b::a.b.c.d). */
const CON_IPV4_DENTRO = redes(['::ffff:0:0/96', '64:ff9b::/96']);

/** The IPv4 address an IPv4-mapped or NAT64 IPv6 address stands for; the address itself otherwise. */
export function normalizar(d: Direccion): Direccion {
  if (d.familia === 6 && CON_IPV4_DENTRO.some((r) => enRed(d, r))) {
    return { familia: 4, valor: d.valor & 0xffffffffn };
  }
  return d;
}

/** Whether the address is a public Internet host (not loopback, private, link-local, multicast, reserved…). */
export function esPublica(direccion: Direccion): boolean {
  const d = normalizar(direccion);
  if (d.familia === 4) return !NO_PUBLICAS_V4.some((r) => enRed(d, r));
  return enRed(d, UNICAST_GLOBAL) && !NO_PUBLICAS_V6.some((r) => enRed(d, r));
}
