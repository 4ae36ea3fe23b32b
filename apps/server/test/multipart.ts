import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file field, as a browser's file-upload POST sends it. */
export function multipartFile(
  filename: string,
  content: Uint8Array | string,
  contentType = 'application/octet-stream',
  field = 'fichero',
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----faro${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  return {
    body: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
