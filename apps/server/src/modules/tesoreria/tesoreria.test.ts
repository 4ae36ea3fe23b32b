import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear } from '../../../test/datosDemo.ts';
import { estadoRecibo } from './remesas.ts';

/**
 * Treasury on both engines, one app: movements with running balances and locks, mandates, direct-debit
 * batches (files validated against the official XSDs), returns and re-presentation, transfers, cash counts, Norma 43
 * statements and reconciliation.
 */
const B = '/api/tesoreria';
const q = (f: Record<string, unknown>, extra = '') =>
  `?Filtros=${encodeURIComponent(JSON.stringify(f))}&TotalPagina=200${extra}`;
let cuentas: {
  Id: number;
  Codigo: string;
  Saldo: string;
  SaldoPrevisto: string;
  Tipo: string;
  Arqueable: boolean | null;
  IBAN: string;
}[];
const cuenta = (c: string) => cuentas.find((x) => x.Codigo === c)!.Id;
/** A manual movement recorded on an account (201); its id. */
const apunte = (IdTesoreria: number, Fecha: string, Importe: string, Descripcion: string) =>
  crear(demo, `${B}/movstesoreria/save`, { IdTesoreria, Fecha, Importe, Descripcion });

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const r = await demo.request('GET', `${B}/movstesoreria/saldos`);
  expect(r.status).toBe(200);
  cuentas = r.body.Items;
});

/** A transfer between two treasury accounts. */
const traspaso = (IdOrigen: number, IdDestino: number, Fecha: string, Importe: string) =>
  demo.request('POST', `${B}/movstesoreria/traspaso`, { IdOrigen, IdDestino, Fecha, Importe });

describe('DEMO', () => {
  it('has mandates, two sent batches (one with a returned receipt), a cash count and an imported statement', async () => {
    const remesas = (await demo.request('GET', `${B}/remesas/list`)).body.Items as {
      Estado: string;
      Devueltos: number;
    }[];
    expect(remesas.filter((r) => r.Estado === 'enviada').length).toBeGreaterThanOrEqual(2);
    expect(remesas.some((r) => r.Devueltos > 0)).toBe(true);
    expect((await demo.request('GET', `${B}/mandatos/list`)).body.Total).toBeGreaterThan(0);
    expect((await demo.request('GET', `${B}/arqueos/list`)).body.Total).toBe(1);
    const ext = (await demo.request('GET', `${B}/extractos/list`)).body.Items;
    expect(ext).toHaveLength(1);
    const det = await demo.request('GET', `${B}/extractos/edit/${ext[0].Id}`);
    expect(det.body.Apuntes.some((a: { ConciliadoCon: string | null }) => a.ConciliadoCon === 'remesa')).toBe(true);
  });
});

