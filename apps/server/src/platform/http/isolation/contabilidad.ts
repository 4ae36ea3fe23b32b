import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * Isolation fixture (accounting exports, document exports, reports, dashboard). B's rows are the
 * matrix's own (its sales documents of 2026 carry the sentinel in the customer, lines and notes; a collection, a
 * batch, a cash count); A asks for the whole of 2026 on every route, so B's rows would show if the company door
 * leaked. ContaPlus writes upper-case ASCII: its text is checked for the sentinel in upper case too.
 */
const PERIODO = 'FechaDesde=2026-01-01&FechaHasta=2026-12-31';

async function texto(ctx: IsolationContext, url: string): Promise<Answer> {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.a.token}` } });
  const body = res.body;
  return {
    status: res.statusCode,
    body: body.toUpperCase().includes(ctx.sentinel.toUpperCase()) ? ctx.sentinel : body,
  };
}

const LIBRO = '/api/impuestos/contabilidad/libro';
const asientoB = { id: 0 };

export const contabilidadIsolation: IsolationArea = {
  // B keeps a manual ledger entry whose concept is the sentinel: A may neither read it nor reverse it by id.
  async seedB({ postB, sentinel }) {
    const uno = { Debe: '100.00', Haber: '0' };
    const otro = { Debe: '0', Haber: '100.00' };
    asientoB.id = (
      await postB(`${LIBRO}/asientos`, {
        Fecha: '2026-01-15',
        Concepto: sentinel,
        Apuntes: [
          { Subcuenta: '5720000', ...uno },
          { Subcuenta: '7050000', ...otro },
        ],
      })
    ).Id;
  },
  async verifyB({ b, sentinel }) {
    const r = await b.request('GET', `${LIBRO}/asiento/${asientoB.id}`);
    const revertido = await b.request('GET', `${LIBRO}/diario?FechaDesde=2026-01-01&FechaHasta=2026-12-31`);
    const reversos = (revertido.body?.Asientos ?? []).filter(
      (x: { IdRevertido: number | null }) => x.IdRevertido === asientoB.id,
    );
    if (r.status !== 200 || r.body.Concepto !== sentinel || reversos.length)
      throw new Error('El asiento manual de B ha cambiado');
  },
  explicit(ctx) {
    const get = (url: string) => () => ctx.a.request('GET', url);
    const out: Record<string, () => Promise<Answer>> = {
      [`GET ${LIBRO}/asiento/:id`]: get(`${LIBRO}/asiento/${asientoB.id}`),
      // A's own year: B's entries never count in A's checklist (its totals are A's, no sentinel).
      [`GET ${LIBRO}/cierre/:ejercicio`]: async () => ({
        ...(await ctx.a.request('GET', `${LIBRO}/cierre/2026`)),
        expected: 200,
      }),
      // A's own year by batches: the answer names the documents it could not post, never one of B's.
      [`POST ${LIBRO}/generar/lote`]: async () => ({
        ...(await ctx.a.request('POST', `${LIBRO}/generar/lote`, {
          FechaDesde: '2026-01-01',
          FechaHasta: '2026-12-31',
        })),
        expected: 200,
      }),
      [`POST ${LIBRO}/anular/:id`]: () => ctx.a.request('POST', `${LIBRO}/anular/${asientoB.id}`, {}),
      'GET /api/impuestos/contabilidad/asientos': () => texto(ctx, `/api/impuestos/contabilidad/asientos?${PERIODO}`),
      'GET /api/impuestos/contabilidad/contaplus': () =>
        texto(ctx, `/api/impuestos/contabilidad/contaplus?${PERIODO}&Fichero=xsubcta`),
      'GET /api/impuestos/contabilidad/sage': () => texto(ctx, `/api/impuestos/contabilidad/sage?${PERIODO}`),
      'GET /api/informes/panel': get('/api/informes/panel?Hoy=2026-02-15'),
    };
    for (const r of ['pventa', 'dventa', 'aventa', 'fventa'])
      out[`GET /api/configuracion/exportaciones/${r}`] = () =>
        texto(ctx, `/api/configuracion/exportaciones/${r}?Formato=html&${PERIODO}`);
    for (const i of [
      'ventas',
      'cobrospagos',
      'remesas',
      'recibos',
      'arqueos',
      'fichajes',
      'asistencia',
      'evaluacion',
    ]) {
      out[`GET /api/informes/${i}`] = get(`/api/informes/${i}?${PERIODO}`);
      out[`GET /api/informes/${i}/export`] = () => texto(ctx, `/api/informes/${i}/export?Formato=html&${PERIODO}`);
    }
    return out;
  },
};
