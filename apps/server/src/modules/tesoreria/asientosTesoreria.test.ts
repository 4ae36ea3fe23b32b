import type { AsientoLibro } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Response, type Session, type TestApp } from '../../../test/testApp.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';
import { asientosDe, LIBRO as L, leerDiario } from '../contabilidad/libro.testkit.ts';

/**
 * The treasury's events in the ledger as they happen, one app for the file (the tests run in order, in 2027, a
 * year the demo leaves alone): a fee or any movement whose concept carries an account, a cash-count difference, a
 * direct-debit batch's collections, a return with its fee. Each posts one balanced entry in its own transaction,
 * undoing it posts the reverse, nothing twice; «Generar asientos» afterwards writes nothing; a closed year refuses.
 */
let t: TestApp;
let demo: Session;
const B = '/api/tesoreria';
const ANIO = 'FechaDesde=2027-01-01&FechaHasta=2027-12-31';
const q = (f: Record<string, unknown>) => `?Filtros=${encodeURIComponent(JSON.stringify(f))}&TotalPagina=200`;
const ids: Record<string, number> = {};
let cuentas: { Id: number; Codigo: string; Nombre: string; Tipo: string }[];
const cuenta = (codigo: string) => cuentas.find((c) => c.Codigo === codigo)!;

interface Linea {
  Id: number;
  IdConciliado: number | null;
  Importe: string;
  FechaOperacion: string;
}
/** An entry of the journal as the ledger's API answers it. */
type Entrada = AsientoLibro;

const ok = (r: Response, status = 201) => cuerpo(r, status);
const diario = (periodo = ANIO) => leerDiario<Entrada>(demo, periodo);
const de = asientosDe<Entrada>;
/** The document's entries that still count: neither a reversal nor reversed. */
const vigentes = (todas: Entrada[], origen: string, id: number) => {
  const suyas = de(todas, origen, id);
  return suyas.filter((a) => a.IdRevertido === null && !suyas.some((r) => r.IdRevertido === a.Id));
};
const cent = (v: string) => Math.round(Number(v) * 100);
/** An entry as `cuenta (3 digits) D|H cents` lines, checking it balances. */
function lineas(a: Entrada): string[] {
  const debe = a.Apuntes.reduce((s, l) => s + cent(l.Debe), 0);
  const haber = a.Apuntes.reduce((s, l) => s + cent(l.Haber), 0);
  expect(debe).toBe(haber);
  return a.Apuntes.map((l) =>
    cent(l.Debe) ? `${l.Subcuenta.slice(0, 3)} D ${cent(l.Debe)}` : `${l.Subcuenta.slice(0, 3)} H ${cent(l.Haber)}`,
  );
}
/** Net effect (cents, debe − haber) of every entry of a document on each 3-digit account. */
function efecto(todas: Entrada[], origen: string, id: number) {
  const out = new Map<string, number>();
  for (const a of de(todas, origen, id))
    for (const l of a.Apuntes) {
      const k = l.Subcuenta.slice(0, 3);
      out.set(k, (out.get(k) ?? 0) + cent(l.Debe) - cent(l.Haber));
    }
  return Object.fromEntries([...out].filter(([, v]) => v !== 0));
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  cuentas = ok(await demo.request('GET', `${B}/tesoreria/list?TotalPagina=100`), 200).Items;
  ids.comisiones = ok(
    await demo.request('POST', `${B}/conceptosmovs/save`, {
      Codigo: 'LIBRO-COM',
      Descripcion: 'Comisiones bancarias',
      Tipo: 'pago',
      CuentaContable: '626',
    }),
  ).Id;
  ids.sinCuenta = ok(
    await demo.request('POST', `${B}/conceptosmovs/save`, { Codigo: 'LIBRO-SIN', Descripcion: 'Varios', Tipo: 'pago' }),
  ).Id;
}, 180_000);
afterAll(() => t.close());

/** A cash count of `monedas` one-euro coins, with its reason when it differs. */
const arqueoEnMonedas = async (IdTesoreria: number, Fecha: string, monedas: number, Motivo?: string) =>
  ok(await demo.request('POST', `${B}/arqueos/save`, { IdTesoreria, Fecha, Desglose: { '1': monedas }, Motivo }));

