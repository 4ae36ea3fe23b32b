import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';

/**
 * Treasury (issue 14) on both engines, one app: movements with running balances and locks, mandates, direct-debit
 * batches (files validated against the official XSDs), returns and re-presentation, transfers, cash counts, Norma 43
 * statements and reconciliation.
 */
let t: TestApp;
let demo: Session;
const B = '/api/tesoreria';
const q = (f: Record<string, unknown>, extra = '') =>
  `?Filtros=${encodeURIComponent(JSON.stringify(f))}&TotalPagina=200${extra}`;
let cuentas: { Id: number; Codigo: string; Saldo: string; Tipo: string; Arqueable: boolean | null }[];
const cuenta = (c: string) => cuentas.find((x) => x.Codigo === c)!.Id;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const r = await demo.request('GET', `${B}/movstesoreria/saldos`);
  expect(r.status).toBe(200);
  cuentas = r.body.Items;
});
afterAll(() => t.close());

describe('movstesoreria', () => {
  it('lists collections, payments and manual movements with a running balance per account', async () => {
    const caja = cuenta('CAJA');
    const antes = cuentas.find((c) => c.Id === caja)!.Saldo;
    const alta = await demo.request('POST', `${B}/movstesoreria/save`, {
      IdTesoreria: caja,
      Fecha: '2030-01-10',
      Importe: '-12.50',
      Descripcion: 'Material de oficina',
    });
    expect(alta.status).toBe(201);
    const lista = await demo.request('GET', `${B}/movstesoreria/list${q({ IdTesoreria: caja })}`);
    expect(lista.status).toBe(200);
    const [primero] = lista.body.Items;
    expect(primero).toMatchObject({ Tipo: 'manual', Importe: '-12.50', Descripcion: 'Material de oficina' });
    expect(Number(primero.Saldo)).toBeCloseTo(Number(antes) - 12.5, 2);
    const saldos = await demo.request('GET', `${B}/movstesoreria/saldos`);
    expect(saldos.body.Items.find((c: { Id: number }) => c.Id === caja).Saldo).toBe(primero.Saldo);
    // Each row's balance = previous row's balance + its amount (newest first).
    const items = lista.body.Items as { Saldo: string; Importe: string }[];
    for (let i = 0; i + 1 < items.length; i++) {
      expect(Number(items[i]!.Saldo)).toBeCloseTo(Number(items[i + 1]!.Saldo) + Number(items[i]!.Importe), 2);
    }
    const cobros = await demo.request('GET', `${B}/movstesoreria/list${q({ Tipo: 'cobro' })}`);
    expect(cobros.body.Total).toBeGreaterThan(0);
    expect(cobros.body.Items.every((m: { Tipo: string }) => m.Tipo === 'cobro')).toBe(true);
    const evol = await demo.request('GET', `${B}/movstesoreria/evolucion/${caja}?Desde=2030-01-09&Hasta=2030-01-11`);
    expect(evol.body.Items.map((p: { Saldo: string }) => p.Saldo)).toEqual([antes, primero.Saldo, primero.Saldo]);
  });

  it('transfers between accounts in two legs, and refuses zero or the same account', async () => {
    const r = await demo.request('POST', `${B}/movstesoreria/traspaso`, {
      IdOrigen: cuenta('BANCO'),
      IdDestino: cuenta('CAJA'),
      Fecha: '2030-01-11',
      Importe: '200',
    });
    expect(r.status).toBe(201);
    expect(r.body.Items.map((m: { Importe: string }) => m.Importe)).toEqual(['-200.00', '200.00']);
    const mal = await demo.request('POST', `${B}/movstesoreria/traspaso`, {
      IdOrigen: cuenta('CAJA'),
      IdDestino: cuenta('CAJA'),
      Fecha: '2030-01-11',
      Importe: '0',
    });
    expect(mal.status).toBe(400);
    expect(JSON.stringify(mal.body)).toContain('distinta');
    const borrar = await demo.request('DELETE', `${B}/movstesoreria/delete/${r.body.Items[1].Id}`);
    expect(borrar.status).toBe(200);
    const quedan = await demo.request(
      'GET',
      `${B}/movstesoreria/list${q({ FechaDesde: '2030-01-11', FechaHasta: '2030-01-11' })}`,
    );
    expect(quedan.body.Items).toEqual([]);
  });
});
