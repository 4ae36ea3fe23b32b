import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Throwaway X.509 material for a channel's local simulator: a CA, a server certificate for 127.0.0.1/localhost and
 * a client certificate (PKCS#12 with password, like the one a company uploads). Node cannot issue certificates by
 * itself, so this uses the `openssl` command-line tool (Debian's `openssl` package, present on the machine images).
 * Each channel declares its key type, names and client extensions (`PerfilCertificados`). Certificates last two
 * days.
 */

export interface CertificadosPrueba {
  /** PEM of the CA that signed both certificates (the client trusts it for the server and vice versa). */
  ca: string;
  servidor: { key: string; cert: string };
  cliente: { pfx: Buffer; passphrase: string; cert: string; nif: string };
}

export interface OpcionesCertificados {
  /** NIF in the client certificate's subject (serialNumber); the channel's test NIF by default. */
  nif?: string;
  nombre?: string;
  passphrase?: string;
}

/** What differs between channels: key, folder prefix, subjects, the client's extensions and the defaults. */
export interface PerfilCertificados {
  /** `openssl req` key arguments (`-newkey …`). */
  clave: readonly string[];
  carpeta: string;
  sujetoCa: string;
  /** Prefix of the client subject before `serialNumber` ('' or '/C=ES'). */
  paisCliente: string;
  extensionesCliente: string;
  nif: string;
  nombre: string;
}

function openssl(dir: string, args: string[]): void {
  try {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: Buffer };
    if (err.code === 'ENOENT') {
      throw new Error(
        'Falta la herramienta openssl (paquete Debian "openssl") para generar los certificados de prueba',
      );
    }
    throw new Error(`openssl ${args[0]} falló: ${err.stderr?.toString() ?? err.message}`);
  }
}

/** `openssl x509 -req` signing `nombre.csr` with the CA into `nombre.crt` with the extensions of `nombre.ext`. */
function firmarConCa(dir: string, nombre: string): void {
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${nombre}.csr`,
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    `${nombre}.crt`,
    '-days',
    '2',
    '-extfile',
    `${nombre}.ext`,
  ]);
}

export function generarCertificados(
  perfil: PerfilCertificados,
  opciones: OpcionesCertificados = {},
): CertificadosPrueba {
  const nif = opciones.nif ?? perfil.nif;
  const nombre = opciones.nombre ?? perfil.nombre;
  const passphrase = opciones.passphrase ?? 'faro-prueba';
  const clave = [...perfil.clave];
  const dir = mkdtempSync(join(tmpdir(), perfil.carpeta));
  try {
    openssl(dir, [
      'req',
      '-x509',
      ...clave,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      perfil.sujetoCa,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    writeFileSync(
      join(dir, 'srv.ext'),
      'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
    );
    writeFileSync(join(dir, 'cli.ext'), perfil.extensionesCliente);
    openssl(dir, ['req', ...clave, '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1']);
    firmarConCa(dir, 'srv');
    const sujeto = `${perfil.paisCliente}/serialNumber=IDCES-${nif}/CN=${nombre} - ${nif}`;
    openssl(dir, ['req', ...clave, '-keyout', 'cli.key', '-out', 'cli.csr', '-subj', sujeto]);
    firmarConCa(dir, 'cli');
    openssl(dir, [
      // Without the CA inside: Node would trust the CAs of a PKCS#12 for the server too, hiding trust errors.
      'pkcs12',
      '-export',
      '-inkey',
      'cli.key',
      '-in',
      'cli.crt',
      '-out',
      'cli.p12',
      '-passout',
      `pass:${passphrase}`,
    ]);
    const leer = (f: string) => readFileSync(join(dir, f), 'utf8');
    return {
      ca: leer('ca.crt'),
      servidor: { key: leer('srv.key'), cert: leer('srv.crt') },
      cliente: { pfx: readFileSync(join(dir, 'cli.p12')), passphrase, cert: leer('cli.crt'), nif },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
