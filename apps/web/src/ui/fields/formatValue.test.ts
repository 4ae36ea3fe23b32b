import type { FieldDef } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { FORMATTERS } from './formatValue.ts';

const precio = { kind: 'money', label: 'Precio de venta', scale: 4 } as FieldDef;

describe('list formatters', () => {
  it('shows a 4-decimal price as an amount: two decimals, more only when they count', () => {
    expect(FORMATTERS.money('59.0000', precio)).toBe('59,00 €');
    expect(FORMATTERS.money('12.3450', precio)).toBe('12,345 €');
    expect(FORMATTERS.money('0.1234', precio)).toBe('0,1234 €');
    expect(FORMATTERS.money('1234.5', { ...precio, scale: 2 })).toBe('1.234,50 €');
    expect(FORMATTERS.money('27059.6400', precio)).toBe('27.059,64 €');
  });
});
