import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Throwaway X.509 material for the local AEAT simulator: a CA, a server certificate for 127.0.0.1/localhost and a
 * client certificate (PKCS#12 with password, like the one a company uploads). Node cannot issue certificates by
 * itself, so this uses the `openssl` command-line tool (Debian's `openssl` package, present on the machine images).
 * Keys are P-256: generation takes milliseconds. Certificates last two days.
 */

export interface CertificadosPrueba {
  /** PEM of the CA that signed both certificates (the client trusts it for the server and vice versa). */
  ca: string;
  servidor: { key: string; cert: string };
  cliente: { pfx: Buffer; passphrase: string; cert: string; nif: string };
}

export interface OpcionesCertificados {
  /** NIF in the client certificate's subject (serialNumber), default 89890001K (AEAT test NIF). */
  nif?: string;
  nombre?: string;
  passphrase?: string;
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

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function generarCertificadosPrueba(opciones: OpcionesCertificados = {}): CertificadosPrueba {
  const nif = opciones.nif ?? '89890001K';
  const nombre = opciones.nombre ?? 'EMPRESA DE PRUEBA';
  const passphrase = opciones.passphrase ?? 'faro-prueba';
  const dir = mkdtempSync(join(tmpdir(), 'faro-aeat-'));
  try {
    openssl(dir, [
      'req',
      '-x509',
      ...EC,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=Faro simulador AEAT CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    writeFileSync(
      join(dir, 'srv.ext'),
      'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
    );
    writeFileSync(join(dir, 'cli.ext'), 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n');
    openssl(dir, ['req', ...EC, '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1']);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      'srv.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'srv.crt',
      '-days',
      '2',
      '-extfile',
      'srv.ext',
    ]);
    openssl(dir, [
      'req',
      ...EC,
      '-keyout',
      'cli.key',
      '-out',
      'cli.csr',
      '-subj',
      `/serialNumber=IDCES-${nif}/CN=${nombre} - ${nif}`,
    ]);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      'cli.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'cli.crt',
      '-days',
      '2',
      '-extfile',
      'cli.ext',
    ]);
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
