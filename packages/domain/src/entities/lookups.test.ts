import { describe, expect, it } from 'vitest';
import { lookupColumns, lookupReaders } from './lookups.ts';
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
    expect(lookupColumns(ENTITIES.tesoreria)).toEqual(['Id', 'Nombre', 'Arqueable', 'Baja']);
    expect(lookupColumns(ENTITIES.clientes)).not.toContain('IBAN');
  });
});