describe('movstesoreria', () => {
  it('lists collections, payments and manual movements with a running balance per account', async () => {
    const caja = cuenta('CAJA');
    // The running balance counts every recorded movement: the forecast (these are dated 2030).
    const antes = cuentas.find((c) => c.Id === caja)!.SaldoPrevisto;
    await apunte(caja, '2030-01-10', '-12.50', 'Material de oficina');
    const lista = await demo.request('GET', `${B}/movstesoreria/list${q({ IdTesoreria: caja })}`);
    expect(lista.status).toBe(200);
    const [primero] = lista.body.Items;
    expect(primero).toMatchObject({ Tipo: 'manual', Importe: '-12.50', Descripcion: 'Material de oficina' });
    expect(Number(primero.Saldo)).toBeCloseTo(Number(antes) - 12.5, 2);
    const saldos = await demo.request('GET', `${B}/movstesoreria/saldos`);
    expect(saldos.body.Items.find((c: { Id: number }) => c.Id === caja).SaldoPrevisto).toBe(primero.Saldo);
    expect(saldos.body.Items.find((c: { Id: number }) => c.Id === caja).Saldo).not.toBe(primero.Saldo);
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
    const r = await traspaso(cuenta('BANCO'), cuenta('CAJA'), '2030-01-11', '200');
    expect(r.status).toBe(201);
    expect(r.body.Items.map((m: { Importe: string }) => m.Importe)).toEqual(['-200.00', '200.00']);
    const mal = await traspaso(cuenta('CAJA'), cuenta('CAJA'), '2030-01-11', '0');
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

describe('movstesoreria: balances of a page', () => {
  it("pages through two accounts' movements (both orders, with filters) and each balance is the account's running total", async () => {
    const caja = cuenta('CAJA');
    const banco = cuenta('BANCO');
    const antes = (await demo.request('GET', `${B}/movstesoreria/saldos`)).body.Items as {
      Id: number;
      SaldoPrevisto: string;
      UltimoMovimiento: string | null;
    }[];
    // Every movement already there is older than these, so each balance = today's balance + the new ones up to it.
    for (const c of antes.filter((x) => x.Id === caja || x.Id === banco))
      expect(c.UltimoMovimiento === null || c.UltimoMovimiento < '2031-01-01').toBe(true);
    const altas: [number, string, string][] = [
      [caja, '2031-01-05', '100'],
      [banco, '2031-01-05', '1000'],
      [caja, '2031-01-05', '-30'],
      [banco, '2031-01-10', '-250.5'],
      [caja, '2031-02-03', '-5.55'],
      [caja, '2031-01-20', '12.34'],
      [banco, '2031-02-15', '-1.01'],
      [banco, '2031-02-03', '40'],
      [caja, '2031-02-03', '7'],
    ];
    const nuevos: { Id: number; IdTesoreria: number; Fecha: string; Importe: string }[] = [];
    for (const [IdTesoreria, Fecha, Importe] of altas) {
      nuevos.push({ Id: await apunte(IdTesoreria, Fecha, Importe, 'Saldo'), IdTesoreria, Fecha, Importe });
    }
    // The expected balances, computed here: per account, by date then id, cents as integers.
    const esperado = new Map<number, string>();
    for (const c of [caja, banco]) {
      let cent = Math.round(Number(antes.find((x) => x.Id === c)!.SaldoPrevisto) * 100);
      const suyos = nuevos
        .filter((m) => m.IdTesoreria === c)
        .sort((a, b) => a.Fecha.localeCompare(b.Fecha) || a.Id - b.Id);
      for (const m of suyos) {
        cent += Math.round(Number(m.Importe) * 100);
        esperado.set(m.Id, (cent / 100).toFixed(2));
      }
    }
    const orden = (a: (typeof nuevos)[number], b: (typeof nuevos)[number]) =>
      a.Fecha.localeCompare(b.Fecha) || a.Id - b.Id;
    const casos: [Record<string, unknown>, string, (m: (typeof nuevos)[number]) => boolean][] = [
      [{ FechaDesde: '2031-01-01' }, 'desc', () => true],
      [{ FechaDesde: '2031-01-01' }, 'asc', () => true],
      [{ FechaDesde: '2031-01-06' }, 'desc', (m) => m.Fecha >= '2031-01-06'],
      [
        { FechaDesde: '2031-01-15', IdTesoreria: caja },
        'asc',
        (m) => m.Fecha >= '2031-01-15' && m.IdTesoreria === caja,
      ],
      [{ FechaDesde: '2031-01-01', FechaHasta: '2031-02-03', Tipo: 'manual' }, 'desc', (m) => m.Fecha <= '2031-02-03'],
    ];
    for (const [filtros, dir, incluye] of casos) {
      const vistos: { Id: number; Saldo: string }[] = [];
      for (let pagina = 1; pagina <= 5; pagina++) {
        const r = await demo.request(
          'GET',
          `${B}/movstesoreria/list?Filtros=${encodeURIComponent(JSON.stringify(filtros))}&TotalPagina=2&Pagina=${pagina}&Orden=${dir}`,
        );
        expect(r.status).toBe(200);
        vistos.push(...r.body.Items);
      }
      const quiero = nuevos.filter(incluye).sort(orden);
      if (dir === 'desc') quiero.reverse();
      expect(vistos.map((m) => m.Id)).toEqual(quiero.map((m) => m.Id));
      expect(vistos.map((m) => m.Saldo)).toEqual(quiero.map((m) => esperado.get(m.Id)));
    }
  });
});

describe('mandates, direct-debit batches, returns and transfers', () => {
  interface Recibo {
    IdFactura: number;
    Plazo: number;
    IdTercero: number;
    Tercero: string;
    Importe: string;
    Problema: string | null;
    Esquema: string | null;
    NumSerie: string;
  }
  let recibos: Recibo[];
  let remesaId: number;

  it('computes the creditor identifier and lists due receipts with a mandate or the reason they cannot go', async () => {
    const r = await demo.request('GET', `${B}/remesas/recibos${q({})}`);
    expect(r.status).toBe(200);
    recibos = r.body.Items;
    expect(recibos.length).toBeGreaterThan(2);
    // A mandate for the customers of the first three receipts (CORE, first collection).
    for (const c of [...new Set(recibos.slice(0, 3).map((x) => x.IdTercero))]) {
      const m = await demo.request('POST', `${B}/mandatos/save`, {
        IdCliente: c,
        IBAN: 'ES9121000418450200051332',
        BIC: 'CAIXESBBXXX',
        FechaFirma: '2026-01-15',
        Esquema: 'CORE',
        Secuencia: 'FRST',
      });
      expect(m.status).toBe(201);
      expect(m.body.Referencia).toMatch(/-\d+$/);
    }
    const malIban = await demo.request('POST', `${B}/mandatos/save`, {
      IdCliente: recibos[0]!.IdTercero,
      IBAN: 'ES9121000418450200051331',
      FechaFirma: '2026-01-15',
    });
    expect(malIban.status).toBe(400);
    const otra = await demo.request('GET', `${B}/remesas/recibos${q({})}`);
    recibos = otra.body.Items;
    expect(recibos.slice(0, 3).every((x) => x.Problema === null && x.Esquema === 'CORE')).toBe(true);
    const pdf = await demo.request('GET', `${B}/mandatos/list${q({ IdCliente: recibos[0]!.IdTercero })}`);
    const mandato = pdf.body.Items[0];
    const doc = await demo.request('GET', `${B}/mandatos/pdf/${mandato.Id}`);
    expect(doc.status).toBe(200);
    expect(doc.headers['content-type']).toContain('application/pdf');
  });

  it('builds a batch whose pain.008 (.02 and .08) passes the official XSD with the right control sum', async () => {
    const elegidos = recibos.filter((x) => x.Problema === null).slice(0, 3);
    const r = await demo.request('POST', `${B}/remesas/save`, {
      IdTesoreria: cuenta('BANCO'),
      Fecha: '2030-02-05',
      Esquema: 'CORE',
      Recibos: elegidos.map((x) => ({ IdFactura: x.IdFactura, Plazo: x.Plazo })),
    });
    expect(r.status).toBe(201);
    remesaId = r.body.Id;
    const suma = elegidos.reduce((s, x) => s + Math.round(Number(x.Importe) * 100), 0);
    expect(Math.round(Number(r.body.Total) * 100)).toBe(suma);
    for (const v of ['pain.008.001.02', 'pain.008.001.08']) {
      const f = await demo.request('GET', `${B}/remesas/fichero/${remesaId}?Version=${v}`);
      expect(f.status).toBe(200);
      expect(f.body).toContain(`urn:iso:std:iso:20022:tech:xsd:${v}`);
      expect(f.body).toContain(`<CtrlSum>${(suma / 100).toFixed(2)}</CtrlSum>`);
      expect(f.body).toMatch(/<PrvtId><Othr><Id>ES\d{2}000[A-Z0-9]{9}<\/Id>/);
      expect(f.body).toContain('<SeqTp>FRST</SeqTp>');
    }
    // The same receipt cannot go into a second batch while it is in this one.
    const otra = await demo.request('POST', `${B}/remesas/save`, {
      IdTesoreria: cuenta('BANCO'),
      Fecha: '2030-02-06',
      Recibos: [{ IdFactura: elegidos[0]!.IdFactura, Plazo: elegidos[0]!.Plazo }],
    });
    expect(otra.status).toBe(400);
    expect(otra.body.Mensaje).toContain('ya está en otra remesa');
  });

  it('marks the batch sent (receipts collected into the bank), undoes it, sends it again', async () => {
    const env = await demo.request('POST', `${B}/remesas/enviar/${remesaId}`);
    expect(env.status).toBe(200);
    const movs = await demo.request('GET', `${B}/movstesoreria/list${q({ Remesado: true, FechaDesde: '2030-02-05' })}`);
    expect(movs.body.Items).toHaveLength(3);
    expect(movs.body.Items.every((m: { IdTesoreria: number }) => m.IdTesoreria === cuenta('BANCO'))).toBe(true);
    const undo = await demo.request('POST', `${B}/remesas/deshacer/${remesaId}`);
    expect(undo.status).toBe(200);
    const vacio = await demo.request(
      'GET',
      `${B}/movstesoreria/list${q({ Remesado: true, FechaDesde: '2030-02-05' })}`,
    );
    expect(vacio.body.Items).toHaveLength(0);
    expect((await demo.request('POST', `${B}/remesas/enviar/${remesaId}`)).status).toBe(200);
    const ed = await demo.request('GET', `${B}/remesas/edit/${remesaId}`);
    // Collected on the batch's date (2030): until then its receipts are presented, not collected.
    expect(ed.body.Recibos.map((l: { Estado: string }) => l.Estado)).toEqual([
      'presentado',
      'presentado',
      'presentado',
    ]);
    expect(estadoRecibo('cobrado', '2030-02-05', '2030-02-04')).toBe('presentado');
    expect(estadoRecibo('cobrado', '2030-02-05', '2030-02-05')).toBe('cobrado');
    expect(estadoRecibo('devuelto', '2030-02-05', '2030-02-04')).toBe('devuelto');
  });

  it("locks a sent batch's collections: deleting one is refused in Spanish (the batch changes them)", async () => {
    const [linea] = await t.database.query<{ id_cobro: number }>(
      'select id_cobro from recibos_remesa where id_remesa = $1 and id_cobro is not null limit 1',
      [remesaId],
    );
    const cobro = Number(linea!.id_cobro);
    const antes = (await demo.request('GET', `${B}/movstesoreriac/edit/${cobro}`)).body;
    const borrar = await demo.request('DELETE', `${B}/movstesoreriac/delete/${cobro}`);
    expect(borrar.status).toBe(400);
    expect(borrar.body.Mensaje).toMatch(/^El cobro se hizo con una remesa de recibos/);
    expect((await demo.request('GET', `${B}/movstesoreriac/edit/${cobro}`)).body).toEqual(antes);
  });

  it('a returned receipt is pending again, charges the fee, blocks the mandate on MD01 and never goes into a batch twice without re-presenting', async () => {
    const ed = await demo.request('GET', `${B}/remesas/edit/${remesaId}`);
    const [l1, l2] = ed.body.Recibos;
    const dev = await demo.request('POST', `${B}/remesas/devolver/${l1.Id}`, {
      Motivo: 'AM04',
      Fecha: '2030-02-08',
      Comision: '3.50',
    });
    expect(dev.status).toBe(200);
    const otra = await demo.request('POST', `${B}/remesas/devolver/${l1.Id}`, { Motivo: 'AM04', Fecha: '2030-02-08' });
    expect(otra.status).toBe(400);
    const fee = await demo.request(
      'GET',
      `${B}/movstesoreria/list${q({ FechaDesde: '2030-02-08', FechaHasta: '2030-02-08', Tipo: 'manual' })}`,
    );
    expect(fee.body.Items.map((m: { Importe: string }) => m.Importe)).toEqual(['-3.50']);
    // Not a candidate any more until re-presented.
    let cand = await demo.request('GET', `${B}/remesas/recibos${q({})}`);
    const es = (x: Recibo) => x.IdFactura === l1.IdFactura && x.Plazo === l1.Plazo;
    expect(cand.body.Items.some(es)).toBe(false);
    const segunda = await demo.request('POST', `${B}/remesas/save`, {
      IdTesoreria: cuenta('BANCO'),
      Fecha: '2030-03-05',
      Recibos: [{ IdFactura: l1.IdFactura, Plazo: l1.Plazo }],
    });
    expect(segunda.status).toBe(400);
    const rep = await demo.request('POST', `${B}/remesas/representar/${l1.Id}`, { Fecha: '2030-03-01' });
    expect(rep.status).toBe(200);
    cand = await demo.request('GET', `${B}/remesas/recibos${q({})}`);
    const vuelta = cand.body.Items.find(es);
    expect(vuelta).toMatchObject({ Vencimiento: '2030-03-01', Representado: true });
    const tercera = await demo.request('POST', `${B}/remesas/save`, {
      IdTesoreria: cuenta('BANCO'),
      Fecha: '2030-03-05',
      Recibos: [{ IdFactura: l1.IdFactura, Plazo: l1.Plazo }],
    });
    expect(tercera.status).toBe(201);
    // MD01 through a pain.002 report: the mandate is blocked.
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>RPT1</MsgId><CreDtTm>2030-02-09T10:00:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${ed.body.MsgId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${ed.body.MsgId}-1</OrgnlPmtInfId><TxInfAndSts><OrgnlEndToEndId>${l2.EndToEndId}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>MD01</Cd></Rsn></StsRsnInf><OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${l2.Importe}</InstdAmt></Amt><ReqdColltnDt>2030-02-05</ReqdColltnDt></OrgnlTxRef></TxInfAndSts></OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
    const p2 = await demo.request('POST', `${B}/remesas/pain002`, { Xml: xml, Fecha: '2030-02-09' });
    expect(p2.status).toBe(200);
    expect(p2.body.Devueltos.map((d: { EndToEndId: string }) => d.EndToEndId)).toEqual([l2.EndToEndId]);
    const mand = await demo.request('GET', `${B}/mandatos/edit/${l2.IdMandato}`);
    expect(mand.body.Estado).toBe('bloqueado');
    const malo = await demo.request('POST', `${B}/remesas/pain002`, { Xml: '<Document/>' });
    expect(malo.status).toBe(400);
    // A batch with returns cannot be undone.
    expect((await demo.request('POST', `${B}/remesas/deshacer/${remesaId}`)).status).toBe(400);
  });

  it('a transfer batch to suppliers writes an XSD-valid pain.001.001.03', async () => {
    const p = await demo.request('GET', `${B}/remesas/pagos${q({})}`);
    expect(p.status).toBe(200);
    const ok = (p.body.Items as Recibo[]).filter((x) => x.Problema === null).slice(0, 2);
    if (!ok.length) {
      // The demo has no supplier invoice pending with an IBAN: the route answers an empty list (checked above).
      expect(p.body.Items.every((x: Recibo) => x.Problema !== null)).toBe(true);
      return;
    }
    const r = await demo.request('POST', `${B}/remesas/transferencias`, {
      IdTesoreria: cuenta('BANCO'),
      Fecha: '2030-02-10',
      Recibos: ok.map((x) => ({ IdFactura: x.IdFactura, Plazo: x.Plazo })),
    });
    expect(r.status).toBe(201);
    const f = await demo.request('GET', `${B}/remesas/fichero/${r.body.Id}`);
    expect(f.status).toBe(200);
    expect(f.body).toContain('pain.001.001.03');
  });
});

describe('cash counts', () => {
  it('counts notes and coins, posts the difference with its reason and locks the counted movements', async () => {
    const caja = cuenta('CAJA');
    const esp = await demo.request('GET', `${B}/arqueos/esperado/${caja}?Fecha=2030-04-01`);
    expect(esp.status).toBe(200);
    const esperado = Number(esp.body.Esperado);
    const mov = await apunte(caja, '2030-03-31', '5', 'Venta en mostrador');
    const sinMotivo = await demo.request('POST', `${B}/arqueos/save`, {
      IdTesoreria: caja,
      Fecha: '2030-04-01',
      Desglose: { '50': 1 },
    });
    expect(sinMotivo.status).toBe(400);
    const a = await demo.request('POST', `${B}/arqueos/save`, {
      IdTesoreria: caja,
      Fecha: '2030-04-01',
      Desglose: { '50': 1, '0.20': 3 },
      Motivo: 'Descuadre del cambio',
    });
    expect(a.status).toBe(201);
    expect(a.body.Contado).toBe('50.60');
    expect(Number(a.body.Diferencia)).toBeCloseTo(50.6 - (esperado + 5), 2);
    const editar = await demo.request('PUT', `${B}/movstesoreria/save/${mov}`, {
      IdTesoreria: caja,
      Fecha: '2030-03-31',
      Importe: '6',
      Descripcion: 'Venta en mostrador',
    });
    expect(editar.status).toBe(400);
    expect(editar.body.Mensaje).toContain('arqueado');
    expect((await demo.request('DELETE', `${B}/movstesoreria/delete/${mov}`)).status).toBe(400);
    const lista = await demo.request(
      'GET',
      `${B}/movstesoreria/list${q({ IdTesoreria: caja, FechaDesde: '2030-03-31', FechaHasta: '2030-04-01' })}`,
    );
    expect(lista.body.Items.every((m: { Arqueado: boolean }) => m.Arqueado)).toBe(true);
    expect(lista.body.Items[0].Saldo).toBe('50.60');
    const banco = await demo.request('POST', `${B}/arqueos/save`, {
      IdTesoreria: cuenta('BANCO2'),
      Fecha: '2030-04-01',
      Desglose: {},
    });
    expect(banco.status).toBe(400);
    const pdf = await demo.request('GET', `${B}/arqueos/pdf/${a.body.Id}`);
    expect(pdf.status).toBe(200);
  });
});

describe('Norma 43 statements and reconciliation', () => {
  it('refuses a bad file naming its line and imports nothing', async () => {
    const antes = (await demo.request('GET', `${B}/extractos/list`)).body.Total;
    const mal = ['11', '22'].join('\n');
    const r = await demo.request('POST', `${B}/extractos/importar`, { IdTesoreria: cuenta('BANCO'), Contenido: mal });
    expect(r.status).toBe(400);
    expect(r.body.Mensaje).toMatch(/Línea 1/);
    const lista = await demo.request('GET', `${B}/extractos/list`);
    expect(lista.body.Total).toBe(antes);
  });

  it('imports a statement, proposes matches by amount, date and reference, reconciles and locks', async () => {
    const { escribirNorma43 } = await import('@faro/domain');
    const banco = cuentas.find((c) => c.Codigo === 'BANCO')!;
    const iban = banco.IBAN;
    const alta = await apunte(cuenta('BANCO'), '2030-05-03', '-45.30', 'Recibo luz');
    const fichero = escribirNorma43({
      banco: iban.slice(4, 8),
      oficina: iban.slice(8, 12),
      cuenta: iban.slice(14),
      desde: '2030-05-01',
      hasta: '2030-05-31',
      saldoInicial: '1000.00',
      divisa: '978',
      titular: 'DEMO',
      apuntes: [
        {
          fechaOperacion: '2030-05-04',
          fechaValor: '2030-05-04',
          conceptoComun: '03',
          conceptoPropio: '001',
          importe: '-45.30',
          documento: '',
          referencia1: '',
          referencia2: '',
          concepto: 'RECIBO LUZ',
        },
        {
          fechaOperacion: '2030-05-10',
          fechaValor: '2030-05-10',
          conceptoComun: '02',
          conceptoPropio: '002',
          importe: '999.99',
          documento: '',
          referencia1: '',
          referencia2: '',
          concepto: 'INGRESO DESCONOCIDO',
        },
      ],
    });
    const r = await demo.request('POST', `${B}/extractos/importar`, {
      IdTesoreria: cuenta('BANCO'),
      Fichero: 'mayo.n43',
      Contenido: fichero,
    });
    expect(r.status).toBe(201);
    const id = r.body.Items[0].Id;
    const otra = await demo.request('POST', `${B}/extractos/importar`, {
      IdTesoreria: cuenta('BANCO'),
      Contenido: fichero,
    });
    expect(otra.status).toBe(400);
    const ed = await demo.request('GET', `${B}/extractos/edit/${id}`);
    const [luz, ingreso] = ed.body.Apuntes;
    expect(luz.Propuesta).toMatchObject({ Clase: 'movimiento', Id: alta });
    expect(ingreso.Propuesta).toBeNull();
    const mal = await demo.request('POST', `${B}/extractos/conciliar`, {
      Pares: [{ IdApunte: ingreso.Id, Clase: 'movimiento', Id: alta }],
    });
    expect(mal.status).toBe(400);
    const ok = await demo.request('POST', `${B}/extractos/conciliar`, {
      Pares: [{ IdApunte: luz.Id, Clase: 'movimiento', Id: alta }],
    });
    expect(ok.status).toBe(200);
    const bloqueado = await demo.request('DELETE', `${B}/movstesoreria/delete/${alta}`);
    expect(bloqueado.status).toBe(400);
    expect((await demo.request('DELETE', `${B}/extractos/delete/${id}`)).status).toBe(400);
  });

  it('locks a supplier payment reconciled with a statement line until the reconciliation is undone', async () => {
    // A DEMO received invoice still pending, paid 12.00 by the bank, matched with the statement's fee line of 12.00.
    const f = encodeURIComponent(JSON.stringify({ EstadoPago: 'Pendiente' }));
    const facturas = (await demo.request('GET', `/api/compras/fcompra/list?Filtros=${f}&TotalPagina=50`)).body
      .Items as {
      Id: number;
      Estado: string;
    }[];
    const factura = facturas.find((x) => x.Estado === 'Registrada')!;
    const [apunte] = await t.database.query<{ id: number; fecha: string }>(
      "select id, fecha_operacion::text fecha from apuntes_bancarios where importe = -12.00 and id_conciliado is null and concepto like 'COMISION%' limit 1",
    );
    const pago = await demo.request('POST', `${B}/movstesoreriap/save`, {
      IdFactura: factura.Id,
      Fecha: apunte!.fecha,
      Importe: '12.00',
      IdTesoreria: cuenta('BANCO'),
    });
    expect(pago.status, JSON.stringify(pago.body)).toBe(201);
    const ok = await demo.request('POST', `${B}/extractos/conciliar`, {
      Pares: [{ IdApunte: Number(apunte!.id), Clase: 'pago', Id: pago.body.Id }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const borrar = await demo.request('DELETE', `${B}/movstesoreriap/delete/${pago.body.Id}`);
    expect(borrar.status).toBe(400);
    // Supplier payments are editable: the change is refused too.
    const cambiar = await demo.request('PUT', `${B}/movstesoreriap/save/${pago.body.Id}`, {
      IdFactura: factura.Id,
      Fecha: apunte!.fecha,
      Importe: '10.00',
      IdTesoreria: cuenta('BANCO'),
    });
    expect(cambiar.status).toBe(400);
    expect(borrar.body.Mensaje).toBe(
      'El pago está conciliado con un apunte del extracto bancario: deshaz la conciliación antes de cambiarlo o borrarlo',
    );
    expect((await demo.request('POST', `${B}/extractos/desconciliar/${apunte!.id}`)).status).toBe(200);
    expect((await demo.request('DELETE', `${B}/movstesoreriap/delete/${pago.body.Id}`)).status).toBe(200);
  });

  it('exports the reports of batches, receipts and cash counts (spec §9) in the list formats', async () => {
    const html = await demo.request('GET', `${B}/informes/remesas?Formato=html`);
    expect(html.status).toBe(200);
    expect(String(html.headers['content-type'])).toContain('text/html');
    expect(Number(html.headers['x-total-registros'])).toBeGreaterThanOrEqual(2);
    expect(html.body).toContain('Remesa de recibos de');
    const recibos = await demo.request(
      'GET',
      `${B}/informes/recibos?Formato=html&Filtros=${encodeURIComponent(JSON.stringify({ Estado: 'devuelto' }))}`,
    );
    expect(recibos.status).toBe(200);
    expect(Number(recibos.headers['x-total-registros'])).toBeGreaterThanOrEqual(1);
    expect(recibos.body).toContain('Devuelto');
    expect(recibos.body).not.toContain('Cobrado');
    const xlsx = await demo.request('GET', `${B}/informes/arqueos?Formato=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toMatch(/arqueos\.xlsx/);
    expect(Number(xlsx.headers['x-total-registros'])).toBeGreaterThanOrEqual(1);
    const mal = await demo.request('GET', `${B}/informes/arqueos?Formato=doc`);
    expect(mal.status).toBe(400);
    expect(mal.body.Mensaje).toBe('El formato de exportación debe ser xlsx, ods, pdf o html');
    const fechas = await demo.request(
      'GET',
      `${B}/informes/remesas?Filtros=${encodeURIComponent(JSON.stringify({ FechaDesde: '2030-02-01', FechaHasta: '2030-01-01' }))}`,
    );
    expect(fechas.status).toBe(400);
  });
});
