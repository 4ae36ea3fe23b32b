import { describe, expect, it } from 'vitest';
import { enumOptions } from './enumOptions.ts';

describe('enumOptions', () => {
  it('lists value and label in the order written', () => {
    expect(enumOptions({ caja: 'Caja', banco: 'Cuenta corriente', '01': 'Uno' })).toEqual([
      { value: 'caja', label: 'Caja' },
      { value: 'banco', label: 'Cuenta corriente' },
      { value: '01', label: 'Uno' },
    ]);
  });

  it('refuses a value that JavaScript would move to the front', () => {
    expect(() => enumOptions({ a: 'A', '10': 'Diez' })).toThrow('cambiaría el orden');
  });
});