describe('movements whose concept carries an account', () => {
  it('a bank fee posts one entry D 626 / H 572 with a readable concept; its change reverses and posts again', async () => {
    const banco = cuenta('BANCO');
    const m = ok(
      await demo.request('POST', `${B}/movstesoreria/save`, {
        IdTesoreria: banco.Id,
        Fecha: '2027-01-15',
        Importe: '-12.00',
        IdConcepto: ids.comisiones,
        Descripcion: 'Comisión mantenimiento',
      }),
    );
    ids.fee = m.Id;
    let todas = await diario();
    const [a, ...otras] = de(todas, 'movimiento', m.Id);
    expect(otras).toEqual([]);
    expect(a).toMatchObject({ Fecha: '2027-01-15', Tipo: 'movimiento', TipoTexto: 'Movimiento de tesorería' });
    expect(a!.Concepto).toBe(`Comisión mantenimiento — ${banco.Nombre}`);
    expect(lineas(a!)).toEqual(['626 D 1200', '572 H 1200']);

    ok(
      await demo.request('PUT', `${B}/movstesoreria/save/${m.Id}`, {
        IdTesoreria: banco.Id,
        Fecha: '2027-01-15',
        Importe: '-15.00',
        IdConcepto: ids.comisiones,
        Descripcion: 'Comisión mantenimiento',
      }),
      200,
    );
    todas = await diario();
    expect(de(todas, 'movimiento', m.Id)).toHaveLength(3);
    const [vigente, ...mas] = vigentes(todas, 'movimiento', m.Id);
    expect(mas).toEqual([]);
    expect(lineas(vigente!)).toEqual(['626 D 1500', '572 H 1500']);
    expect(efecto(todas, 'movimiento', m.Id)).toEqual({ '626': 1500, '572': -1500 });
  });

  it('a movement without an accounted concept posts nothing; deleting the fee leaves its account at zero', async () => {
    const sin = ok(
      await demo.request('POST', `${B}/movstesoreria/save`, {
        IdTesoreria: cuenta('BANCO').Id,
        Fecha: '2027-01-16',
        Importe: '-4.00',
        IdConcepto: ids.sinCuenta,
        Descripcion: 'Sin cuenta contable',
      }),
    );
    ok(await demo.request('DELETE', `${B}/movstesoreria/delete/${ids.fee}`), 200);
    const todas = await diario();
    expect(de(todas, 'movimiento', sin.Id)).toEqual([]);
    expect(vigentes(todas, 'movimiento', ids.fee!)).toEqual([]);
    expect(efecto(todas, 'movimiento', ids.fee!)).toEqual({});
    expect(de(todas, 'movimiento', ids.fee!).filter((a) => a.Concepto.startsWith('Anulación'))).toHaveLength(2);
  });
});

describe('reconciliation from a bank line', () => {
  it('the movement made from an unmatched line with an accounted concept is posted in the same step', async () => {
    const extracto = ok(await demo.request('GET', `${B}/extractos/list`), 200).Items[0];
    const linea = (ok(await demo.request('GET', `${B}/extractos/edit/${extracto.Id}`), 200).Apuntes as Linea[]).find(
      (a) => a.IdConciliado === null && Number(a.Importe) < 0,
    )!;
    const r = ok(
      await demo.request('POST', `${B}/extractos/movimiento/${linea.Id}`, {
        IdConcepto: ids.comisiones,
        Descripcion: 'Comisión mantenimiento',
      }),
    );
    const dia = linea.FechaOperacion;
    const [a, ...otras] = de(await diario(`FechaDesde=${dia}&FechaHasta=${dia}`), 'movimiento', r.Movimiento.Id);
    expect(otras).toEqual([]);
    expect(a!.Concepto).toBe(`Comisión mantenimiento — ${cuentas.find((c) => c.Id === extracto.IdTesoreria)!.Nombre}`);
    const c = -cent(linea.Importe);
    expect(lineas(a!)).toEqual([`626 D ${c}`, `572 H ${c}`]);
  });
});

