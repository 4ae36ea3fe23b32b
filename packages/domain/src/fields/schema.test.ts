import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, saveSchema } from '../entities/defineEntity.ts';
import { casosIguales } from '../testkit/casos.testkit.ts';
import type { FieldDef } from './kinds.ts';
import { FIELD_KINDS, KIND_RANGES } from './kinds.ts';
import { fieldSchema, KIND_SCHEMAS } from './schema.ts';

/** Parses one value; answers the value or the list of Spanish messages. */
function parse(def: FieldDef, value: unknown): { ok: true; value: unknown } | { ok: false; messages: string[] } {
  const r = fieldSchema(def).safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, messages: r.error.issues.map((i) => i.message) };
}
const ok = (value: unknown) => ({ ok: true, value });
const ko = (...messages: string[]) => ({ ok: false, messages });

describe('fieldSchema: empty values', () => {
  const kinds = FIELD_KINDS.filter((k) => k !== 'boolean' && k !== 'inactive');

  it.each(kinds)('%s: empty → null when optional', (kind) => {
    const def: FieldDef = { kind, label: 'Campo', options: [{ value: 'a', label: 'A' }] };
    for (const empty of [undefined, null, '', '   ']) expect(parse(def, empty)).toEqual(ok(null));
  });

  it.each(kinds)('%s: empty → "{label} es obligatorio" when required', (kind) => {
    const def: FieldDef = { kind, label: 'Nombre', required: true, options: [{ value: 'a', label: 'A' }] };
    for (const empty of [undefined, null, '', ' \t ']) expect(parse(def, empty)).toEqual(ko('Nombre es obligatorio'));
  });

  it('the label is the field label', () => {
    expect(parse({ kind: 'email', label: 'Correo electrónico', required: true }, '')).toEqual(
      ko('Correo electrónico es obligatorio'),
    );
  });
});

describe('fieldSchema: text', () => {
  const nombre: FieldDef = { kind: 'text', label: 'Nombre', required: true, minLength: 3, maxLength: 10 };

  it('trims', () => {
    expect(parse(nombre, '  Ana María ')).toEqual(ok('Ana María'));
  });

  it('max length: "Nombre debe contener máximo N caracteres"', () => {
    expect(parse(nombre, 'x'.repeat(11))).toEqual(ko('Nombre debe contener máximo 10 caracteres'));
    expect(parse(nombre, 'x'.repeat(10))).toEqual(ok('x'.repeat(10)));
    expect(parse({ kind: 'text', label: 'Dirección', maxLength: 200 }, 'x'.repeat(201))).toEqual(
      ko('Dirección debe contener máximo 200 caracteres'),
    );
  });

  it('min length: "Nombre debe contener mínimo N caracteres"', () => {
    expect(parse(nombre, 'ab')).toEqual(ko('Nombre debe contener mínimo 3 caracteres'));
    expect(parse(nombre, 'abc')).toEqual(ok('abc'));
  });

  it('length is measured after trimming', () => {
    expect(parse(nombre, `  ${'x'.repeat(10)}  `)).toEqual(ok('x'.repeat(10)));
  });

  it('a non-string is a format error', () => {
    expect(parse(nombre, 42)).toEqual(ko('El formato es incorrecto'));
    expect(parse(nombre, { a: 1 })).toEqual(ko('El formato es incorrecto'));
  });

  it('patterns answer "El formato es incorrecto"', () => {
    expect(parse({ kind: 'text', label: 'Código', pattern: 'digitos' }, '12a')).toEqual(ko('El formato es incorrecto'));
    expect(parse({ kind: 'text', label: 'Código', pattern: 'digitos' }, '123')).toEqual(ok('123'));
  });
});

describe('fieldSchema: code, email, phone', () => {
  it('code allows digits, letters, dash, underscore, dot and at sign', () => {
    expect(parse({ kind: 'code', label: 'Código' }, 'A-1_b.c@d')).toEqual(ok('A-1_b.c@d'));
    expect(parse({ kind: 'code', label: 'Código' }, 'A 1')).toEqual(ko('El formato es incorrecto'));
  });

  it('code can use a restricted alphabet', () => {
    const def: FieldDef = { kind: 'code', label: 'Serie', pattern: 'codigoRestringido' };
    expect(parse(def, 'FV-2024/A')).toEqual(ok('FV-2024/A'));
    expect(parse(def, 'FI-2024')).toEqual(ko('El formato es incorrecto'));
  });

  it('email', () => {
    expect(parse({ kind: 'email', label: 'Email' }, ' ana@example.es ')).toEqual(ok('ana@example.es'));
    expect(parse({ kind: 'email', label: 'Email' }, 'ana@example')).toEqual(ko('El formato es incorrecto'));
  });

  it('phone', () => {
    expect(parse({ kind: 'phone', label: 'Teléfono' }, '+34 (91) 123-45-67')).toEqual(ok('+34 (91) 123-45-67'));
    expect(parse({ kind: 'phone', label: 'Teléfono' }, '91 123 abc')).toEqual(ko('El formato es incorrecto'));
  });
});

