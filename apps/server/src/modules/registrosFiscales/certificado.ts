import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { verifactuConfig } from '../../platform/tenancy/tables.ts';

/**
 * The company's certificate store, one for every fiscal channel (VeriFactu, TicketBAI/LROE and what follows): the
 * client certificate (.p12/.pfx) and its password in `verifactu_config`, each encrypted with AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server secret. The password is never returned.
 */

export const MSG_CERTIFICADO = {
  invalido: 'El certificado no es un .p12/.pfx válido o la contraseña no es correcta',
  sinFichero: 'No existe el fichero',
  grande: 'El fichero es demasiado grande (máximo 64 KB)',
  extension: 'El certificado debe ser un fichero .p12 o .pfx',
} as const;

function clave(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'faro-verifactu', 'certificado-empresa', 32));
}

/** iv.tag.ciphertext in base64url. */
export function cifrar(secret: string, datos: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', clave(secret), iv);
  const cuerpo = Buffer.concat([c.update(datos), c.final()]);
  return [iv, c.getAuthTag(), cuerpo].map((b) => b.toString('base64url')).join('.');
}

export function descifrar(secret: string, texto: string): Buffer {
  const [iv, tag, cuerpo] = texto.split('.').map((p) => Buffer.from(p, 'base64url'));
  const d = createDecipheriv('aes-256-gcm', clave(secret), iv!);
  d.setAuthTag(tag!);
  return Buffer.concat([d.update(cuerpo!), d.final()]);
}

/** Throws a 400 unless the bytes are a PKCS#12 that opens with this password. */
export function comprobarCertificado(pfx: Buffer, passphrase: string): void {
  try {
    createSecureContext({ pfx, passphrase });
  } catch {
    throw badRequest(MSG_CERTIFICADO.invalido);
  }
}

/** The stored (encrypted) columns of a certificate. */
export function valoresCertificado(secret: string, pfx: Buffer, passphrase: string, nombre: string) {
  return {
    certificado: cifrar(secret, pfx),
    certificadoClave: cifrar(secret, Buffer.from(passphrase, 'utf8')),
    certificadoNombre: nombre,
    certificadoSubido: new Date().toISOString(),
  };
}

/**
 * The certificate upload of a channel's screen: one .p12/.pfx file (≤ 64 KB) and its password in one of
 * `camposClave`, checked to open, stored encrypted. Spanish 400s for a missing, large, misnamed or unreadable file.
 */
export async function subirCertificado(
  request: FastifyRequest,
  scope: Scope,
  secret: string,
  camposClave: readonly string[],
): Promise<void> {
  if (!request.isMultipart()) throw badRequest(MSG_CERTIFICADO.sinFichero);
  let fichero: { nombre: string; bytes: Buffer } | null = null;
  let password = '';
  try {
    for await (const part of request.parts({ limits: { fileSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw badRequest(MSG_CERTIFICADO.grande);
        fichero = { nombre: part.filename || 'certificado.p12', bytes };
      } else if (camposClave.includes(part.fieldname)) {
        password = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(MSG_CERTIFICADO.grande);
  }
  if (!fichero || fichero.bytes.length === 0) throw badRequest(MSG_CERTIFICADO.sinFichero);
  if (!/\.(p12|pfx)$/i.test(fichero.nombre)) throw badRequest(MSG_CERTIFICADO.extension);
  comprobarCertificado(fichero.bytes, password);
  await guardarCertificado(scope, valoresCertificado(secret, fichero.bytes, password, fichero.nombre));
}

/** Stores the company's certificate (with any other values of its `verifactu_config` row), over the one it had. */
export async function guardarCertificado(
  scope: Scope,
  valores: Omit<typeof verifactuConfig.$inferInsert, 'empresaId'>,
) {
  await scope.insert(verifactuConfig, valores).onConflictDoUpdate({ target: verifactuConfig.empresaId, set: valores });
}