describe('cash counts', () => {
  const esperado = async (caja: number, fecha: string) =>
    Number(ok(await demo.request('GET', `${B}/arqueos/esperado/${caja}?Fecha=${fecha}`), 200).Esperado);

  it('a shortage posts D 678 / H 570 on the count date; undoing the count reverses it', async () => {
    const caja = cuenta('CAJA');
    // Enough cash to count: 1,000 € in on 10 January (no accounted concept, so no entry of its own).
    ok(
      await demo.request('POST', `${B}/movstesoreria/save`, {
        IdTesoreria: caja.Id,
        Fecha: '2027-01-10',
        Importe: '1000',
        Descripcion: 'Ingreso de caja',
      }),
    );
    const hay = await esperado(caja.Id, '2027-01-31');
    // Counted: whole 1-euro coins below what the books say, so 0.01–1 € short (plus 5 € more missing).
    const monedas = Math.floor(hay) - 5;
    const a = await arqueoEnMonedas(caja.Id, '2027-01-31', monedas, 'Falta cambio');
    const falta = Math.round((hay - monedas) * 100);
    expect(cent(a.Diferencia)).toBe(-falta);
    let todas = await diario();
    const [e, ...otras] = de(todas, 'arqueo', a.IdMovimiento);
    expect(otras).toEqual([]);
    expect(e).toMatchObject({ Fecha: '2027-01-31', Tipo: 'arqueo', Concepto: 'Arqueo 31/01/2027: faltante' });
    expect(lineas(e!)).toEqual([`678 D ${falta}`, `570 H ${falta}`]);

    ok(await demo.request('DELETE', `${B}/arqueos/delete/${a.Id}`), 200);
    todas = await diario();
    expect(vigentes(todas, 'arqueo', a.IdMovimiento)).toEqual([]);
    expect(efecto(todas, 'arqueo', a.IdMovimiento)).toEqual({});
  });

  it('a surplus posts D 570 / H 778; a count without difference posts nothing', async () => {
    const caja = cuenta('CAJA');
    const hay = await esperado(caja.Id, '2027-01-31');
    const monedas = Math.ceil(hay) + 2;
    const a = await arqueoEnMonedas(caja.Id, '2027-01-31', monedas, 'Cambio de más');
    const sobra = Math.round((monedas - hay) * 100);
    const [e, ...otras] = de(await diario(), 'arqueo', a.IdMovimiento);
    expect(otras).toEqual([]);
    expect(e!.Concepto).toBe('Arqueo 31/01/2027: sobrante');
    expect(lineas(e!)).toEqual([`570 D ${sobra}`, `778 H ${sobra}`]);
    const antes = (await diario()).length;
    const exacto = await arqueoEnMonedas(caja.Id, '2027-02-01', monedas);
    expect(exacto.IdMovimiento).toBeNull();
    expect((await diario()).length).toBe(antes);
  });
});

