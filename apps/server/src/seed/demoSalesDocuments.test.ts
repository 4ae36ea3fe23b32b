import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../test/appDePruebas.ts';
import { expectNumeracionCorrelativa, idEmpresa } from '../../test/datosDemo.ts';
import { DEMO_SEMILLA } from '../../test/templateSetup.ts';

/**
 * DEMO's year of sales as the test template seeds it (fixed in time: up to the day before DEMO_SEMILLA.hoy), checked
 * for what the services promise: numbers follow dates, every status, collections add up, VeriFactu chain valid.
 */
let empresaId: number;
const ayer = '2026-01-31';
const inicio = '2025-02-01';

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
});

const q = <T>(sql: string) => t.database.query<T>(sql.replaceAll('$E', String(empresaId)));

describe('DEMO sales history', () => {
  it('covers a year up to the day before, with 5–12 invoices issued each month', async () => {
    expect(DEMO_SEMILLA.hoy).toBe('2026-02-01');
    const [rango] = await q<{ min: string; max: string }>(
      `select min(fecha)::text min, max(fecha)::text max from documentos_venta where empresa_id = $E`,
    );
    expect(rango!.min >= inicio).toBe(true);
    expect(rango!.max).toBe(ayer);
    const meses = await q<{ mes: string; n: number }>(
      `select to_char(fecha, 'YYYY-MM') mes, count(*)::int n from documentos_venta
       where empresa_id = $E and tipo in ('factura', 'simplificada', 'rectificativa') and numero is not null
       group by 1 order by 1`,
    );
    expect(meses.map((m) => m.mes)).toHaveLength(12);
    for (const m of meses) expect(m.n, m.mes).toBeGreaterThanOrEqual(5);
    for (const m of meses) expect(m.n, m.mes).toBeLessThanOrEqual(12);
    const clientes = await q<{ n: number }>(
      `select count(distinct id_cliente)::int n from documentos_venta where empresa_id = $E and tipo = 'factura'`,
    );
    expect(clientes[0]!.n).toBeGreaterThanOrEqual(8);
  });

  it('numbers every series gaplessly in date order', async () => {
    const rows = await q<{ serie: number; anyo: number; numero: number; fecha: string }>(
      `select id_serie serie, anyo, numero, fecha::text fecha from documentos_venta
       where empresa_id = $E and numero is not null order by id_serie, anyo, numero`,
    );
    expect(rows.length).toBeGreaterThan(150);
    expectNumeracionCorrelativa(rows);
  });

  it('has documents in every status', async () => {
    const rows = await q<{ tipo: string; estado: string; cobro: string | null; facturado: boolean; n: number }>(
      `select tipo, estado, estado_cobro cobro, facturado, count(*)::int n from documentos_venta
       where empresa_id = $E group by 1, 2, 3, 4`,
    );
    const hay = (tipo: string, estado: string, extra: (r: (typeof rows)[number]) => boolean = () => true) =>
      rows.some((r) => r.tipo === tipo && r.estado === estado && extra(r));
    expect(hay('presupuesto', 'Activo')).toBe(true);
    expect(hay('presupuesto', 'Anulada')).toBe(true);
    expect(hay('pedido', 'Pendiente')).toBe(true);
    expect(hay('pedido', 'Entregado')).toBe(true);
    expect(hay('albaran', 'Pendiente')).toBe(true);
    expect(hay('albaran', 'Enviado', (r) => !r.facturado)).toBe(true);
    expect(hay('albaran', 'Enviado', (r) => r.facturado)).toBe(true);
    expect(hay('factura', 'Provisional')).toBe(true);
    expect(hay('factura', 'Anulada')).toBe(true);
    for (const cobro of ['Cobrado', 'Cobrado parcialmente', 'Pendiente'])
      expect(hay('factura', 'Emitida', (r) => r.cobro === cobro)).toBe(true);
    expect(hay('simplificada', 'Emitida')).toBe(true);
    expect(hay('rectificativa', 'Emitida')).toBe(true);
    const [irpf] = await q<{ n: number }>(
      `select count(*)::int n from documentos_venta where empresa_id = $E and total_retencion > 0 and numero is not null`,
    );
    expect(irpf!.n).toBeGreaterThan(0);
  });

  it('collects most older invoices through their collections, leaves some overdue', async () => {
    const rows = await q<{ total: string; cobro: string; cobrado: string; primero: string | null; fecha: string }>(
      `select d.total, d.estado_cobro cobro, coalesce(sum(c.importe), 0)::text cobrado, min(c.fecha)::text primero,
              d.fecha::text fecha
       from documentos_venta d left join cobros_venta c on c.empresa_id = d.empresa_id and c.id_factura = d.id
       where d.empresa_id = $E and d.numero is not null and d.tipo in ('factura', 'simplificada', 'rectificativa')
       group by d.empresa_id, d.id`,
    );
    for (const r of rows) {
      const esperado =
        Number(r.cobrado) === 0
          ? 'Pendiente'
          : Number(r.cobrado) === Number(r.total)
            ? 'Cobrado'
            : 'Cobrado parcialmente';
      expect(r.cobro).toBe(esperado);
      if (r.primero) expect(r.primero >= r.fecha && r.primero <= ayer).toBe(true);
    }
    const viejas = rows.filter((r) => r.fecha < '2025-11-01');
    expect(viejas.filter((r) => r.cobro === 'Cobrado').length / viejas.length).toBeGreaterThan(0.8);
    const vencidas = await demo.request('GET', '/api/ventas/fventa/vencidas?TotalPagina=200');
    expect(vencidas.status).toBe(200);
    expect(vencidas.body.Items.some((v: { Fecha: string }) => v.Fecha < '2025-11-01')).toBe(true);
  });

  it('records every issued invoice in a valid VeriFactu chain, and stock never goes negative', async () => {
    const [sinRegistro] = await q<{ n: number }>(
      `select count(*)::int n from documentos_venta d where d.empresa_id = $E and d.numero is not null
         and d.tipo in ('factura', 'simplificada', 'rectificativa')
         and not exists (select 1 from verifactu_registros r where r.empresa_id = d.empresa_id and r.id_documento = d.id)`,
    );
    expect(sinRegistro!.n).toBe(0);
    const check = await demo.request('GET', '/api/ventas/fventaverifactu/verificar');
    expect(check.body.Valida).toBe(true);
    const [negativos] = await q<{ n: number }>(
      `select count(*)::int n from stock where empresa_id = $E and cantidad < 0`,
    );
    expect(negativos!.n).toBe(0);
    const [salidas] = await q<{ n: number }>(
      `select count(*)::int n from movimientosstock where empresa_id = $E and tipo = 'documento'`,
    );
    expect(salidas!.n).toBeGreaterThan(100);
  });
});
