import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * xmlsec1 (an XML-DSig implementation independent of Faro's) as the tests' verdict on a signed file, trusting only
 * the given test CA: `verifica(xml)` is true when the signature checks out. `cerrar()` removes its folder.
 */
export function verificadorXmlsec(ca: string): { verifica(xml: string): boolean; cerrar(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'faro-xmlsec-'));
  const confianza = join(dir, 'ca.pem');
  writeFileSync(confianza, ca);
  let n = 0;
  return {
    verifica(xml) {
      const f = join(dir, `f${++n}.xml`);
      writeFileSync(f, xml);
      return spawnSync('xmlsec1', ['--verify', '--trusted-pem', confianza, f], { stdio: 'ignore' }).status === 0;
    },
    cerrar: () => rmSync(dir, { recursive: true, force: true }),
  };
}
