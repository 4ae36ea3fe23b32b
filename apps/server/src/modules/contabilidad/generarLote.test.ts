import { MSG_LIBRO } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import type { Session } from '../../../test/testApp.ts';
import { LOTE_GENERAR } from './libro.ts';

/**
 * «Generar asientos» by batches (`POST …/libro/generar/lote`, the screen's progress bar): each call posts at most
 * `LOTE_GENERAR` documents in its own transaction and says how far it got; a document that cannot be posted (its year
 * closed) is reported in Spanish without stopping the others. The demo's sales year (February 2025 – January 2026,
 * fixed for the tests) has no entries until something generates them.
 */
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
const L = '/api/impuestos/contabilidad/libro';

interface Lote {
  Total?: number;
  Documentos: number;
  Asientos: number;
  Errores: { Documento: string; Fecha: string; Mensaje: string }[];
  Siguiente: string | null;
}

/** Calls the batched route until it says the period is done, as the screen does. */
async function porLotes(s: Pick<Session, 'request'>, FechaDesde: string, FechaHasta: string): Promise<Lote[]> {
  const lotes: Lote[] = [];
  let Paso: string | null = null;
  do {
    const r: { status: number; body: Lote } = await s.request('POST', `${L}/generar/lote`, {
      FechaDesde,
      FechaHasta,
      ...(Paso ? { Paso } : {}),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    lotes.push(r.body);
    Paso = r.body.Siguiente;
  } while (Paso && lotes.length < 1000);
  return lotes;
}
const suma = (lotes: Lote[], k: 'Documentos' | 'Asientos') => lotes.reduce((n, l) => n + l[k], 0);

describe('«Generar asientos» by batches', () => {
  it('reports each document of a closed year in Spanish and posts the others', async () => {
    const c = await demo.request('POST', `${L}/cerrar`, { Ejercicio: 2025 });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const lotes = await porLotes(demo, '2025-07-01', '2026-06-30');
    const errores = lotes.flatMap((l) => l.Errores);
    expect(errores.length).toBeGreaterThan(0);
    for (const e of errores) {
      expect(e.Fecha.startsWith('2025-')).toBe(true);
      expect(e.Mensaje).toBe(MSG_LIBRO.ejercicioCerrado(2025));
      expect(e.Documento).not.toBe('');
    }
    // January 2026's documents got their entries all the same.
    expect(suma(lotes, 'Asientos')).toBeGreaterThan(0);
    const r = await demo.request('GET', `${L}/cierre/2026`);
    expect(r.body.DocumentosSinAsiento).toBe(0);
    expect((await demo.request('POST', `${L}/reabrir`, { Ejercicio: 2025 })).status).toBe(200);
  }, 180_000);

  it('goes through every document of the period in batches, counted against the total; run again, writes nothing', async () => {
    const lotes = await porLotes(demo, '2025-01-01', '2025-12-31');
    const total = lotes[0]!.Total!;
    expect(total).toBeGreaterThan(LOTE_GENERAR);
    expect(lotes.slice(1).every((l) => l.Total === undefined)).toBe(true);
    expect(lotes.every((l) => l.Documentos <= LOTE_GENERAR)).toBe(true);
    expect(suma(lotes, 'Documentos')).toBe(total);
    expect(suma(lotes, 'Asientos')).toBeGreaterThan(0);
    expect(lotes.flatMap((l) => l.Errores)).toEqual([]);
    const cierre = await demo.request('GET', `${L}/cierre/2025`);
    expect(cierre.body).toMatchObject({ DocumentosSinAsiento: 0, Cuadra: true });

    const otra = await porLotes(demo, '2025-01-01', '2025-12-31');
    expect(suma(otra, 'Documentos')).toBe(total);
    expect(suma(otra, 'Asientos')).toBe(0);
    // The one-call form agrees: nothing left to post.
    const g = await demo.request('POST', `${L}/generar`, { FechaDesde: '2025-01-01', FechaHasta: '2025-12-31' });
    expect(g.body).toEqual({ Asientos: 0 });
  }, 180_000);

  it('a step that is not one the route gave is a Spanish 400, and so is a period over a year', async () => {
    const casos: [Record<string, string>, string][] = [
      [
        { FechaDesde: '2025-01-01', FechaHasta: '2025-12-31', Paso: "2025-01-01.1.1' or 1=1" },
        'El paso de la generación no es válido',
      ],
      [{ FechaDesde: '2024-01-01', FechaHasta: '2025-12-31' }, 'El periodo no puede superar un año'],
    ];
    for (const [cuerpo, mensaje] of casos) {
      const r = await demo.request('POST', `${L}/generar/lote`, cuerpo);
      expect([r.status, r.body.Mensaje]).toEqual([400, mensaje]);
    }
  });
});
