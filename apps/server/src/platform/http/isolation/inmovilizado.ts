import type { Answer, IsolationArea } from './types.ts';

/**
 * Isolation fixture of the fixed-asset register: B keeps an asset whose description is the sentinel, with its
 * depreciation posted to B's ledger. A may not read, edit, delete, depreciate or give it baja by id, and A's own
 * «Amortizar hasta» must post nothing of B's.
 */
const R = '/api/impuestos/contabilidad/inmovilizado';
const elementoB = { id: 0, asientos: 0 };

export const inmovilizadoIsolation: IsolationArea = {
  async seedB({ postB, b, sentinel }) {
    elementoB.id = (
      await postB(R, {
        Codigo: 'INM-B',
        Descripcion: sentinel,
        Grupo: 'mobiliario',
        FechaInicio: '2026-01-10',
        Coste: '1000',
        Coeficiente: '10',
      })
    ).Id;
    await postB(`${R}/amortizar`, { Hasta: '2026-03-31' });
    elementoB.asientos = (await b.request('GET', `${R}/${elementoB.id}`)).body.Asientos;
  },
  async verifyB({ b, sentinel }) {
    const r = await b.request('GET', `${R}/${elementoB.id}`);
    if (r.status !== 200 || r.body.Descripcion !== sentinel || r.body.FechaBaja !== null)
      throw new Error('El elemento del inmovilizado de B ha cambiado');
    if (elementoB.asientos !== 3 || r.body.Asientos !== elementoB.asientos)
      throw new Error('Los asientos de amortización de B han cambiado');
  },
  explicit(ctx) {
    const a = (method: string, url: string, body?: unknown) => () => ctx.a.request(method, url, body);
    const uno = `${R}/${elementoB.id}`;
    const out: Record<string, () => Promise<Answer>> = {
      [`GET ${R}/:id`]: a('GET', uno),
      [`GET ${R}/:id/cuadro`]: a('GET', `${uno}/cuadro`),
      [`PUT ${R}/:id`]: a('PUT', uno, {
        Codigo: 'INM-A',
        Descripcion: 'Cambiado por A',
        Grupo: 'mobiliario',
        FechaInicio: '2026-01-10',
        Coste: '1',
        Coeficiente: '10',
      }),
      [`DELETE ${R}/:id`]: a('DELETE', uno),
      [`POST ${R}/:id/baja`]: a('POST', `${uno}/baja`, { Fecha: '2026-06-01', Precio: '1' }),
      // A's own run over the whole year: B's asset must get nothing posted.
      [`POST ${R}/amortizar`]: a('POST', `${R}/amortizar`, { Hasta: '2026-12-31' }),
    };
    return out;
  },
};
