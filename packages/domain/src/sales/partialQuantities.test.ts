import { describe, expect, it } from 'vitest';
import { cantidadPendiente, cantidadTexto, superaPendiente } from './documents.ts';

describe('partial conversions: pending quantities', () => {
  it.each([
    ['2.000', '0', '2.000'],
    ['2.000', '0.500', '1.500'],
    ['2.000', '2.000', '0.000'],
    ['2.000', '3', '0.000'],
    ['-2.000', '-0.5', '-1.500'],
    ['-2.000', '1', '-3.000'],
    ['0.000', '0', '0.000'],
  ])('%s carried %s → pending %s', (cantidad, llevado, pendiente) => {
    expect(cantidadPendiente(cantidad, llevado)).toBe(pendiente);
  });

  it.each([
    ['1.5', '1.500', false],
    ['1.501', '1.500', true],
    ['0', '1.500', false],
    ['-1', '1.500', true],
    ['1', '0.000', true],
    ['-1', '-1.500', false],
    ['-2', '-1.500', true],
  ] as const)('%s asked of %s pending → too much: %s', (pedida, pendiente, supera) => {
    expect(superaPendiente(pedida, pendiente)).toBe(supera);
  });

  it('writes quantities as users read them', () => {
    expect(cantidadTexto('2.500')).toBe('2,5');
    expect(cantidadTexto('3.000')).toBe('3');
    expect(cantidadTexto('-0.250')).toBe('-0,25');
  });
});