describe('fieldSchema: numbers', () => {
  it('integer: strings are coerced, fractions and text refused', () => {
    const def: FieldDef = { kind: 'integer', label: 'Unidades' };
    expect(parse(def, '42')).toEqual(ok(42));
    expect(parse(def, 42)).toEqual(ok(42));
    expect(parse(def, '4.5')).toEqual(ko('El formato es incorrecto'));
    expect(parse(def, 'doce')).toEqual(ko('El formato es incorrecto'));
  });

  it('min and max: "Debe ser mayor o igual a N" / "Debe ser menor o igual a N"', () => {
    const def: FieldDef = { kind: 'integer', label: 'Edad', min: 16, max: 99 };
    expect(parse(def, 15)).toEqual(ko('Debe ser mayor o igual a 16'));
    expect(parse(def, 16)).toEqual(ok(16));
    expect(parse(def, 99)).toEqual(ok(99));
    expect(parse(def, 100)).toEqual(ko('Debe ser menor o igual a 99'));
  });

  it('minutes cannot be negative', () => {
    expect(parse({ kind: 'minutes', label: 'Duración' }, -1)).toEqual(ko('Debe ser mayor o igual a 0'));
    expect(parse({ kind: 'minutes', label: 'Duración' }, '90')).toEqual(ok(90));
  });

  it('percent is between -100 and 100 unless the field says otherwise', () => {
    expect(parse({ kind: 'percent', label: 'Descuento' }, 101)).toEqual(ko('Debe ser menor o igual a 100'));
    expect(parse({ kind: 'percent', label: 'Descuento' }, -100)).toEqual(ok('-100.00'));
    expect(parse({ kind: 'percent', label: 'Descuento', min: 0 }, -1)).toEqual(ko('Debe ser mayor o igual a 0'));
  });

  it('reference is a positive integer id', () => {
    const def: FieldDef = { kind: 'reference', label: 'Centro', ref: 'centros' };
    expect(parse(def, '7')).toEqual(ok(7));
    expect(parse(def, 0)).toEqual(ko('El formato es incorrecto'));
    expect(parse(def, 1.5)).toEqual(ko('El formato es incorrecto'));
  });
});

describe('fieldSchema: money and decimals travel as fixed-decimal strings', () => {
  const importe: FieldDef = { kind: 'money', label: 'Importe' };

  it.each([
    [12, '12.00'],
    ['12', '12.00'],
    ['12.5', '12.50'],
    [12.5, '12.50'],
    ['0.1', '0.10'],
    ['-3.456', '-3.46'],
    ['1.005', '1.01'], // half away from zero on the decimal text, not on the binary double 1.00499…
    [1.005, '1.01'],
    ['2.675', '2.68'],
    ['-1.005', '-1.01'],
    ['-0.001', '0.00'],
    ['.5', '0.50'],
    ['007.10', '7.10'],
    [' 3.5 ', '3.50'],
    ['9123456789012345.67', '9123456789012345.67'], // beyond 2^53: no digit lost (numeric(18,2) holds 16 + 2)
    ['0.995', '1.00'],
    ['99.999', '100.00'],
  ])('%j → %j', (input, output) => {
    expect(parse(importe, input)).toEqual(ok(output));
  });

  it('the scale of the field decides the decimals', () => {
    expect(parse({ kind: 'decimal', label: 'Cantidad', scale: 3 }, '1.23456')).toEqual(ok('1.235'));
    expect(parse({ kind: 'decimal', label: 'Cantidad', scale: 0 }, '2.5')).toEqual(ok('3'));
    expect(parse({ kind: 'decimal', label: 'Cantidad', scale: 4 }, 2)).toEqual(ok('2.0000'));
  });

  it('refuses text and Spanish decimal commas with "El formato es incorrecto"', () => {
    for (const bad of ['doce', '12,50', '1.2.3', 'NaN', {}])
      expect(parse(importe, bad)).toEqual(ko('El formato es incorrecto'));
  });

  it('checks min and max', () => {
    const def: FieldDef = { kind: 'money', label: 'Precio', min: 0 };
    expect(parse(def, '-0.01')).toEqual(ko('Debe ser mayor o igual a 0'));
    expect(parse(def, '0')).toEqual(ok('0.00'));
  });
});

