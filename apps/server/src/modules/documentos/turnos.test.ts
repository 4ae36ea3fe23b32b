import { describe, expect, it } from 'vitest';
import { turnosPorClave } from './turnos.ts';

const pausa = () => new Promise((r) => setTimeout(r, 5));

describe('turnosPorClave', () => {
  it('lets at most N tasks of one key run at once, in arrival order, and keys do not wait for each other', async () => {
    const turno = turnosPorClave(2);
    let dentro = 0;
    let maximo = 0;
    const orden: number[] = [];
    const tarea = (i: number) => async () => {
      dentro++;
      maximo = Math.max(maximo, dentro);
      orden.push(i);
      await pausa();
      dentro--;
      return i;
    };
    const otra = turno('B', async () => 'B'); // another company: not queued behind A
    const hechas = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => turno('A', tarea(i))));
    expect(hechas).toEqual([0, 1, 2, 3, 4, 5]);
    expect(maximo).toBe(2);
    expect(orden).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await otra).toBe('B');
  });

  it('frees the turn of a task that fails', async () => {
    const turno = turnosPorClave(1);
    await expect(turno(1, async () => Promise.reject(new Error('falla')))).rejects.toThrow('falla');
    expect(await turno(1, async () => 'siguiente')).toBe('siguiente');
  });

  it('refuses a number of turns that is not a positive integer', () => {
    expect(() => turnosPorClave(0)).toThrow(/no válidos/);
  });
});
