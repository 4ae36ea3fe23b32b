import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear, idEmpresa, terceroConNif } from '../../../../test/datosDemo.ts';
import { companyScope } from '../../../platform/tenancy/scope.ts';
import { emitirFactura } from './emitir.ts';

/**
 * issuing with VeriFactu on, everything at once — two series sharing the company's one chain, issued over
 * the real route, some transactions rolled back AFTER taking their number and chaining their record, and
 * cancellations (which take the chain head only) of invoices issued before — on PGlite and on PostgreSQL (real
 * parallel transactions). Afterwards: each series numbered 1..N (no gap, no duplicate), the chain 1..M with every
 * record's previous hash the one before it (no fork, no broken link), verificarCadena valid, and no request failed
 * (a lock taken out of order would show here as a deadlock error).
 */
let empresaId: number;
let clienteId: number;
const series: number[] = [];
const FECHA = '2026-07-01';
const POR_SERIE = 10;

class Rollback extends Error {}

async function borrador(serie: number, i: number): Promise<number> {
  return crear(demo, '/api/ventas/fventa/save', {
    Cliente: clienteId,
    Fecha: FECHA,
    Serie: serie,
    Lineas: [{ Descripcion: `Línea ${i}`, Cantidad: '1', Precio: String(10 + i), TipoIva: 'IVA21' }],
  });
}

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  await t.database.query(`update empresas set tipo_factura_electronica = 'verifactu' where id = ${empresaId}`);
  for (const [Codigo, Prefijo] of [
    ['VC1', 'VA-'],
    ['VC2', 'VB-'],
  ]) {
    const res = await crear(demo, '/api/configuracion/series/save', {
      Codigo,
      Descripcion: `Serie concurrente ${Codigo}`,
      TipoDocumento: 'factura',
      Prefijo,
      ReinicioAnual: true,
    });
    series.push(res);
  }
  clienteId = (await terceroConNif(demo, 'ventas/clientes')).Id;
});

describe('issuing with VeriFactu on, concurrently over two series and cancellations', () => {
  it('numbers every series 1..N and chains every record once, with no failed request', async () => {
    // Four invoices issued first, to be cancelled while the others are issued.
    const aAnular: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await borrador(series[i % 2]!, 100 + i);
      const res = await demo.request('POST', `/api/ventas/fventa/emitir/${id}`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      aAnular.push(id);
    }
    const drafts: { id: number; serie: number }[] = [];
    for (let i = 0; i < 2 * POR_SERIE; i++) {
      const serie = series[i % 2]!;
      drafts.push({ id: await borrador(serie, i), serie });
    }
    const scope = () => companyScope(t.database.db, { empresaId, personaId: null, userName: 'prueba' });
    const rolledBack = drafts.filter((_, i) => i % 5 === 3);
    const tareas: Promise<string>[] = [
      ...drafts.map(async (d, i) => {
        if (i % 5 === 3) {
          // Takes its number and chains its record, then rolls back: both must be given back.
          try {
            await scope().tx(async (tx) => {
              await emitirFactura(tx, d.id);
              throw new Rollback();
            });
          } catch (error) {
            if (error instanceof Rollback) return 'rollback';
            throw error;
          }
        }
        const res = await demo.request('POST', `/api/ventas/fventa/emitir/${d.id}`, {});
        return res.status === 200 ? 'ok' : `${res.status} ${JSON.stringify(res.body)}`;
      }),
      ...aAnular.map(async (id) => {
        const res = await demo.request('POST', `/api/ventas/fventa/anular/${id}`, {});
        return res.status === 200 ? 'ok' : `${res.status} ${JSON.stringify(res.body)}`;
      }),
    ];
    const resultados = await Promise.all(tareas);
    expect(resultados.filter((r) => r !== 'ok' && r !== 'rollback')).toEqual([]);
    expect(resultados.filter((r) => r === 'rollback')).toHaveLength(rolledBack.length);
    // The rolled-back drafts are still drafts: issued now, they continue their series.
    for (const d of rolledBack) {
      const res = await demo.request('POST', `/api/ventas/fventa/emitir/${d.id}`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    for (const serie of series) {
      const rows = await t.database.query<{ numero: number; num_serie: string; fecha: string }>(
        `select numero, num_serie from documentos_venta where empresa_id = ${empresaId} and id_serie = ${serie}
         order by numero`,
      );
      const total = POR_SERIE + 2;
      expect(rows.map((r) => Number(r.numero))).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.num_serie)).size).toBe(total);
    }

    const registros = await t.database.query<{
      secuencia: number;
      huella: string;
      huella_anterior: string | null;
      clase: string;
      id_documento: number;
    }>(
      `select secuencia, huella, huella_anterior, clase, id_documento from verifactu_registros
       where empresa_id = ${empresaId} order by secuencia`,
    );
    registros.forEach((r, i) => {
      expect(Number(r.secuencia)).toBe(Number(registros[0]!.secuencia) + i);
      if (i > 0) expect(r.huella_anterior).toBe(registros[i - 1]!.huella);
    });
    const anteriores = registros.map((r) => r.huella_anterior);
    expect(new Set(anteriores).size).toBe(anteriores.length);
    // One alta per issued invoice (none for the rolled-back attempts), one anulación per cancelled one.
    const ids = new Set([...drafts.map((d) => d.id), ...aAnular]);
    const nuestros = registros.filter((r) => ids.has(Number(r.id_documento)));
    expect(nuestros.filter((r) => r.clase === 'alta')).toHaveLength(drafts.length + aAnular.length);
    expect(nuestros.filter((r) => r.clase === 'anulacion')).toHaveLength(aAnular.length);
    const [cabeza] = await t.database.query<{ secuencia: number; huella: string }>(
      `select c.secuencia, r.huella from verifactu_cadena c join verifactu_registros r
         on r.empresa_id = c.empresa_id and r.id = c.ultimo_id where c.empresa_id = ${empresaId}`,
    );
    expect(Number(cabeza!.secuencia)).toBe(Number(registros.at(-1)!.secuencia));
    expect(cabeza!.huella).toBe(registros.at(-1)!.huella);
    const check = await demo.request('GET', '/api/ventas/fventaverifactu/verificar');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.Valida, JSON.stringify(check.body)).toBe(true);
  });
});
