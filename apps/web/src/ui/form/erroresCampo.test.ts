import { describe, expect, it } from 'vitest';
import { ligarSelect } from './erroresCampo.ts';

describe('ligarSelect', () => {
  it('binds a select to a text field: null when empty, the pick written back, cleared to empty, the error', () => {
    let v = { Cuenta: '', Esquema: 'CORE' };
    const set = (n: typeof v) => {
      v = n;
    };
    expect(ligarSelect(v, set, { Cuenta: 'Obligatorio' })('Cuenta')).toMatchObject({
      value: null,
      error: 'Obligatorio',
    });
    ligarSelect(v, set)('Cuenta').onChange('7');
    expect(v).toEqual({ Cuenta: '7', Esquema: 'CORE' });
    ligarSelect(v, set)('Esquema').onChange(null);
    expect(v).toEqual({ Cuenta: '7', Esquema: '' });
    expect(ligarSelect(v, set)('Cuenta').value).toBe('7');
  });
});
