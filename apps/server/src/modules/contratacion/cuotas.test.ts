import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { plataforma } from '../../platform/admin/index.ts';
import { cerrarMesSuscripciones, trabajoCuotasMensuales } from './cuotas.ts';

/**
 * The subscriptions' month (`contratado`): a downgrade chosen last month takes effect, one chosen this
 * month waits for the next; every company in production, signed and not suspended gets this month's fee invoice
 * from the platform company (DEMO here) through its sales engine, once however often the job runs.
 */
let academia: number;
let autoescuela: number;

const idDe = async (codigo: string) =>
  Number((await t.database.query<{ id: number }>('select id from empresas where codigo = $1', [codigo]))[0]!.id);

const t = appDePruebas({ empresaPlataforma: 'DEMO' });
beforeAll(async () => {
  academia = await idDe('ACADEMIA');
  autoescuela = await idDe('AUTOESCUELA');
  // Only these two are customers in production: the others stay test entities (no fee).
  await t.database.query('update empresas set entidad_pruebas = true');
  await t.database.query(
    `update empresas set entidad_pruebas = false, condiciones_aceptadas = true,
       nif = case id when $1 then 'B12345674' else 'B87654323' end where id in ($1, $2)`,
    [academia, autoescuela],
  );
  await t.database.query(
    `insert into suscripciones (empresa_id, plan, plan_siguiente, actualizada) values
       ($1, 'empresa', 'basico', now() - interval '40 days'),
       ($2, 'empresa', 'basico', now())
     on conflict (empresa_id) do update set plan = excluded.plan, plan_siguiente = excluded.plan_siguiente,
       actualizada = excluded.actualizada, suspendida = false`,
    [academia, autoescuela],
  );
});

describe('the subscriptions month job', () => {
  it('applies last month’s downgrade, keeps this month’s for the next, and invoices each company once', async () => {
    const p = plataforma(t.deps);
    const r = await cerrarMesSuscripciones(t.deps, p);
    expect(r.Errores).toEqual([]);
    expect(r.CambiosDePlan).toBe(1);
    const planes = await t.database.query<{ empresa_id: number; plan: string; plan_siguiente: string | null }>(
      'select empresa_id::int, plan, plan_siguiente from suscripciones where empresa_id in ($1, $2) order by empresa_id',
      [academia, autoescuela],
    );
    expect(planes).toEqual(
      [
        { empresa_id: academia, plan: 'basico', plan_siguiente: null },
        { empresa_id: autoescuela, plan: 'empresa', plan_siguiente: 'basico' },
      ].sort((a, b) => a.empresa_id - b.empresa_id),
    );

    // One fee each, issued by DEMO (the platform company) to the subscriber's NIF at its plan's price + 21 % VAT.
    expect(r.Facturadas).toHaveLength(2);
    const cuotas = await t.database.query<{ empresa_id: number; plan: string; cliente_nif: string; total: string }>(
      `select s.empresa_id::int, s.plan, d.cliente_nif, d.total::text
         from suscripciones_facturas s
         join documentos_venta d on d.empresa_id = s.id_emisora and d.id = s.id_factura
         join empresas e on e.id = s.id_emisora
        where e.codigo = 'DEMO' and s.periodo = $1 order by s.empresa_id`,
      [r.Periodo],
    );
    expect(cuotas.map((c) => [c.empresa_id, c.plan, c.cliente_nif])).toEqual(
      [
        [academia, 'basico', 'B12345674'],
        [autoescuela, 'empresa', 'B87654323'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(cuotas.every((c) => Number(c.total) > 0)).toBe(true);

    // The job runs again (every few hours): nothing new.
    const otra = await trabajoCuotasMensuales(t.deps, p).run();
    expect(otra).toContain('0 cambios de plan, 0 cuotas facturadas');
    const [{ n }] = (await t.database.query<{ n: number }>(
      'select count(*)::int as n from suscripciones_facturas where periodo = $1',
      [r.Periodo],
    )) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('names a company it cannot invoice (no NIF) and invoices it once the NIF is there', async () => {
    const p = plataforma(t.deps);
    const sinNif = await idDe('GIPUZKOA');
    await t.database.query(
      "update empresas set entidad_pruebas = false, condiciones_aceptadas = true, nif = '' where id = $1",
      [sinNif],
    );
    const r = await cerrarMesSuscripciones(t.deps, p);
    expect(r.Facturadas).toEqual([]);
    expect(r.Errores).toEqual([`empresa ${sinNif}: La empresa no tiene NIF: complétalo antes de facturar su cuota`]);
    await t.database.query("update empresas set nif = 'B11111119' where id = $1", [sinNif]);
    expect((await cerrarMesSuscripciones(t.deps, p)).Facturadas).toHaveLength(1);
  });
});
