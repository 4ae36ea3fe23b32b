import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { almacenS3, firmarSigV4 } from './almacenS3.ts';

const CRED = {
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('SigV4 signer', () => {
  it("gives AWS's published signature of the GET Object example", () => {
    const h = firmarSigV4(CRED, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      fecha: new Date('2013-05-24T00:00:00Z'),
    });
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** A minimal path-style S3 endpoint: checks each request's signature, keeps objects in memory. */
const objetos = new Map<string, Buffer>();
const rechazadas: string[] = [];
let server: ReturnType<typeof createServer>;
let endpoint = '';
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c) => partes.push(c));
    req.on('end', () => {
      const body = Buffer.concat(partes);
      const url = new URL(req.url!, `http://${req.headers.host}`);
      const amz = String(req.headers['x-amz-date']);
      const fecha = new Date(
        `${amz.slice(0, 4)}-${amz.slice(4, 6)}-${amz.slice(6, 11)}:${amz.slice(11, 13)}:${amz.slice(13)}`,
      );
      const esperado = firmarSigV4(CRED, { method: req.method!, url, body: body.length ? body : undefined, fecha });
      if (req.headers.authorization !== esperado.authorization) {
        rechazadas.push(`${req.method} ${url.pathname}`);
        res.statusCode = 403;
        return res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      }
      const k = url.pathname;
      if (req.method === 'PUT') objetos.set(k, body);
      if (req.method === 'DELETE') objetos.delete(k);
      if (req.method === 'GET' && !objetos.has(k)) res.statusCode = 404;
      res.statusCode = req.method === 'DELETE' ? 204 : res.statusCode;
      res.end(req.method === 'GET' ? (objetos.get(k) ?? '<Error><Code>NoSuchKey</Code></Error>') : '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('almacenS3 (document manager store in an S3-compatible bucket)', () => {
  it('puts, gets and deletes objects under the same keys, signed', async () => {
    const s3 = almacenS3({ ...CRED, endpoint, bucket: 'faro-docs' });
    const clave = '7/0b5c1f2e-3d4a-4b6c-8d9e-0f1a2b3c4d5e';
    const datos = Buffer.from('%PDF-1.4\n%prueba\n');
    await s3.guardar(clave, datos);
    expect(objetos.get(`/faro-docs/${clave}`)?.equals(datos)).toBe(true);
    expect((await s3.leer(clave))?.equals(datos)).toBe(true);
    await s3.borrar(clave);
    expect(await s3.leer(clave)).toBeNull();
    expect(rechazadas).toEqual([]);
    const mala = almacenS3({ ...CRED, secretAccessKey: 'otra', endpoint, bucket: 'faro-docs' });
    await expect(mala.guardar(clave, datos)).rejects.toThrow(/almacén S3 rechazó guardar el documento \(código 403\)/);
  });
});
