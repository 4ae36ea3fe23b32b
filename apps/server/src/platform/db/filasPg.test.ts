import { describe, expect, inject, it } from 'vitest';
import { usarBaseDePruebas } from '../../../test/testApp.ts';
import { acelerarFilasPg, filasOriginales, ResultadoDePg } from './filasPg.ts';

/** Rows of `campos` × `datos` built by node-postgres's own code and by ours, on fresh results. */
function ambas(campos: { name: string; dataTypeID: number; format?: string }[], datos: (string | null)[][]) {
  acelerarFilasPg();
  const nuestra = new ResultadoDePg();
  nuestra.addFields(campos);
  const suya = new ResultadoDePg();
  filasOriginales.addFields.call(suya, campos);
  return {
    nuestras: datos.map((d) => nuestra.parseRow(d)),
    suyas: datos.map((d) => filasOriginales.parseRow.call(suya, d)),
  };
}

const igualesDelTodo = (a: Record<string, unknown>[], b: Record<string, unknown>[]) => {
  expect(a).toEqual(b);
  a.forEach((fila, i) => {
    expect(Object.keys(fila)).toEqual(Object.keys(b[i]!));
    expect(Object.getPrototypeOf(fila)).toBe(Object.getPrototypeOf(b[i]!));
  });
};

describe('row objects of node-postgres (faster, the same rows)', () => {
  it('builds the same rows as node-postgres: keys, order, values, nulls, types, prototype', () => {
    const campos = [
      { name: 'id', dataTypeID: 20 },
      { name: 'numero', dataTypeID: 23 },
      { name: 'total', dataTypeID: 1700 },
      { name: 'pagada', dataTypeID: 16 },
      { name: 'datos', dataTypeID: 3802 },
      { name: 'emitida_en', dataTypeID: 1184 },
      { name: 'notas', dataTypeID: 25 },
      ...Array.from({ length: 60 }, (_, i) => ({ name: `c${i}`, dataTypeID: 25 })),
    ];
    const fila = (n: number) => [
      String(n),
      String(n * 2),
      '121.00',
      n % 2 ? 't' : 'f',
      '{"a": [1, 2]}',
      '2026-11-27 10:00:00+00',
      n % 2 ? null : 'nota',
      ...Array.from({ length: 60 }, (_, i) => (i % 7 ? `v${i}` : null)),
    ];
    const { nuestras, suyas } = ambas(campos, [fila(1), fila(2)]);
    igualesDelTodo(nuestras, suyas);
    expect(nuestras[0]!.pagada).toBe(true);
    expect(nuestras[0]!.datos).toEqual({ a: [1, 2] });
    expect(nuestras[0]!.emitida_en).toBeInstanceOf(Date);
    expect(nuestras[0]!.notas).toBeNull();
  });

  it('two columns of one name: the last wins, in the first one’s place', () => {
    const { nuestras, suyas } = ambas(
      [
        { name: 'a', dataTypeID: 25 },
        { name: 'b', dataTypeID: 25 },
        { name: 'a', dataTypeID: 25 },
      ],
      [['1', '2', '3']],
    );
    igualesDelTodo(nuestras, suyas);
    expect(nuestras[0]).toEqual({ a: '3', b: '2' });
  });

  it('a column named __proto__ stays an own property and never sets the prototype', () => {
    const { nuestras, suyas } = ambas(
      [
        { name: '__proto__', dataTypeID: 3802 },
        { name: 'x', dataTypeID: 25 },
      ],
      [['{"contaminado": true}', 'x']],
    );
    igualesDelTodo(nuestras, suyas);
    const f = nuestras[0]!;
    expect(Object.getPrototypeOf(f)).toBe(Object.prototype);
    expect((f as { contaminado?: unknown }).contaminado).toBeUndefined();
    expect(Object.hasOwn(f, '__proto__')).toBe(true);
  });

  it('array rows (rowMode array) stay node-postgres’s own', () => {
    acelerarFilasPg();
    const r = new ResultadoDePg('array');
    r.addFields([
      { name: 'a', dataTypeID: 23 },
      { name: 'b', dataTypeID: 25 },
    ]);
    expect(r.parseRow(['7', null])).toEqual([7, null]);
  });
});

const url = inject('databaseUrl');
// PGlite does not use node-postgres: this part needs the server-postgres project.
describe.runIf(url)('on a PostgreSQL pool', () => {
  const base = usarBaseDePruebas();

  it('the pool answers with our rows, equal to node-postgres’s own for the same statement', async () => {
    expect(ResultadoDePg.prototype.addFields).not.toBe(filasOriginales.addFields);
    const texto = `select e.*, 1::int as uno, null::numeric as nada, now() as ahora, '{"k": 1}'::jsonb as j
      from empresas e order by e.id limit 3`;
    const nuestras = await base().query<Record<string, unknown>>(texto);
    const proto = ResultadoDePg.prototype;
    const instalados = { addFields: proto.addFields, parseRow: proto.parseRow };
    let suyas: Record<string, unknown>[];
    try {
      proto.addFields = filasOriginales.addFields;
      proto.parseRow = filasOriginales.parseRow;
      suyas = await base().query<Record<string, unknown>>(texto);
    } finally {
      Object.assign(proto, instalados);
    }
    expect(nuestras.length).toBeGreaterThan(0);
    // `now()` differs between the two statements; everything else must be the same.
    const sinAhora = (filas: Record<string, unknown>[]) => filas.map(({ ahora, ...resto }) => resto);
    igualesDelTodo(sinAhora(nuestras), sinAhora(suyas));
    expect(Object.keys(nuestras[0]!)).toContain('ahora');
    expect(nuestras[0]!.ahora).toBeInstanceOf(Date);
  });
});