describe('direct-debit batches and returns', () => {
  let remesa: number;
  let lineasRemesa: { Id: number; IdCobro: number | null; Importe: string; NumSerie: string; Plazo: number }[];

  it('the collections are posted when the batch is sent, dated its collection date; undoing reverses them', async () => {
    const recibos = ok(await demo.request('GET', `${B}/remesas/recibos${q({})}`), 200).Items as {
      IdFactura: number;
      Plazo: number;
      IdTercero: number;
      Problema: string | null;
    }[];
    const elegidos = recibos.slice(0, 2);
    expect(elegidos).toHaveLength(2);
    // A recurrent CORE mandate for each customer (any valid IBAN: no file is written here).
    const mandato = { IBAN: 'ES7921000813610123456789', FechaFirma: '2026-03-01', Esquema: 'CORE', Secuencia: 'RCUR' };
    for (const IdCliente of new Set(elegidos.map((x) => x.IdTercero)))
      ok(await demo.request('POST', `${B}/mandatos/save`, { IdCliente, ...mandato }));
    remesa = ok(
      await demo.request('POST', `${B}/remesas/save`, {
        IdTesoreria: cuenta('BANCO').Id,
        Fecha: '2027-02-05',
        Esquema: 'CORE',
        Recibos: elegidos.map((x) => ({ IdFactura: x.IdFactura, Plazo: x.Plazo })),
      }),
    ).Id;
    // A prepared batch posts nothing.
    expect((await diario()).filter((a) => a.Fecha === '2027-02-05')).toEqual([]);
    ok(await demo.request('POST', `${B}/remesas/enviar/${remesa}`), 200);
    const primeros = ok(await demo.request('GET', `${B}/remesas/edit/${remesa}`), 200).Recibos as typeof lineasRemesa;
    let todas = await diario();
    for (const l of primeros) {
      const [a, ...otras] = de(todas, 'cobro', l.IdCobro!);
      expect(otras).toEqual([]);
      expect(a!.Fecha).toBe('2027-02-05');
      expect(lineas(a!)).toEqual([`572 D ${cent(l.Importe)}`, `430 H ${cent(l.Importe)}`]);
    }
    ok(await demo.request('POST', `${B}/remesas/deshacer/${remesa}`), 200);
    todas = await diario();
    for (const l of primeros) {
      expect(vigentes(todas, 'cobro', l.IdCobro!)).toEqual([]);
      expect(efecto(todas, 'cobro', l.IdCobro!)).toEqual({});
    }
    ok(await demo.request('POST', `${B}/remesas/enviar/${remesa}`), 200);
    lineasRemesa = ok(await demo.request('GET', `${B}/remesas/edit/${remesa}`), 200).Recibos;
    todas = await diario();
    for (const l of lineasRemesa) expect(de(todas, 'cobro', l.IdCobro!)).toHaveLength(1);
  });

  it('a return puts the debt back (D 430 / H 572) and its fee on 626, once: returning it again posts nothing', async () => {
    const l = lineasRemesa[0]!;
    const banco = cuenta('BANCO');
    ok(
      await demo.request('POST', `${B}/remesas/devolver/${l.Id}`, {
        Motivo: 'MD01',
        Fecha: '2027-02-08',
        Comision: '3.50',
      }),
      200,
    );
    const todas = await diario();
    const concepto = `Devolución recibo ${l.NumSerie}/${l.Plazo} (MD01)`;
    const [dev, ...otras] = todas.filter((a) => a.Origen === 'cobro' && a.Concepto === concepto);
    expect(otras).toEqual([]);
    expect(dev!.Fecha).toBe('2027-02-08');
    expect(lineas(dev!).sort()).toEqual([`430 D ${cent(l.Importe)}`, `572 H ${cent(l.Importe)}`]);
    const [fee, ...mas] = todas.filter((a) => a.Origen === 'comision' && a.Fecha === '2027-02-08');
    expect(mas).toEqual([]);
    expect(fee!.Concepto).toBe(`Comisión por devolución del recibo ${l.NumSerie}/${l.Plazo} (MD01) — ${banco.Nombre}`);
    expect(lineas(fee!)).toEqual(['626 D 350', '572 H 350']);

    const otra = await demo.request('POST', `${B}/remesas/devolver/${l.Id}`, {
      Motivo: 'MD01',
      Fecha: '2027-02-08',
      Comision: '3.50',
    });
    expect(otra.status).toBe(400);
    expect(await diario()).toEqual(todas);
  });
});