describe('fieldSchema: every numeric kind is bounded by its column', () => {
  const numericKinds = FIELD_KINDS.filter((k) => KIND_RANGES[k]({ kind: k, label: 'X' }));

  it('the numeric kinds are the ones the vocabulary declares', () => {
    expect(numericKinds).toEqual(['integer', 'decimal', 'money', 'percent', 'minutes', 'reference']);
  });

  it.each(numericKinds)(
    '%s: huge and tiny numbers, as numbers or text, get a Spanish message, never a throw',
    (kind) => {
      const def: FieldDef = { kind, label: 'Importe' };
      for (const huge of [1e21, -1e21, '1e21', '-1e21', 1e300, '9'.repeat(400), 1e17, -1e17]) {
        const r = parse(def, huge);
        expect(r.ok, `${kind} ${String(huge).slice(0, 30)}`).toBe(false);
        if (!r.ok)
          expect(r.messages[0]).toMatch(/^(Debe ser (mayor|menor) o igual a -?[\d.]+|El formato es incorrecto)$/);
      }
    },
  );

  it('money and decimals: the exact limit of numeric(18, scale), also after rounding', () => {
    const importe: FieldDef = { kind: 'money', label: 'Importe' };
    expect(parse(importe, '9999999999999999.99')).toEqual(ok('9999999999999999.99'));
    expect(parse(importe, '-9999999999999999.99')).toEqual(ok('-9999999999999999.99'));
    expect(parse(importe, '9999999999999999.995')).toEqual(ko('Debe ser menor o igual a 9999999999999999.99'));
    expect(parse(importe, '-10000000000000000')).toEqual(ko('Debe ser mayor o igual a -9999999999999999.99'));
    expect(parse(importe, 1e21)).toEqual(ko('Debe ser menor o igual a 9999999999999999.99'));
    expect(parse(importe, '-1e21')).toEqual(ko('Debe ser mayor o igual a -9999999999999999.99'));
    const precio: FieldDef = { kind: 'money', label: 'Precio', scale: 6, min: 0 };
    expect(parse(precio, '999999999999.9999995')).toEqual(ko('Debe ser menor o igual a 999999999999.999999'));
    expect(parse(precio, -1e21)).toEqual(ko('Debe ser mayor o igual a 0'));
  });

  it('integers: the range of a PostgreSQL integer unless the field is tighter', () => {
    const unidades: FieldDef = { kind: 'integer', label: 'Unidades' };
    expect(parse(unidades, 2147483647)).toEqual(ok(2147483647));
    expect(parse(unidades, '2147483648')).toEqual(ko('Debe ser menor o igual a 2147483647'));
    expect(parse(unidades, '-1e21')).toEqual(ko('Debe ser mayor o igual a -2147483648'));
    expect(parse({ kind: 'minutes', label: 'Minutos' }, 1e21)).toEqual(ko('Debe ser menor o igual a 2147483647'));
    expect(parse({ kind: 'integer', label: 'Días', min: 0, max: 365 }, 1e21)).toEqual(
      ko('Debe ser menor o igual a 365'),
    );
    expect(parse({ kind: 'percent', label: 'Descuento' }, '1e21')).toEqual(ko('Debe ser menor o igual a 100'));
  });

  it('references: ids up to 2^53 − 1', () => {
    const def: FieldDef = { kind: 'reference', label: 'Centro', ref: 'centros' };
    expect(parse(def, Number.MAX_SAFE_INTEGER)).toEqual(ok(Number.MAX_SAFE_INTEGER));
    expect(parse(def, 2 ** 53)).toEqual(ko('El formato es incorrecto'));
  });
});

