import { describe, expect, it } from 'vitest';
import { MODULE_FLAG_LIST, type ModuleFlag } from '../session/companyContext.ts';
import { anyLookupReaders, listOfCompany, lookupColumns, lookupReaders } from './lookups.ts';
import { ENTITIES } from './registry.ts';

describe('lookupReaders: who reads a reference list', () => {
  it('starts with the list own code and adds the entities that reference it', () => {
    const fpago = lookupReaders(ENTITIES.fpago);
    expect(fpago[0]).toBe(ENTITIES.fpago.permission);
    expect(fpago).toContain(ENTITIES.proveedores.permission);
    expect(fpago).toContain(ENTITIES.clientes.permission);
    expect(lookupReaders(ENTITIES.tiposiva)).toContain(ENTITIES.productos.permission);
    expect(lookupReaders(ENTITIES.comerciales)).toContain(ENTITIES.clientespot.permission);
  });

  it('adds the bespoke sales screens to the lists they show, and nothing to a list no screen shows', () => {
    for (const name of ['clientes', 'productos', 'series', 'fpago', 'tiposiva', 'tesoreria'] as const) {
      expect(lookupReaders(ENTITIES[name])).toEqual(expect.arrayContaining(['VentasFact', 'VentasPresup']));
    }
    expect(lookupReaders(ENTITIES.configura)).toEqual(expect.arrayContaining(['ConfEmpresa', 'VentasFact']));
    expect(lookupColumns(ENTITIES.configura)).toEqual(expect.arrayContaining(['VentasTxtLibre1', 'IdTipoIva']));
    expect(lookupColumns(ENTITIES.configura)).not.toContain('EmailCopia');
    expect(lookupReaders(ENTITIES.auditoria)).toEqual([ENTITIES.auditoria.permission]);
  });
});

describe('lookupColumns', () => {
  it('keeps Id, the title, Baja and the declared extras that exist', () => {
    expect(lookupColumns(ENTITIES.fpago)).toEqual(['Id', 'Descripcion', 'Baja']);
    expect(lookupColumns(ENTITIES.tesoreria)).toEqual(['Id', 'Nombre', 'Arqueable', 'Tipo', 'Baja']);
    expect(lookupColumns(ENTITIES.clientes)).not.toContain('IBAN');
  });
});

describe('listOfCompany: the lists of the modules a company has', () => {
  const modulos = (on: ModuleFlag[] = []) =>
    Object.fromEntries(MODULE_FLAG_LIST.map((m) => [m, on.includes(m)])) as Record<ModuleFlag, boolean>;

  it('a trading company reads no academy list, and a module list only with its module on', () => {
    const comercio = { Modulos: modulos(), TipoCuenta: 'general' as const };
    for (const name of ['cursos', 'aulas', 'tutores', 'profesores', 'alumnos'] as const) {
      expect(listOfCompany(ENTITIES[name], comercio)).toBe(false);
      expect(listOfCompany(ENTITIES[name], { ...comercio, TipoCuenta: 'academia' })).toBe(true);
    }
    expect(listOfCompany(ENTITIES.almacenes, comercio)).toBe(false);
    expect(listOfCompany(ENTITIES.almacenes, { ...comercio, Modulos: modulos(['ActStock']) })).toBe(true);
    expect(listOfCompany(ENTITIES.clientes, comercio)).toBe(true);
  });

  it('anyLookupReaders holds every reader of every list', () => {
    const all = anyLookupReaders();
    expect(all).toEqual(expect.arrayContaining([...lookupReaders(ENTITIES.cursos), ...lookupReaders(ENTITIES.fpago)]));
    expect(new Set(all).size).toBe(all.length);
  });
});
