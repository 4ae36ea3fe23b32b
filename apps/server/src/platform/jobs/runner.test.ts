import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { createJobRunner } from './runner.ts';

/** The job runner's "run it now" (a campaign sent now runs the queue job at once), on both engines. */
const t = appDePruebas();

describe('createJobRunner ejecutarYa', () => {
  it('runs a job that is not due yet, once, and moves its next run an interval away', async () => {
    let corridas = 0;
    const nombre = `prueba-ya-${Date.now()}`;
    const runner = createJobRunner({
      database: t.database,
      jobs: [{ nombre, intervaloSegundos: 3600, run: async () => `${++corridas}` }],
    });
    expect(await runner.runDue()).toEqual([nombre]);
    expect(await runner.runDue()).toEqual([]);
    expect(corridas).toBe(1);
    expect(await runner.ejecutarYa(nombre)).toBe(true);
    expect(corridas).toBe(2);
    const [fila] = await t.database.query<{ resultado: string; lejos: boolean }>(
      `select ultimo_resultado as resultado, proxima_ejecucion > now() + interval '59 minutes' as lejos
       from trabajos where nombre = $1`,
      [nombre],
    );
    expect(fila).toEqual({ resultado: '2', lejos: true });
    expect(await runner.runDue()).toEqual([]);
    expect(await runner.ejecutarYa('no-existe')).toBe(false);
    await runner.stop();
    expect(await runner.ejecutarYa(nombre)).toBe(false);
    expect(corridas).toBe(2);
  });
});
