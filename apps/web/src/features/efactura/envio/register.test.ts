import { describe, expect, it } from 'vitest';
import { FIELD_VISIBLE } from '../../../ui/extensions.ts';
import './register.ts';

describe('the customer form’s e-invoice fields', () => {
  const visible = (campo: string, valores: Record<string, unknown>) => FIELD_VISIBLE[`clientes.${campo}`]!(valores);

  it('shows the DIR3 units with FACe and the Peppol id with Peppol, and hides them with any other channel', () => {
    expect(visible('Dir3UnidadTramitadora', { CanalEfactura: 'face' })).toBe(true);
    expect(visible('Dir3UnidadTramitadora', { CanalEfactura: 'spfe' })).toBe(false);
    expect(visible('PeppolId', { CanalEfactura: 'peppol' })).toBe(true);
    expect(visible('PeppolId', { CanalEfactura: null })).toBe(false);
  });

  it('keeps a field that holds a value in sight, so a code left behind can still be corrected', () => {
    expect(visible('PeppolId', { CanalEfactura: 'spfe', PeppolId: '0208:123' })).toBe(true);
  });
});
