import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import { cantidadPendiente, cantidadTexto, superaPendiente } from './documents.ts';

describe('partial conversions: pending quantities', () => {
  casos('%s carried %s → pending %s', cantidadPendiente, [
    ['2.000', '0', '2.000'],
    ['2.000', '0.500', '1.500'],
    ['2.000', '2.000', '0.000'],
    ['2.000', '3', '0.000'],
    ['-2.000', '-0.5', '-1.500'],
    ['-2.000', '1', '-3.000'],
    ['0.000', '0', '0.000'],
  ]);

  casos('%s asked of %s pending → too much: %s', superaPendiente, [
    ['1.5', '1.500', false],
    ['1.501', '1.500', true],
    ['0', '1.500', false],
    ['-1', '1.500', true],
    ['1', '0.000', true],
    ['-1', '-1.500', false],
    ['-2', '-1.500', true],
  ]);

  it('writes quantities as users read them', () => {
    expect(cantidadTexto('2.500')).toBe('2,5');
    expect(cantidadTexto('3.000')).toBe('3');
    expect(cantidadTexto('-0.250')).toBe('-0,25');
  });
});
