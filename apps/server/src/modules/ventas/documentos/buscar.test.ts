import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { filtrosUrl, listaDocumentos } from '../../../../test/datosDemo.ts';

/** Buscar on the sales lists (number, customer name, NIF), over the demo's year of sales, on both engines. */
type Doc = { Id: number; NumSerie: string | null; ClienteNombre: string; ClienteNIF: string | null; Tipo: string };
const lista = (recurso: string, filtros: Record<string, unknown>, extra = '') =>
  listaDocumentos<Doc>(demo, `/api/ventas/${recurso}`, filtros, extra);

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');

describe('Buscar on the sales document lists', () => {
  it('finds an invoice by its number, whole or in part', async () => {
    const todas = await lista('fventa', {});
    const una = todas.Items.find((d) => d.NumSerie && d.Tipo === 'factura')!;
    expect(una).toBeDefined();
    const exacta = await lista('fventa', { Buscar: una.NumSerie });
    expect(exacta.Items.map((d) => d.Id)).toContain(una.Id);
    expect(exacta.Items.every((d) => d.NumSerie?.includes(una.NumSerie!))).toBe(true);
    // Lower case and with spaces around: the same.
    const minus = await lista('fventa', { Buscar: `  ${una.NumSerie!.toLowerCase()} ` });
    expect(minus.Items.map((d) => d.Id)).toEqual(exacta.Items.map((d) => d.Id));
  });

  it('finds by customer name (case-insensitive) and by NIF, only in the list’s own kinds', async () => {
    const ruiz = await lista('fventa', { Buscar: 'hermanos RUIZ' });
    expect(ruiz.Total).toBeGreaterThan(5);
    expect(ruiz.Items.every((d) => d.ClienteNombre === 'Construcciones Hermanos Ruiz SL')).toBe(true);
    const nif = ruiz.Items[0]!.ClienteNIF!;
    const porNif = await lista('fventa', { Buscar: nif.slice(1, 7) });
    expect(porNif.Items.length).toBeGreaterThan(0);
    expect(porNif.Items.every((d) => d.ClienteNIF?.includes(nif.slice(1, 7)))).toBe(true);
    // The builder's delivery notes are on the delivery-note list, never on the invoice list.
    const albaranes = await lista('aventa', { Buscar: 'hermanos ruiz' });
    expect(albaranes.Total).toBeGreaterThan(5);
    expect(albaranes.Items.every((d) => d.Tipo === 'albaran')).toBe(true);
    expect(ruiz.Items.every((d) => d.Tipo !== 'albaran')).toBe(true);
  });

  it('combines with the other filters and the count, and treats % and _ as plain text', async () => {
    const ruiz = await lista('fventa', { Buscar: 'Hermanos Ruiz' });
    const cobradas = await lista('fventa', { Buscar: 'Hermanos Ruiz', EstadoCobro: 'Cobrado' });
    expect(cobradas.Total).toBeLessThanOrEqual(ruiz.Total);
    expect(cobradas.Items.every((d) => (d as unknown as { EstadoCobro: string }).EstadoCobro === 'Cobrado')).toBe(true);
    const pagina = await demo.request(
      'GET',
      `/api/ventas/fventa/list?TotalPagina=2&Filtros=${filtrosUrl({ Buscar: 'Ruiz' })}`,
    );
    expect(pagina.body.Items).toHaveLength(2);
    expect(pagina.body.Total).toBe(ruiz.Total);
    expect((await lista('fventa', { Buscar: '%' })).Total).toBe(0);
    expect((await lista('fventa', { Buscar: '_' })).Total).toBe(0);
    expect((await lista('fventa', { Buscar: 'no existe ningún cliente así' })).Total).toBe(0);
    // An empty search is no filter.
    expect((await lista('fventa', { Buscar: '  ' })).Total).toBe((await lista('fventa', {})).Total);
  });

  it('never shows another company’s documents', async () => {
    const otra = await t.as('demo', 'DEMO2');
    const res = await otra.request('GET', `/api/ventas/fventa/list?Filtros=${filtrosUrl({ Buscar: 'Hermanos Ruiz' })}`);
    expect(res.status).toBe(200);
    expect(res.body.Total).toBe(0);
  });

  it('finds documents whose index entries are still in the small pending list, and those already moved', async () => {
    // The documents' trigram indexes (number, party name, NIF on both sides, the supplier's own number on purchases)
    // take new entries into a 256 kB pending list.
    const opciones = await t.database.query<{ relname: string; reloptions: string[] }>(
      `select c.relname, c.reloptions from pg_class c
       where c.relname like 'documentos\\_%\\_trgm' order by c.relname`,
    );
    expect(opciones.map((o) => o.relname)).toHaveLength(7);
    for (const o of opciones)
      expect(o.reloptions, o.relname).toEqual(['fastupdate=true', 'gin_pending_list_limit=256']);
    // 3,000 quotes one by one: ~60 trigrams each overflow the pending list many times, so the first ones are in the
    // posting trees by now and the last ones are still pending.
    const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    await t.database.query(
      `do $$ declare c bigint; begin
         select id_cliente into c from documentos_venta where empresa_id = ${e!.id} and id_cliente is not null limit 1;
         for g in 1..3000 loop
           insert into documentos_venta (empresa_id, tipo, fecha, estado, id_cliente, cliente_nombre, cliente_nif)
           values (${e!.id}, 'presupuesto', date '2026-03-01', 'Activo', c, 'Pendiente ' || md5(g::text), 'X' || g);
         end loop;
       end $$`,
    );
    if (t.engine === 'postgres') {
      // The inserts moved the list into the trees whenever it filled: what is left pending stays under 256 kB.
      await t.database.query('create extension if not exists pgstattuple');
      const [g] = await t.database.query<{ pending_pages: number; pending_tuples: string }>(
        "select pending_pages, pending_tuples from pgstatginindex('documentos_venta_cliente_nombre_trgm')",
      );
      expect(g!.pending_pages).toBeLessThanOrEqual(32);
      expect(Number(g!.pending_tuples)).toBeLessThan(3000 * 40);
    }
    for (const g of [1, 1500, 3000]) {
      const clave = (await t.database.query<{ m: string }>('select md5($1::text) as m', [String(g)]))[0]!.m;
      const hallados = await lista('pventa', { Buscar: clave.slice(4, 20) });
      expect(
        hallados.Items.map((d) => d.ClienteNombre),
        String(g),
      ).toEqual([`Pendiente ${clave}`]);
    }
  });

  it('is answered from the trigram indexes on PostgreSQL', async () => {
    if (t.engine !== 'postgres') return;
    // A quick dataset: 20,000 quotes of made-up customers, so the planner has a reason to use an index.
    await t.database.query(
      `insert into documentos_venta (empresa_id, tipo, fecha, estado, id_cliente, cliente_nombre, cliente_nif, num_serie)
       select d.empresa_id, 'presupuesto', date '2025-01-01' + (g % 365), 'Activo', d.id_cliente,
              'Cliente ' || md5(g::text), 'B' || lpad(g::text, 8, '0'), 'Q' || g
       from generate_series(1, 20000) g,
            (select empresa_id, id_cliente from documentos_venta
             where empresa_id = (select id from empresas where codigo = 'DEMO') limit 1) d`,
    );
    await t.database.query('analyze documentos_venta');
    const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    const plan = (
      await t.database.query<{ 'QUERY PLAN': string }>(
        `explain select * from documentos_venta
         where empresa_id = ${e!.id} and tipo in ('presupuesto')
           and (num_serie ilike '%hermanos ruiz%' or cliente_nombre ilike '%hermanos ruiz%'
                or cliente_nif ilike '%hermanos ruiz%')
         order by fecha desc, id desc limit 50`,
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('documentos_venta_cliente_nombre_trgm');
    expect(plan).toContain('documentos_venta_num_serie_trgm');
    expect(plan).not.toMatch(/Seq Scan on documentos_venta/);
  });
});