describe('zod speaks Spanish wherever a schema did not word its message', () => {
  const english = /invalid|expected|required|must|received|too (big|small)|unrecognized/i;

  it.each([
    ['a string where an object goes', z.object({ a: z.string() }), 'texto'],
    ['nothing where an object goes', z.object({ a: z.string() }), undefined],
    ['a missing key', z.object({ Usuario: z.string() }), {}],
    ['a number too big', z.number().max(3), 7],
    ['a short array', z.array(z.string()).min(1), []],
    ['a long text', z.string().max(2), 'abc'],
    ['an unknown enum value', z.enum(['a', 'b']), 'c'],
    ['an extra key in a strict object', z.strictObject({}), { x: 1 }],
    ['a union', z.union([z.string(), z.number()]), {}],
    ['a positive number', z.number().positive(), -1],
  ])('%s', (_what, schema, input) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    for (const issue of r.error?.issues ?? []) expect(issue.message).not.toMatch(english);
  });

  it('words the usual cases with the spec texts', () => {
    expect(z.object({ Usuario: z.string() }).safeParse({}).error?.issues[0]?.message).toBe('Usuario es obligatorio');
    expect(z.number().max(3).safeParse(7).error?.issues[0]?.message).toBe('Debe ser menor o igual a 3');
    expect(z.number().min(1).safeParse(0).error?.issues[0]?.message).toBe('Debe ser mayor o igual a 1');
    expect(z.object({ a: z.string() }).safeParse('x').error?.issues[0]?.message).toBe('El formato es incorrecto');
    // A schema's own message still wins.
    expect(z.string({ error: 'Propio' }).safeParse(1).error?.issues[0]?.message).toBe('Propio');
  });
});

describe('fieldSchema: dates', () => {
  it('date is YYYY-MM-DD and real', () => {
    const def: FieldDef = { kind: 'date', label: 'Fecha' };
    expect(parse(def, '2024-02-29')).toEqual(ok('2024-02-29'));
    expect(parse(def, '2023-02-29')).toEqual(ko('El formato es incorrecto'));
    expect(parse(def, '29/02/2024')).toEqual(ko('El formato es incorrecto'));
  });

  it('datetime is ISO 8601 with offset', () => {
    const def: FieldDef = { kind: 'datetime', label: 'Fecha y hora' };
    expect(parse(def, '2024-02-29T10:15:00Z')).toEqual(ok('2024-02-29T10:15:00Z'));
    expect(parse(def, '2024-02-29T10:15:00+01:00')).toEqual(ok('2024-02-29T10:15:00+01:00'));
    expect(parse(def, '2024-02-29 10:15')).toEqual(ko('El formato es incorrecto'));
  });
});

describe('fieldSchema: enum', () => {
  const def: FieldDef = {
    kind: 'enum',
    label: 'Periodo',
    options: [
      { value: 'M', label: 'Mensual' },
      { value: 'T', label: 'Trimestral' },
    ],
  };
  it('accepts only listed values', () => {
    expect(parse(def, 'T')).toEqual(ok('T'));
    expect(parse(def, 'Trimestral')).toEqual(ko('El formato es incorrecto'));
  });
});

describe('fieldSchema: booleans default to false', () => {
  it.each(['boolean', 'inactive'] as const)('%s', (kind) => {
    const def: FieldDef = { kind, label: 'Activo' };
    expect(parse(def, undefined)).toEqual(ok(false));
    expect(parse(def, true)).toEqual(ok(true));
    expect(parse(def, false)).toEqual(ok(false));
    expect(parse(def, 'true')).toEqual(ko('El formato es incorrecto'));
  });
});

describe('fieldSchema: taxId', () => {
  const nif: FieldDef = { kind: 'taxId', label: 'NIF', required: true, maxLength: 9 };

  // Normalised (dots, spaces and case do not count, nor for the length) and checked: the letter, then the shape.
  casosIguales('%j → %j', (v: string) => parse(nif, v), [
    ['12345678Z', ok('12345678Z')],
    ['x1234567l', ok('X1234567L')],
    ['B85626240', ok('B85626240')],
    ['12.345.678-Z', ok('12345678Z')],
    [' 12 345 678 z ', ok('12345678Z')],
    ['12345678A', ko('La letra del DNI/NIE/NIF no es correcta')],
    ['X1234567A', ko('La letra del DNI/NIE/NIF no es correcta')],
    ['B64717839', ko('La letra del DNI/NIE/NIF no es correcta')],
    ['1234567Z', ko('El formato es incorrecto')],
    ['hola', ko('El formato es incorrecto')],
  ]);

  it('too long after normalising: the max-length message', () => {
    const r = parse(nif, '123456789Z');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.messages[0]).toBe('NIF debe contener máximo 9 caracteres');
  });
});

