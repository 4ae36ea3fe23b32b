import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Throwaway X.509 material for TicketBAI: a CA, a server certificate for 127.0.0.1/localhost (the simulator) and
 * the company's certificate as a PKCS#12 with password. RSA 2048 (the TicketBAI signature policy asks for RSA keys
 * over 1024 bits), made with the `openssl` CLI. Valid two days.
 */
export interface CertificadosTbai {
  ca: string;
  servidor: { key: string; cert: string };
  cliente: { pfx: Buffer; passphrase: string; cert: string; nif: string };
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

const RSA = ['-newkey', 'rsa:2048', '-nodes'];

export function generarCertificadosTbai(
  op: { nif?: string; nombre?: string; passphrase?: string } = {},
): CertificadosTbai {
  const nif = op.nif ?? '99999974E';
  const nombre = op.nombre ?? 'EMPRESA DE PRUEBA TICKETBAI';
  const passphrase = op.passphrase ?? 'faro-prueba';
  const dir = mkdtempSync(join(tmpdir(), 'faro-tbai-'));
  try {
    openssl(dir, [
      'req',
      '-x509',
      ...RSA,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/C=ES/O=Faro/CN=Faro simulador TicketBAI CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    writeFileSync(
      join(dir, 'srv.ext'),
      'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
    );
    writeFileSync(
      join(dir, 'cli.ext'),
      'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=clientAuth,emailProtection\n',
    );
    openssl(dir, ['req', ...RSA, '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1']);
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
      ...RSA,
      '-keyout',
      'cli.key',
      '-out',
      'cli.csr',
      '-subj',
      `/C=ES/serialNumber=IDCES-${nif}/CN=${nombre} - ${nif}`,
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
