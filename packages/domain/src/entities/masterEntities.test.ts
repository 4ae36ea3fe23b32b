import { describe, expect, it } from 'vitest';
import { FIELD_KINDS } from '../fields/kinds.ts';
import { isPermissionCode } from '../permissions/codes.ts';
import { MSG_DATOS } from '../validation/masterMessages.ts';
import { MSG } from '../validation/messages.ts';
import { clientes } from './clientes.ts';
import { entitySaveSchema } from './defineEntity.ts';
import { ENTITY_LIST, entityByName } from './registry.ts';
import { tarifaslineas } from './tarifaslineas.ts';
import { tesoreria } from './tesoreria.ts';

const errors = (schema: ReturnType<typeof entitySaveSchema>, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ Campo: i.path.join('.'), Mensaje: i.message }));
};

describe('every entity definition', () => {
  it.each(ENTITY_LIST.map((e) => [e.name, e] as const))('%s is well formed', (_name, entity) => {
    expect(isPermissionCode(entity.permission)).toBe(true);
    expect(entity.fields[entity.defaultOrder]).toBeTruthy();
    expect(entity.fields[entity.titleField]).toBeTruthy();
    for (const [key, def] of Object.entries(entity.fields)) {
      expect(FIELD_KINDS, key).toContain(def.kind);
      if (def.kind === 'reference') expect(entityByName(def.ref ?? ''), `${entity.name}.${key}`).toBeTruthy();
      if (def.kind === 'enum') expect(def.options?.length, `${entity.name}.${key}`).toBeGreaterThan(0);
      if (def.section) expect(entity.sections, `${entity.name}.${key}`).toContain(def.section);
      if (def.idTypeField) expect(entity.fields[def.idTypeField]?.kind).toBe('enum');
    }
    expect(Object.values(entity.fields).some((f) => f.list)).toBe(true);
  });
});

describe('customer save body', () => {
  const schema = entitySaveSchema(clientes);
  it.each([
    [{ Nombre: 'Ferretería López', NIF: '12345678A' }, [{ Campo: 'NIF', Mensaje: MSG.taxIdLetter }]],
    [{ Nombre: 'Ferretería López', NIF: '12345678z' }, []],
    [{ Nombre: 'Ferretería López', IBAN: 'ES9121000418450200051331' }, [{ Campo: 'IBAN', Mensaje: MSG.iban }]],
    [{ Nombre: 'Ferretería López', IBAN: 'ES91 2100 0418 4502 0005 1332' }, []],
    [
      { Nombre: 'Ferretería López', CodPostal: '28013', Provincia: '08' },
      [{ Campo: 'CodPostal', Mensaje: MSG_DATOS.postalCodeProvince }],
    ],
    [{ Nombre: 'Ferretería López', CodPostal: '99013' }, [{ Campo: 'CodPostal', Mensaje: MSG_DATOS.postalCodeSpain }]],
    [{ Nombre: 'Dupont SARL', CodPostal: '75001', Pais: 'FR', TipoNIF: 'nifiva', NIF: 'FR40303265045' }, []],
    [{ Nombre: 'Dupont SARL', Pais: 'F1' }, [{ Campo: 'Pais', Mensaje: MSG_DATOS.countryCode }]],
    [{ Nombre: 'Smith Ltd', TipoNIF: 'pasaporte', NIF: 'P1234567' }, []],
    [{ NIF: '12345678Z' }, [{ Campo: 'Nombre', Mensaje: MSG.required('Nombre o razón social') }]],
    [{ Nombre: 'X', DiaPago1: 32 }, [{ Campo: 'DiaPago1', Mensaje: MSG.max(31) }]],
    [{ Nombre: 'X', RegimenIva: 'otro' }, [{ Campo: 'RegimenIva', Mensaje: MSG.format }]],
  ])('%j', (body, expected) => {
    expect(errors(schema, body)).toEqual(expected);
  });

  it('normalises the tax id and the IBAN', () => {
    const r = schema.safeParse({ Nombre: 'A', NIF: ' b-85.626.240 ', IBAN: 'es91 2100 0418 4502 0005 1332' });
    expect(r.success && r.data).toMatchObject({ NIF: 'B85626240', IBAN: 'ES9121000418450200051332' });
  });
});

describe('cross-field rules of other entities', () => {
  it('needs the IBAN on bank accounts only', () => {
    const schema = entitySaveSchema(tesoreria);
    expect(errors(schema, { Codigo: 'B1', Nombre: 'Banco', Tipo: 'banco' })).toEqual([
      { Campo: 'IBAN', Mensaje: MSG_DATOS.ibanRequired },
    ]);
    expect(errors(schema, { Codigo: 'C1', Nombre: 'Caja', Tipo: 'caja' })).toEqual([]);
  });

  it('asks a tariff line for a product or a family, not both nor none', () => {
    const schema = entitySaveSchema(tarifaslineas);
    const line = { IdTarifa: 1, Tipo: 'descuento', Valor: '10' };
    expect(errors(schema, { ...line, IdProducto: 2 })).toEqual([]);
    expect(errors(schema, { ...line, IdFamilia: 3 })).toEqual([]);
    expect(errors(schema, line)).toEqual([{ Campo: 'IdProducto', Mensaje: MSG_DATOS.lineTarget }]);
    expect(errors(schema, { ...line, IdProducto: 2, IdFamilia: 3 })).toEqual([
      { Campo: 'IdProducto', Mensaje: MSG_DATOS.lineTarget },
    ]);
  });
});
