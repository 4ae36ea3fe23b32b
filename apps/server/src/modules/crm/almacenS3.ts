import { createHash, createHmac } from 'node:crypto';
import { peticionSaliente } from '../../platform/egress/http.ts';
import type { Almacen } from './almacen.ts';

export interface ConfigS3 {
  /** The service's base URL, path-style (`http://127.0.0.1:4569`, `https://s3.eu-west-1.amazonaws.com`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (d: string | Buffer) => createHash('sha256').update(d).digest('hex');
const hmac = (k: string | Buffer, d: string) => createHmac('sha256', k).update(d).digest();
/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 of one request (the `Authorization` header and the headers it signs). Signs `host`,
 * `x-amz-content-sha256`, `x-amz-date` and any extra header given; the payload hash is the body's SHA-256.
 */
export function firmarSigV4(
  c: Pick<ConfigS3, 'region' | 'accessKeyId' | 'secretAccessKey'>,
  r: { method: string; url: URL; headers?: Record<string, string>; body?: Buffer; fecha: Date },
): Record<string, string> {
  const amzDate = r.fecha.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const dia = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: r.url.host,
    'x-amz-content-sha256': sha256(r.body ?? ''),
    'x-amz-date': amzDate,
    ...Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
  };
  const nombres = Object.keys(headers).sort();
  const query = [...r.url.searchParams.entries()]
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
  const canonica = [
    r.method,
    r.url.pathname
      .split('/')
      .map((p) => enc(decodeURIComponent(p)))
      .join('/'),
    query,
    nombres.map((n) => `${n}:${headers[n]}\n`).join(''),
    nombres.join(';'),
    headers['x-amz-content-sha256'],
  ].join('\n');
  const ambito = `${dia}/${c.region}/s3/aws4_request`;
  const aFirmar = ['AWS4-HMAC-SHA256', amzDate, ambito, sha256(canonica)].join('\n');
  const clave = hmac(hmac(hmac(hmac(`AWS4${c.secretAccessKey}`, dia), c.region), 's3'), 'aws4_request');
  const firma = createHmac('sha256', clave).update(aFirmar).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${c.accessKeyId}/${ambito}, SignedHeaders=${nombres.join(';')}, Signature=${firma}`,
  };
}

/**
 * The document manager's bytes in an S3-compatible bucket (path-style URLs): PutObject, GetObject and DeleteObject
 * under the same keys as the local store (`{empresa}/{uuid}`), signed with SigV4. No SDK: three calls and a signer.
 */
export function almacenS3(c: ConfigS3, ahora: () => Date = () => new Date()): Almacen {
  const url = (clave: string) =>
    new URL(`${c.endpoint.replace(/\/$/, '')}/${enc(c.bucket)}/${clave.split('/').map(enc).join('/')}`);
  const llamar = async (method: string, clave: string, body?: Buffer) => {
    const u = url(clave);
    const headers = firmarSigV4(c, { method, url: u, body, fecha: ahora() });
    delete headers.host;
    // The endpoint is the operator's (FARO_S3_ENDPOINT), not a company's: trusted, still through the egress door.
    const res = await peticionSaliente({
      url: u,
      metodo: method,
      cabeceras: headers,
      cuerpo: body,
      dePlataforma: true,
      timeoutMs: 120_000,
      maxBytes: 256 * 1024 * 1024,
    });
    return { ...res, ok: res.estado >= 200 && res.estado < 300 };
  };
  return {
    async guardar(clave, datos) {
      const res = await llamar('PUT', clave, datos);
      if (!res.ok) throw new Error(`El almacén S3 rechazó guardar el documento (código ${res.estado})`);
    },
    async leer(clave) {
      const res = await llamar('GET', clave);
      if (res.estado === 404) return null;
      if (!res.ok) throw new Error(`El almacén S3 rechazó leer el documento (código ${res.estado})`);
      return res.cuerpo;
    },
    async borrar(clave) {
      const res = await llamar('DELETE', clave);
      if (!res.ok && res.estado !== 404) {
        throw new Error(`El almacén S3 rechazó borrar el documento (código ${res.estado})`);
      }
    },
  };
}

/** The S3 store when `FARO_S3_ENDPOINT` and `FARO_S3_BUCKET` are set (keys in `FARO_S3_ACCESS_KEY`/`_SECRET_KEY`). */
export function almacenS3DeEntorno(env: NodeJS.ProcessEnv = process.env): Almacen | null {
  if (!env.FARO_S3_ENDPOINT || !env.FARO_S3_BUCKET) return null;
  return almacenS3({
    endpoint: env.FARO_S3_ENDPOINT,
    bucket: env.FARO_S3_BUCKET,
    region: env.FARO_S3_REGION ?? 'us-east-1',
    accessKeyId: env.FARO_S3_ACCESS_KEY ?? '',
    secretAccessKey: env.FARO_S3_SECRET_KEY ?? '',
  });
}
