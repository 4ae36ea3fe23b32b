import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dosEmpresas } from '../../../test/dosEmpresas.ts';
import type { Database } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { almacenesTable } from '../db/schema.ts';
import { EMPRESA, plantilla, plantillasPorClave } from './plantilla.ts';
import type { Scope } from './scope.ts';

/**
 * Templates: a statement's SQL text is built once, its values go by name, and the door's company still
 * fills every `de(alias)`. Two demo companies get a warehouse of the same code; each scope must see only its own.
 */
let database: Database;
let drop: () => Promise<void>;
let a: Scope;
let b: Scope;

const alm = (f: string) => sql.identifier(col(almacenesTable, f).name);

beforeAll(async () => {
  ({ database, drop, a, b } = await dosEmpresas());
  await a.insert(almacenesTable, [
    { Codigo: 'PLANT1', Nombre: 'Plantilla A1' },
    { Codigo: 'PLANT2', Nombre: 'Plantilla A2' },
  ]);
  await b.insert(almacenesTable, { Codigo: 'PLANT1', Nombre: 'Plantilla B1' });
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('plantilla', () => {
  let construcciones = 0;
  const porCodigos = plantilla((p, de) => {
    construcciones++;
    return sql`select t.${alm('Nombre')} as nombre from ${almacenesTable} t
      where ${de('t')} and t.${alm('Codigo')} = any(${p('codigos')}::text[]) order by t.${alm('Codigo')}`;
  });

  it('runs with the values given by name and only ever reads the scope company’s rows', async () => {
    const deA = await a.consulta<{ nombre: string }>(porCodigos, { codigos: ['PLANT1', 'PLANT2'] });
    const deB = await b.consulta<{ nombre: string }>(porCodigos, { codigos: ['PLANT1', 'PLANT2'] });
    expect(deA.map((r) => r.nombre)).toEqual(['Plantilla A1', 'Plantilla A2']);
    expect(deB.map((r) => r.nombre)).toEqual(['Plantilla B1']);
    // An empty list is an empty array, not an error.
    expect(await a.consulta(porCodigos, { codigos: [] })).toEqual([]);
  });

  it('builds the SQL text once, whatever the values and the company', async () => {
    const antes = construcciones;
    for (const codigos of [['PLANT1'], ['PLANT2'], ['X']]) await b.consulta(porCodigos, { codigos });
    expect(construcciones).toBe(antes);
    const { sql: texto, params } = porCodigos.consulta();
    expect(texto).toContain('t.empresa_id = $1');
    expect(params).toHaveLength(2);
  });

  it('runs inside a transaction of the door, and a value the caller names as the company does not move it', async () => {
    const filas = await a.tx((t) =>
      t.consulta<{ nombre: string }>(porCodigos, { codigos: ['PLANT1'], [EMPRESA]: b.empresaId }),
    );
    expect(filas.map((r) => r.nombre)).toEqual(['Plantilla A1']);
  });

  it('refuses a missing value and the reserved name', async () => {
    await expect(a.consulta(porCodigos, {})).rejects.toThrow(/codigos/);
    const reservada = plantilla((p) => sql`select ${p(EMPRESA)} as x`);
    expect(() => reservada.consulta()).toThrow(/reservado/);
  });
});

describe('plantillasPorClave', () => {
  it('builds one template per key, and no more than the bound', () => {
    const hechas: string[] = [];
    const de = plantillasPorClave((clave) => {
      hechas.push(clave);
      return plantilla(() => sql.raw(`select '${clave}'`));
    }, 2);
    const x = de('x');
    expect(de('x')).toBe(x);
    de('y');
    de('z'); // the third key clears the cache: 'x' is built again.
    expect(de('x')).not.toBe(x);
    expect(hechas).toEqual(['x', 'y', 'z', 'x']);
  });
});
