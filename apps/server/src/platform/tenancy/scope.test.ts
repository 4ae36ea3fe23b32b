import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dosEmpresas } from '../../../test/dosEmpresas.ts';
import type { Database } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { almacenesTable, auditoriaTable, fichajes, stockTable } from '../db/schema.ts';
import { companyScope, enTransaccion, handleOf, type Scope } from './scope.ts';

/**
 * The company door: whatever a caller writes, a statement through a scope reads and changes only the scope's
 * company. Two demo companies each get a warehouse named alike; every operation is checked against the other one.
 */
let database: Database;
let drop: () => Promise<void>;
let a: Scope;
let b: Scope;
let almA: number;
let almB: number;

beforeAll(async () => {
  ({ database, drop, a, b } = await dosEmpresas());
  const first = async (s: Scope, Nombre: string) =>
    Number((await s.insert(almacenesTable, { Codigo: 'PUERTA', Nombre }).returning({ id: alm('Id') }))[0]!.id);
  almA = await first(a, 'Puerta A');
  almB = await first(b, 'Puerta B');
});
afterAll(async () => {
  await database.close();
  await drop();
});

const alm = (f: string) => col(almacenesTable, f);
const stock = (f: string) => col(stockTable, f);
const aud = (f: string) => col(auditoriaTable, f);
const byCode = eq(alm('Codigo'), 'PUERTA');

describe('company scope', () => {
  it('insert sets the scope company, even over a value the caller passed', async () => {
    const [row] = await a
      .insert(almacenesTable, { Codigo: 'INTRUSO', Nombre: 'Intruso', empresaId: b.empresaId } as never)
      .returning();
    expect(row!.empresaId).toBe(a.empresaId);
    const [raw] = await database.query<{ empresa_id: string }>(
      "select empresa_id from almacenes where codigo = 'INTRUSO'",
    );
    expect(Number(raw!.empresa_id)).toBe(a.empresaId);
  });

  it('select and pick see only the scope company, with or without a predicate', async () => {
    const rows = await a.select(almacenesTable, byCode);
    expect(rows.map((r) => [r.Id, r.Nombre])).toEqual([[almA, 'Puerta A']]);
    const all = await b.pick({ id: alm('Id') }, almacenesTable).orderBy(asc(alm('Id')));
    expect(all.map((r) => r.id)).toContain(almB);
    expect(all.map((r) => r.id)).not.toContain(almA);
    // B asks for A's row by id: not found.
    expect(await b.select(almacenesTable, eq(alm('Id'), almA))).toEqual([]);
  });

  it('joins filter the joined company table too (on)', async () => {
    await a.insert(stockTable, { IdAlmacen: almA, IdProducto: null, Cantidad: '0' } as never).catch(() => undefined);
    const rows = await a
      .pick({ alm: alm('Nombre') }, almacenesTable, byCode)
      .leftJoin(stockTable, a.on(stockTable, eq(stock('IdAlmacen'), alm('Id'))));
    expect(rows.every((r) => r.alm === 'Puerta A')).toBe(true);
  });

  it('update and delete never reach another company, whatever the predicate', async () => {
    // A predicate that matches both companies' rows…
    const changed = await a.update(almacenesTable, { Nombre: 'Cambiado' }, byCode).returning({ id: alm('Id') });
    expect(changed.map((r) => r.id)).toEqual([almA]);
    const [other] = await b.select(almacenesTable, byCode);
    expect(other!.Nombre).toBe('Puerta B');
    // …and a delete by B's own id through A's scope deletes nothing.
    const gone = await a.delete(almacenesTable, eq(alm('Id'), almB)).returning({ id: alm('Id') });
    expect(gone).toEqual([]);
    expect(await b.select(almacenesTable, eq(alm('Id'), almB))).toHaveLength(1);
  });

  it('raw SQL gets the company bound as a parameter', async () => {
    const rows = await a.execute<{ n: number }>(
      (empresaId) =>
        sql`select count(*)::int as n from almacenes where empresa_id = ${empresaId} and codigo = 'PUERTA'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('company() reads the scope own company row and can lock it inside a transaction', async () => {
    const [own] = await a.company({ codigo: sql<string>`codigo` });
    expect(own!.codigo).toBe('DEMO');
    const [locked] = await a.tx((t) => t.company({ id: sql<number>`id` }).for('update'));
    expect(Number(locked!.id)).toBe(a.empresaId);
  });

  it('tx: the handle is the same door; a failure rolls back, a nested tx is a savepoint', async () => {
    await expect(
      a.tx(async (t) => {
        expect(t.empresaId).toBe(a.empresaId);
        await t.update(almacenesTable, { Nombre: 'En transacción' }, eq(alm('Id'), almA));
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect((await a.select(almacenesTable, eq(alm('Id'), almA)))[0]!.Nombre).toBe('Cambiado');

    await a.tx(async (t) => {
      await t.update(almacenesTable, { Nombre: 'Exterior' }, eq(alm('Id'), almA));
      await t
        .tx(async (s) => {
          await s.update(almacenesTable, { Nombre: 'Interior' }, eq(alm('Id'), almA));
          throw new Error('solo el punto de guardado');
        })
        .catch(() => undefined);
      // FOR UPDATE lock through the handle's builder.
      const [row] = await t.select(almacenesTable, eq(alm('Id'), almA)).for('update');
      expect(row!.Nombre).toBe('Exterior');
    });
  });

  it('enTransaccion tells a request scope from a transaction and a savepoint', async () => {
    expect(enTransaccion(a)).toBe(false);
    expect(enTransaccion(a.as({ personaId: null, userName: 'otro' }))).toBe(false);
    const dentro = await a.tx(async (t) => [enTransaccion(t), await t.tx(async (s) => enTransaccion(s))]);
    expect(dentro).toEqual([true, true]);
  });

  it('audit writes a record of the scope company and actor; as() changes the actor only', async () => {
    const who = a.as({ personaId: null, userName: 'otro' });
    expect(who.empresaId).toBe(a.empresaId);
    await who.audit({ accion: 'A', recurso: 'puerta', idRegistro: almA, campos: { x: 1 } });
    const rows = await a.pick(
      { user: aud('UserName') },
      auditoriaTable,
      and(eq(aud('Recurso'), 'puerta'), eq(aud('IdRegistro'), almA)),
    );
    expect(rows).toEqual([{ user: 'otro' }]);
    expect(await b.select(auditoriaTable, eq(aud('Recurso'), 'puerta'))).toEqual([]);
  });

  it('handleOf gives the platform the raw handle of a scope (and of its transactions)', async () => {
    expect(handleOf(a)).toBe(database.db);
    await a.tx(async (t) => {
      expect(handleOf(t)).not.toBe(database.db);
    });
    // fichajes is a company table too: the type accepts it (compile-time check).
    expect(await b.select(fichajes, eq(fichajes.personaId, -1))).toEqual([]);
  });

  it('refuses to build a scope without a valid company', () => {
    expect(() => companyScope(database.db, { empresaId: 0, personaId: null, userName: 'x' })).toThrow();
  });
});
