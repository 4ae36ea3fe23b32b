/**
 * A keep-alive HTTP/1.1 client on a bare socket, for the load loops. The request goes out as one buffer and the
 * answer is read by its length (or its chunks), without node:http's parser, agent and streams.
 *
 * Why: on 2 shared cores the load generator runs beside the server, so every millisecond of client CPU is taken from
 * the server's figures. node:http spent about a quarter of a list request's CPU on the client side; this loop keeps
 * it small, the way wrk and autocannon do. One request at a time per connection (no pipelining).
 */
import net from 'node:net';

export interface RespuestaCruda {
  status: number;
  /** Body bytes. */
  bytes: number;
  /** The start of the body (300 characters) when the status is 300 or over; empty otherwise. */
  text: string;
  ms: number;
}

interface Pendiente {
  resolve: (r: RespuestaCruda) => void;
  reject: (e: Error) => void;
  t0: number;
  timer: NodeJS.Timeout;
}

const FIN_CABECERAS = Buffer.from('\r\n\r\n');

/** Where a chunked body ends (index after its last CRLF), or -1 while incomplete. */
function finTrozos(b: Buffer, desde: number): number {
  let i = desde;
  for (;;) {
    const eol = b.indexOf('\r\n', i);
    if (eol < 0) return -1;
    const tam = Number.parseInt(b.toString('latin1', i, eol), 16);
    if (Number.isNaN(tam)) throw new Error('respuesta troceada ilegible');
    if (tam === 0) {
      const fin = b.indexOf(FIN_CABECERAS, eol);
      return fin < 0 ? -1 : fin + 4;
    }
    i = eol + 2 + tam + 2;
    if (i > b.length) return -1;
  }
}

export class ConexionCruda {
  private socket: net.Socket | null = null;
  private trozos: Buffer[] = [];
  private largo = 0;
  private pendiente: Pendiente | null = null;
  private readonly host: string;
  private readonly port: number;

  constructor(
    base: string,
    private readonly cabeceras: Record<string, string>,
    private readonly plazoMs = 30_000,
  ) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  send(method: string, path: string, body?: unknown): Promise<RespuestaCruda> {
    if (this.pendiente) return Promise.reject(new Error('una petición a la vez por conexión'));
    const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
    let cabecera = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [k, v] of Object.entries(this.cabeceras)) cabecera += `${k}: ${v}\r\n`;
    if (payload) cabecera += `content-type: application/json\r\ncontent-length: ${payload.length}\r\n`;
    else if (method !== 'GET' && method !== 'HEAD') cabecera += 'content-length: 0\r\n';
    cabecera += '\r\n';
    const salida = payload
      ? Buffer.concat([Buffer.from(cabecera, 'latin1'), payload])
      : Buffer.from(cabecera, 'latin1');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fallar(new Error(`timeout ${method} ${path}`)), this.plazoMs);
      this.pendiente = { resolve, reject, t0: performance.now(), timer };
      this.conectada().write(salida);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private conectada(): net.Socket {
    if (this.socket) return this.socket;
    const s = net.connect({ host: this.host, port: this.port, noDelay: true });
    // A socket already replaced (closed after a `connection: close` answer) must not touch the next request.
    s.on('data', (c: Buffer) => this.socket === s && this.recibir(c));
    s.on('error', (e) => this.socket === s && this.fallar(e));
    s.on('close', () => this.socket === s && this.fallar(new Error('conexión cerrada por el servidor')));
    this.socket = s;
    return s;
  }

  private fallar(e: Error): void {
    const p = this.pendiente;
    this.close();
    this.trozos = [];
    this.largo = 0;
    if (!p) return;
    this.pendiente = null;
    clearTimeout(p.timer);
    p.reject(e);
  }

  private recibir(c: Buffer): void {
    const p = this.pendiente;
    // Bytes nobody asked for are not kept: they would be read as the next request's answer.
    if (!p) return;
    this.trozos.push(c);
    this.largo += c.length;
    const b = this.trozos.length === 1 ? this.trozos[0]! : Buffer.concat(this.trozos, this.largo);
    this.trozos = [b];
    const finCab = b.indexOf(FIN_CABECERAS);
    if (finCab < 0) return;
    const cab = b.toString('latin1', 0, finCab).toLowerCase();
    const status = Number(cab.slice(9, 12));
    const inicio = finCab + 4;
    let fin: number;
    const largo = /\r\ncontent-length:\s*(\d+)/.exec(cab);
    try {
      if (largo) fin = inicio + Number(largo[1]);
      else if (/\r\ntransfer-encoding:\s*chunked/.test(cab)) fin = finTrozos(b, inicio);
      else fin = inicio;
    } catch (e) {
      this.fallar(e as Error);
      return;
    }
    if (fin < 0 || b.length < fin) return;
    this.trozos = [];
    this.largo = 0;
    this.pendiente = null;
    clearTimeout(p.timer);
    if (/\r\nconnection:\s*close/.test(cab)) this.close();
    p.resolve({
      status,
      bytes: fin - inicio,
      text: status >= 300 ? b.toString('utf8', inicio, Math.min(fin, inicio + 300)) : '',
      ms: performance.now() - p.t0,
    });
  }
}
