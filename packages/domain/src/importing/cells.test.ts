import { describe, expect, it } from 'vitest';
import { clientes } from '../entities/clientes.ts';
import { productos } from '../entities/productos.ts';
import type { FieldDef } from '../fields/kinds.ts';
import { cellValue, importableFields, suggestMapping } from './cells.ts';

const f = (def: Partial<FieldDef>): FieldDef => ({ kind: 'text', label: 'X', ...def });

describe('cells of an imported file', () => {
  it.each<[Partial<FieldDef>, string, unknown]>([
    [{ kind: 'money' }, '1.234,56', '1234.56'],
    [{ kind: 'money' }, '1234,5 €', '1234.5'],
    [{ kind: 'money' }, '1,234.56', '1234.56'],
    [{ kind: 'decimal' }, '12.5', '12.5'],
    [{ kind: 'percent' }, '21%', '21'],
    [{ kind: 'integer' }, ' 7 ', '7'],
    [{ kind: 'date' }, '31/12/2025', '2025-12-31'],
    [{ kind: 'date' }, '1-2-2025', '2025-02-01'],
    [{ kind: 'date' }, '2025-12-31', '2025-12-31'],
    [{ kind: 'boolean' }, 'Sí', true],
    [{ kind: 'boolean' }, 'no', false],
    [{ kind: 'boolean' }, 'quizá', 'quizá'],
    [
      { kind: 'enum', options: [{ value: 'recargo', label: 'Recargo de equivalencia' }] },
      'RECARGO DE EQUIVALENCIA',
      'recargo',
    ],
    [{ kind: 'enum', options: [{ value: '28', label: 'Madrid' }] }, 'madrid', '28'],
    [{ kind: 'enum', options: [{ value: '28', label: 'Madrid' }] }, '28', '28'],
    [{ kind: 'text' }, '  ', null],
  ])('%j %s → %j', (def, text, value) => {
    expect(cellValue(f(def), text)).toEqual(value);
  });
});

describe('column mapping suggestions', () => {
  it('matches names, labels and usual synonyms, each field once', () => {
    expect(
      suggestMapping(clientes, [
        'Razón social',
        'CIF',
        'C.P.',
        'Localidad',
        'Correo electrónico',
        'Teléfono',
        'Tlf',
        'Nada',
      ]),
    ).toEqual({
      'Razón social': 'Nombre',
      CIF: 'NIF',
      'C.P.': 'CodPostal',
      Localidad: 'Poblacion',
      'Correo electrónico': 'Email',
      Teléfono: 'Telefono',
    });
    expect(suggestMapping(productos, ['Referencia', 'Artículo', 'PVP', 'EAN13', 'Familia'])).toEqual({
      Referencia: 'Codigo',
      Artículo: 'Descripcion',
      PVP: 'PrecioVenta',
      EAN13: 'CodigoBarras',
      Familia: 'IdFamilia',
    });
  });

  it('never offers read-only, structured or Baja fields', () => {
    const keys = importableFields(clientes).map(([k]) => k);
    expect(keys).toContain('NIF');
    expect(keys).not.toContain('Contactos');
    expect(keys).not.toContain('Baja');
  });
});
