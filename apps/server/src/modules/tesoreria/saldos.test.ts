import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear } from '../../../test/datosDemo.ts';

/**
 * One definition of an account's balance: treasury (`movstesoreria/saldos`) and the dashboard (`informes/panel`)
 * give the same figure for the same day — "a fecha" counts the movements dated up to that day, "previsto" every
 * movement already recorded (a batch or a transfer dated later, for instance).
 */
let cuenta: number;
const B = '/api/tesoreria';

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  cuenta = await crear(demo, `${B}/tesoreria/save`, {
    Codigo: 'SALDO1',
    Nombre: 'Banco del saldo',
    Tipo: 'banco',
    IBAN: 'ES7921000813610123456789',
    SaldoInicial: '1000.00',
  });
  for (const [Fecha, Importe] of [
    ['2026-03-01', '500.00'],
    ['2026-03-20', '200.00'],
  ]) {
    const m = await demo.request('POST', `${B}/movstesoreria/save`, {
      IdTesoreria: cuenta,
      Fecha,
      Importe,
      Descripcion: 'Ingreso',
    });
    expect(m.status, JSON.stringify(m.body)).toBe(201);
  }
});

type Saldo = { Id: number; Saldo: string; SaldoPrevisto: string };

describe('treasury balances: one definition', () => {
  it('treasury and the dashboard give the same balance for the same day, with the forecast beside it', async () => {
    const teso = await demo.request('GET', `${B}/movstesoreria/saldos?Fecha=2026-03-10`);
    expect(teso.status, JSON.stringify(teso.body)).toBe(200);
    const panel = await demo.request('GET', '/api/informes/panel?Hoy=2026-03-10');
    expect(panel.status, JSON.stringify(panel.body)).toBe(200);
    const enTeso = teso.body.Items.find((x: Saldo) => x.Id === cuenta);
    const enPanel = panel.body.Tesoreria.Cuentas.find((x: Saldo) => x.Id === cuenta);
    expect(enTeso).toMatchObject({ Saldo: '1500.00', SaldoPrevisto: '1700.00' });
    expect(enPanel).toMatchObject({ Saldo: '1500.00', SaldoPrevisto: '1700.00' });
    // The totals are the sums of the same accounts (those in use) on both screens, and treasury gives them too.
    expect(teso.body.Totales).toEqual({
      Caja: panel.body.Tesoreria.Caja,
      Bancos: panel.body.Tesoreria.Bancos,
      Previsto: panel.body.Tesoreria.Previsto,
    });
    const suma = (xs: { Tipo: string; Saldo: string; Baja: boolean }[], tipo: string) =>
      (
        xs.filter((x) => !x.Baja && x.Tipo === tipo).reduce((s, x) => s + Math.round(Number(x.Saldo) * 100), 0) / 100
      ).toFixed(2);
    expect(panel.body.Tesoreria.Bancos).toBe(suma(teso.body.Items, 'banco'));
    expect(panel.body.Tesoreria.Caja).toBe(suma(teso.body.Items, 'caja'));
    // Later that month, the movement of the 20th is in the balance.
    const despues = await demo.request('GET', `${B}/movstesoreria/saldos?Fecha=2026-03-25`);
    expect(despues.body.Items.find((x: Saldo) => x.Id === cuenta)).toMatchObject({ Saldo: '1700.00' });
  });

  it('a day that is not a date is a Spanish 400', async () => {
    const r = await demo.request('GET', `${B}/movstesoreria/saldos?Fecha=2026-02-30`);
    expect(r.status).toBe(400);
    expect(r.body.Mensaje).toMatch(/fecha/i);
  });
});
