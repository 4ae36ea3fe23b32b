import { describe, expect, it } from 'vitest';
import { PAUSE_DEBOUNCE_MS, PAUSE_MAX_SUGGESTIONS, pauseSuggestions } from './pauseSuggestions.ts';

describe('pause-reason suggestions (spec sections 5 and 9)', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['co', ['Comida', 'Médico']],
    ['com', ['Comida']],
    ['o', ['Comida', 'Médico', 'Personal']],
    ['MÉD', ['Médico']],
    ['medico', ['Médico']],
    ['al', ['Personal']],
    ['zzz', []],
  ])('%j → %j', (input, expected) => {
    expect(pauseSuggestions(input)).toEqual(expected);
  });
  it('at most 10, after 200 ms', () => {
    const many = Array.from({ length: 25 }, (_, i) => `Motivo ${i}`);
    expect(pauseSuggestions('motivo', many)).toHaveLength(10);
    expect(PAUSE_MAX_SUGGESTIONS).toBe(10);
    expect(PAUSE_DEBOUNCE_MS).toBe(200);
  });
});
