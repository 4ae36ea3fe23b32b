import { describe, expect, it } from 'vitest';
import { camposDelCanal, esCodigoDir3, esIdPeppol, MSG_CANAL_EFACTURA, reglaCanalEfactura } from './canales.ts';

describe('the customer’s e-invoice channel', () => {
  it('knows DIR3 codes and Peppol participant ids by their shape', () => {
    expect(['L01281965', 'EA0008537', 'GE0000001'].every(esCodigoDir3)).toBe(true);
    expect(['L0128196', 'L012819650', 'ABCDEFGHI', '101281965', 'l01281965'].some(esCodigoDir3)).toBe(false);
    expect(['0208:0123456789', '9920:ESB12345678', '0088:5790000435975'].every(esIdPeppol)).toBe(true);
    expect(['ESB12345678', '208:123', '0208:', '0208:ab cd'].some(esIdPeppol)).toBe(false);
  });

  it('asks FACe for the three DIR3 units and Peppol for the id, and checks any code given', () => {
    expect(reglaCanalEfactura({ CanalEfactura: 'face', Dir3OficinaContable: 'l01281965' }).map((i) => i.Campo)).toEqual(
      ['Dir3OrganoGestor', 'Dir3UnidadTramitadora'],
    );
    expect(reglaCanalEfactura({ CanalEfactura: 'peppol' })).toEqual([
      { Campo: 'PeppolId', Mensaje: MSG_CANAL_EFACTURA.peppolObligatorio },
    ]);
    expect(reglaCanalEfactura({ CanalEfactura: 'spfe', Dir3OrganoGestor: 'X1' })).toEqual([
      { Campo: 'Dir3OrganoGestor', Mensaje: MSG_CANAL_EFACTURA.dir3 },
    ]);
    expect(reglaCanalEfactura({ CanalEfactura: null })).toEqual([]);
  });

  it('shows DIR3 fields with FACe and the Peppol id with Peppol only', () => {
    expect(camposDelCanal('face')).toHaveLength(3);
    expect(camposDelCanal('peppol')).toEqual(['PeppolId']);
    expect(camposDelCanal('spfe')).toEqual([]);
  });
});
