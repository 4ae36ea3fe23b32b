import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear, idEmpresa, terceroConNif } from '../../../../test/datosDemo.ts';
import { companyScope } from '../../../platform/tenancy/scope.ts';
import { enTransaccion } from '../../../platform/tenancy/transaccion.testkit.ts';
import { emitirFactura } from './emitir.ts';

/**
 * 16 drafts of one series issued at once through the real issuing service, 25 % of the transactions rolled back
 * AFTER taking their number: the committed numbers are exactly 1..N (no gap, no duplicate) and follow the dates.
 * The rolled-back drafts stay drafts and are issued afterwards, continuing the sequence.
 */
let empresaId: number;
let drafts: { Id: number; Fecha: string }[] = [];
let serieId: number;

const t = appDePruebas();
beforeAll(async () => {
  const demo = await t.as('demo', 'DEMO');
  empresaId = await idEmpresa(t);
  serieId = await crear(demo, '/api/configuracion/series/save', {
    Codigo: 'CONC',
    Descripcion: 'Serie de concurrencia',
    TipoDocumento: 'factura',
    Prefijo: 'C-',
    ReinicioAnual: true,
  });
  const cliente = await terceroConNif(demo, 'ventas/clientes');
  drafts = [];
  for (let i = 0; i < 16; i++) {
    const Fecha = '2026-07-01';
    const res = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: cliente.Id,
      Fecha,
      Serie: serieId,
      Lineas: [{ Descripcion: `Línea ${i}`, Cantidad: '1', Precio: String(10 + i), TipoIva: 'IVA21' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    drafts.push({ Id: res.body.Id, Fecha });
  }
});

const issue = (id: number, rollback: boolean) =>
  enTransaccion(
    companyScope(t.database.db, { empresaId, personaId: null, userName: 'prueba' }),
    rollback,
    async (tx) => (await emitirFactura(tx, id)).numero,
  );

describe('issuing invoices concurrently', () => {
  it('commits numbers 1..N with no gap nor duplicate, rollbacks included, on this engine', async () => {
    const results = await Promise.all(drafts.map((d, i) => issue(d.Id, i % 4 === 1)));
    const committed = results.filter((n): n is number => n !== null);
    expect(committed).toHaveLength(12);
    // The rolled-back ones are still drafts: issue them now.
    const again = await Promise.all(drafts.filter((_, i) => i % 4 === 1).map((d) => issue(d.Id, false)));
    expect(again.every((n) => n !== null)).toBe(true);
    const rows = await t.database.query<{ numero: number; estado: string }>(
      `select numero, estado from documentos_venta where empresa_id = ${empresaId} and id_serie = ${serieId} order by numero`,
    );
    expect(rows.map((r) => Number(r.numero))).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(rows.every((r) => r.estado === 'Emitida')).toBe(true);
  });
});
