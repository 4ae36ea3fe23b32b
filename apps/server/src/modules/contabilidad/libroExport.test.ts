import { type Asiento, xDiarioBytes } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { companyScope, type Scope } from '../../platform/tenancy/scope.ts';
import { asientosDelLibro, generarAsientos } from './libro.ts';
import { asientosLibro, subcuentasLibro } from './libroExport.ts';

/**
 * The export reader of the ledger (one JSON text per batch of 5,000 entries, chart names read once) gives exactly
 * the entries and subaccounts of the ledger's row-by-row reader, across batches, VAT fields and accents included;
 * on the demo's posted year, the XDiario bytes of both readers are the same.
 */
let t: TestApp;
let s: Scope;
const P = { FechaDesde: '2031-01-01', FechaHasta: '2031-12-31' };

beforeAll(async () => {
  t = await createTestApp();
  const [e] = await t.database.query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
  s = companyScope(t.database.db, { empresaId: Number(e!.id), personaId: null, userName: 'test' });
  await t.database.query(
    `insert into asientos_contables (empresa_id, ejercicio, numero, fecha, concepto, tipo, origen, documento)
     select $1, 2031, g, date '2031-01-01' + (g % 365), 'Asiento ' || g, case when g % 2 = 0 then 'venta' else 'cobro' end,
       'manual', 'F2031-' || g from generate_series(1, 12001) g`,
    [s.empresaId],
  );
  await t.database.query(
    `insert into apuntes_contables (empresa_id, id_asiento, orden, ejercicio, fecha, subcuenta, contrapartida, concepto,
       debe, haber, documento, base_imponible, porc_iva, porc_recargo)
     select a.empresa_id, a.id, o, 2031, a.fecha, case when o = 1 then '4300000' || (a.numero % 7) else '7000000001' end,
       '', 'Cobro de Núñez ' || a.numero, case when o = 1 then a.numero else 0 end, case when o = 2 then a.numero else 0 end,
       a.documento, case when o = 2 and a.numero % 3 = 0 then 10.50 end, case when o = 2 and a.numero % 3 = 0 then 21 end,
       case when o = 2 and a.numero % 3 = 0 then 5.2 end
     from asientos_contables a cross join generate_series(1, 2) o where a.empresa_id = $1 and a.ejercicio = 2031`,
    [s.empresaId],
  );
  await t.database.query(
    `insert into cuentas_contables (empresa_id, codigo, nombre, nivel, nif)
     values ($1, '43000003', 'Cliente Núñez', 'subcuenta', 'B12345674') on conflict do nothing`,
    [s.empresaId],
  );
});
afterAll(() => t?.close());

describe('ledger export reader', () => {
  it('reads the same entries and subaccounts as the row-by-row reader, over several batches', async () => {
    const nuevos = [];
    let lotes = 0;
    for await (const lote of asientosLibro(s, P)) {
      lotes++;
      nuevos.push(...lote);
    }
    const previos = [];
    const usadas = new Map();
    for await (const lote of asientosDelLibro(s, P, usadas)) previos.push(...lote);
    expect(lotes).toBe(3);
    expect(nuevos).toHaveLength(12001);
    expect(nuevos).toEqual(previos);
    expect(nuevos.find((a) => a.Numero === 3)!.Apuntes[1]).toMatchObject({ BaseImponible: '10.50', PorcIva: '21.00' });
    expect(await subcuentasLibro(s, P)).toEqual(usadas);
    expect(usadas.get('43000003')).toEqual({ Codigo: '43000003', Titulo: 'Cliente Núñez', NIF: 'B12345674' });
  });

  it('on the demo year, once posted, writes the XDiario bytes of the row-by-row reader', async () => {
    const Y = { FechaDesde: '2025-02-01', FechaHasta: '2026-01-31' };
    await s.tx((tx) => generarAsientos(tx, Y));
    const leer = async (lector: AsyncIterable<Asiento[]>) => {
      const out: Asiento[] = [];
      for await (const lote of lector) out.push(...lote);
      return out;
    };
    const nuevos = await leer(asientosLibro(s, Y));
    const previos = await leer(asientosDelLibro(s, Y));
    expect(nuevos.length).toBeGreaterThan(100);
    expect(Buffer.from(xDiarioBytes(nuevos)).equals(Buffer.from(xDiarioBytes(previos)))).toBe(true);
  }, 180_000);
});
