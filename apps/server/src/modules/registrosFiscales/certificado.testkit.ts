import { randomBytes } from 'node:crypto';

/** A certificate upload as the configuration screen sends it: text fields (the password) and the .p12/.pfx file. */
export function multipartCertificado(campos: Record<string, string>, fichero: { nombre: string; bytes: Buffer }) {
  const b = `----faro${randomBytes(8).toString('hex')}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos)) {
    partes.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  partes.push(
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="fichero"; filename="${fichero.nombre}"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    fichero.bytes,
    Buffer.from(`\r\n--${b}--\r\n`),
  );
  return { body: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}