describe('fieldSchema: iban', () => {
  const iban: FieldDef = { kind: 'iban', label: 'IBAN', maxLength: 34 };

  it('normalises and accepts valid IBANs', () => {
    expect(parse(iban, 'ES91 2100 0418 4502 0005 1332')).toEqual(ok('ES9121000418450200051332'));
    expect(parse(iban, 'de89370400440532013000')).toEqual(ok('DE89370400440532013000'));
  });

  it('the spaced form of a Spanish IBAN fits a 24-character limit', () => {
    expect(parse({ kind: 'iban', label: 'IBAN', maxLength: 24 }, 'ES91 2100 0418 4502 0005 1332')).toEqual(
      ok('ES9121000418450200051332'),
    );
  });

  it('"La cuenta bancaria no es correcta"', () => {
    expect(parse(iban, 'ES9121000418450200051331')).toEqual(ko('La cuenta bancaria no es correcta'));
    expect(parse(iban, 'ES9021000418450200051332')).toEqual(ko('La cuenta bancaria no es correcta'));
    expect(parse(iban, 'cuenta')).toEqual(ko('La cuenta bancaria no es correcta'));
  });
});

describe('fieldSchema: richText and json', () => {
  it('richText is limited to 200 000 characters by default', () => {
    expect(parse({ kind: 'richText', label: 'Texto' }, 'x'.repeat(200_001))).toEqual(
      ko('Texto debe contener máximo 200000 caracteres'),
    );
  });

  it('json passes through', () => {
    expect(parse({ kind: 'json', label: 'Datos' }, ['VentasFact'])).toEqual(ok(['VentasFact']));
  });
});

describe('KIND_SCHEMAS', () => {
  it('covers every kind', () => {
    expect(Object.keys(KIND_SCHEMAS).sort()).toEqual([...FIELD_KINDS].sort());
  });
});

describe('saveSchema', () => {
  const entity = defineEntity({
    name: 'pruebas',
    area: 'configuracion',
    label: 'Prueba',
    labelPlural: 'Pruebas',
    permission: 'ConfCentros',
    defaultOrder: 'Nombre',
    titleField: 'Nombre',
    fields: {
      Nombre: { kind: 'text', label: 'Nombre', required: true, maxLength: 20 },
      Nif: { kind: 'taxId', label: 'NIF' },
      Iban: { kind: 'iban', label: 'IBAN' },
      Importe: { kind: 'money', label: 'Importe', min: 0 },
      Unidades: { kind: 'integer', label: 'Unidades', min: 1 },
      Notas: { kind: 'text', label: 'Notas' },
      Activo: { kind: 'boolean', label: 'Activo' },
      Baja: { kind: 'inactive', label: 'Baja' },
      Creado: { kind: 'datetime', label: 'Creado', readOnly: true },
    },
  });
  const schema = saveSchema(entity);

  it('accepts a valid body: empty → null, money as string, booleans default false', () => {
    const r = schema.safeParse({
      Nombre: ' Centro Norte ',
      Nif: 'b85626240',
      Iban: 'ES07 0012 0345 0300 0006 7890',
      Importe: 10.5,
      Unidades: '3',
      Notas: '',
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      Nombre: 'Centro Norte',
      Nif: 'B85626240',
      Iban: 'ES0700120345030000067890',
      Importe: '10.50',
      Unidades: 3,
      Notas: null,
      Activo: false,
      Baja: false,
    });
  });

  it('never accepts read-only fields', () => {
    const r = schema.safeParse({ Nombre: 'A', Creado: '2024-01-01T00:00:00Z' });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('Creado');
  });

  it('reports every invalid field with its Spanish message and path', () => {
    const r = schema.safeParse({
      Nombre: 'x'.repeat(21),
      Nif: '12345678A',
      Iban: 'ES9021000418450200051332',
      Importe: '-1',
      Unidades: 0,
    });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      Nombre: 'Nombre debe contener máximo 20 caracteres',
      Nif: 'La letra del DNI/NIE/NIF no es correcta',
      Iban: 'La cuenta bancaria no es correcta',
      Importe: 'Debe ser mayor o igual a 0',
      Unidades: 'Debe ser mayor o igual a 1',
    });
  });

  it('a missing required field: "Nombre es obligatorio"', () => {
    const r = schema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['Nombre', 'Nombre es obligatorio']]);
  });

  it('a wrong-format NIF: "El formato es incorrecto"', () => {
    const r = schema.safeParse({ Nombre: 'A', Nif: '123' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['El formato es incorrecto']);
  });
});