describe("transfers between the company's own accounts", () => {
  const subcuentas = (a: Entrada) => a.Apuntes.map((l) => `${l.Subcuenta} ${cent(l.Debe) ? 'D' : 'H'}`);
  const traspaso = (IdOrigen: number, IdDestino: number, Importe: string) =>
    demo.request('POST', `${B}/movstesoreria/traspaso`, { IdOrigen, IdDestino, Fecha: '2027-02-20', Importe });

  it("bank to cash posts once D 570 / H 572 (each account's subaccount), on the outgoing leg", async () => {
    const [sale, entra] = ok(await traspaso(cuenta('BANCO').Id, cuenta('CAJA').Id, '300.00')).Items;
    ids.traspasoCaja = sale.Id;
    ids.traspasoCajaEntra = entra.Id;
    const todas = await diario();
    expect(de(todas, 'traspaso', entra.Id)).toEqual([]);
    const [a, ...otras] = de(todas, 'traspaso', sale.Id);
    expect(otras).toEqual([]);
    expect(a).toMatchObject({ Fecha: '2027-02-20', Tipo: 'traspaso', TipoTexto: 'Traspaso entre cuentas' });
    expect(a!.Concepto).toBe(`Traspaso de ${cuenta('BANCO').Nombre} a ${cuenta('CAJA').Nombre}`);
    expect(lineas(a!)).toEqual(['570 D 30000', '572 H 30000']);
    // The same subaccounts a collection into each account would use.
    const cobroCaja = todas.find((x) => x.Tipo === 'arqueo')!.Apuntes.find((l) => l.Subcuenta.startsWith('570'))!;
    expect(a!.Apuntes[0]!.Subcuenta).toBe(cobroCaja.Subcuenta);
  });

  it("bank to bank names both banks' subaccounts; changing a leg reverses and posts again", async () => {
    const [sale, entra] = ok(await traspaso(cuenta('BANCO').Id, cuenta('BANCO2').Id, '1000.00')).Items;
    let [a] = de(await diario(), 'traspaso', sale.Id);
    expect(lineas(a!)).toEqual(['572 D 100000', '572 H 100000']);
    const [destino, origen] = subcuentas(a!);
    expect(destino).toMatch(/ D$/);
    expect(origen).toMatch(/ H$/);
    expect(destino!.slice(0, -2)).not.toBe(origen!.slice(0, -2));
    // The incoming leg edited to 750 €: the outgoing one follows, the entry is reversed and posted again.
    ok(
      await demo.request('PUT', `${B}/movstesoreria/save/${entra.Id}`, {
        IdTesoreria: cuenta('BANCO2').Id,
        Fecha: '2027-02-21',
        Importe: '750.00',
        Descripcion: 'Traspaso corregido',
      }),
      200,
    );
    const todas = await diario();
    expect(de(todas, 'traspaso', sale.Id)).toHaveLength(3);
    [a] = vigentes(todas, 'traspaso', sale.Id);
    expect(a).toMatchObject({ Fecha: '2027-02-21', Concepto: 'Traspaso corregido' });
    expect(subcuentas(a!)).toEqual([destino, origen]);
    expect(lineas(a!)).toEqual(['572 D 75000', '572 H 75000']);
    ids.traspasoBancos = sale.Id;
  });

  it('deleting a transfer from its incoming leg reverses its entry; nothing is left on the accounts', async () => {
    ok(await demo.request('DELETE', `${B}/movstesoreria/delete/${ids.traspasoCajaEntra}`), 200);
    const todas = await diario();
    expect(vigentes(todas, 'traspaso', ids.traspasoCaja!)).toEqual([]);
    expect(de(todas, 'traspaso', ids.traspasoCaja!)).toHaveLength(2);
    expect(efecto(todas, 'traspaso', ids.traspasoCaja!)).toEqual({});
    expect(vigentes(todas, 'traspaso', ids.traspasoBancos!)).toHaveLength(1);
  });
});

describe('«Generar asientos» and the closed year', () => {
  it('run over the year after the hooks, it writes nothing', async () => {
    const antes = await diario();
    expect(
      ok(await demo.request('POST', `${L}/generar`, { FechaDesde: '2027-01-01', FechaHasta: '2027-12-31' }), 200),
    ).toEqual({ Asientos: 0 });
    expect(await diario()).toEqual(antes);
  });

  it('once 2027 is closed, a fee or a count dated in it is refused (409, Spanish) and nothing is written', async () => {
    ok(await demo.request('POST', `${L}/cerrar`, { Ejercicio: 2027 }), 200);
    const antes = await diario();
    const fee = await demo.request('POST', `${B}/movstesoreria/save`, {
      IdTesoreria: cuenta('BANCO').Id,
      Fecha: '2027-03-01',
      Importe: '-2.00',
      IdConcepto: ids.comisiones,
      Descripcion: 'Comisión transferencia',
    });
    expect(fee.status).toBe(409);
    expect(fee.body.Mensaje).toMatch(/ejercicio 2027.*cerrado/i);
    const movs = ok(
      await demo.request('GET', `${B}/movstesoreria/list${q({ FechaDesde: '2027-03-01', FechaHasta: '2027-03-01' })}`),
      200,
    );
    expect(movs.Items).toEqual([]);
    const caja = cuenta('CAJA');
    const cuenta0 = await demo.request('POST', `${B}/arqueos/save`, {
      IdTesoreria: caja.Id,
      Fecha: '2027-03-01',
      Desglose: { '1': 1 },
      Motivo: 'Robo',
    });
    expect(cuenta0.status).toBe(409);
    expect(
      (await demo.request('GET', `${B}/arqueos/list${q({ IdTesoreria: caja.Id })}`)).body.Items,
    ).not.toContainEqual(expect.objectContaining({ Fecha: '2027-03-01' }));
    expect(await diario()).toEqual(antes);
  });
});
