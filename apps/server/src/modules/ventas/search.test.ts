import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/** Search by name or NIF over many customers answers from the trigram indexes (ILIKE '%…%'), not a scan. */
let empresaId = 0;
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const [e] = await t.database.query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
  empresaId = Number(e!.id);
  await t.database.query(
    `insert into clientes (empresa_id, codigo, nombre, nif, baja)
     select $1, 'S' || g, (array['Ferretería','Talleres','Bar','Clínica','Academia','Construcciones'])[1 + g % 6]
            || ' ' || md5(g::text), lpad((g * 7919 % 99999999)::text, 8, '0') || 'T', false
     from generate_series(1, 30000) g`,
    [empresaId],
  );
  await t.database.query('ANALYZE clientes');
});

const plan = async (pattern: string) =>
  (
    await t.database.query<Record<string, string>>(
      `EXPLAIN SELECT * FROM clientes WHERE empresa_id = $1 AND (codigo ILIKE $2 OR nombre ILIKE $2
         OR nombre_comercial ILIKE $2 OR nif ILIKE $2) ORDER BY nombre, id LIMIT 50`,
      [empresaId, pattern],
    )
  )
    .map((r) => Object.values(r)[0])
    .join('\n');

describe('customer search', () => {
  it('finds by part of the name or of the NIF through the list', async () => {
    const [row] = await t.database.query<{ nombre: string; nif: string }>(
      `select nombre, nif from clientes where empresa_id = $1 and codigo = 'S12345'`,
      [empresaId],
    );
    const byName = await demo.request(
      'GET',
      `/api/ventas/clientes/list?Filtros=${encodeURIComponent(JSON.stringify({ Buscar: row!.nombre.slice(-12) }))}`,
    );
    expect(byName.body.Items.map((r: { Codigo: string }) => r.Codigo)).toEqual(['S12345']);
    const byNif = await demo.request(
      'GET',
      `/api/ventas/clientes/list?Filtros=${encodeURIComponent(JSON.stringify({ Buscar: row!.nif.slice(1, 8) }))}`,
    );
    expect(byNif.body.Items.map((r: { Codigo: string }) => r.Codigo)).toContain('S12345');
  });

  it.each(['%3b5e0a1f%', '%4512331%'])('uses the trigram indexes for %s', async (pattern) => {
    const text = await plan(pattern);
    expect(text).toMatch(/clientes_(nombre|nif|codigo|nombrecomercial)_trgm/);
    expect(text).not.toMatch(/Seq Scan on clientes/);
  });
});

describe('search indexes', () => {
  it.each(['clientes', 'clientespot', 'proveedores', 'productos', 'empleados'])(
    'every search field of %s has its trigram index (one missing would make Buscar a sequential scan)',
    async (name) => {
      const { entityByName } = await import('@faro/domain');
      const entity = entityByName(name)!;
      const indexes = (
        await t.database.query<{ indexname: string }>('select indexname from pg_indexes where tablename = $1', [name])
      ).map((r) => r.indexname);
      const fields = Object.entries(entity.fields).filter(([, f]) => f.search);
      expect(fields.length).toBeGreaterThan(0);
      for (const [key] of fields) expect(indexes, key).toContain(`${name}_${key.toLowerCase()}_trgm`);
    },
  );
});
