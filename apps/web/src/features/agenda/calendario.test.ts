import { describe, expect, it } from 'vitest';
import { desplazar, diasDeVista, lunes, moverADia, tituloVista } from './calendario.ts';

describe('agenda dates', () => {
  it('starts weeks on Monday and shows whole weeks in the month view', () => {
    expect(lunes(new Date(2026, 10, 25)).getDate()).toBe(23); // Wednesday 25 Nov 2026 → Monday 23
    const mes = diasDeVista('mes', new Date(2026, 10, 25));
    expect(mes[0]!.getDay()).toBe(1);
    expect(mes.at(-1)!.getDay()).toBe(0);
    expect(mes.length % 7).toBe(0);
    expect(mes[0]!.getDate()).toBe(26); // Monday 26 Oct
    expect(diasDeVista('semana', new Date(2026, 10, 29)).map((d) => d.getDate())).toEqual([23, 24, 25, 26, 27, 28, 29]);
  });
  it('moves by view and keeps the time when an event changes day', () => {
    expect(desplazar('mes', new Date(2026, 0, 31), 1).getMonth()).toBe(1);
    expect(tituloVista('mes', new Date(2026, 10, 1))).toBe('noviembre de 2026');
    const m = moverADia(new Date(2026, 10, 3, 9, 30), new Date(2026, 10, 5));
    expect([m.getDate(), m.getHours(), m.getMinutes()]).toEqual([5, 9, 30]);
  });
});
