import { escribirNorma43 } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear } from '../../../test/datosDemo.ts';

/**
 * Reconciliation from the bank line on both engines: an unmatched line (a bank fee) becomes a movement of a concept
 * (its accounting account) matched with it in one step; labels read as text · day · amount; a remembered rule
 * proposes the concept for later lines.
 */
const B = '/api/tesoreria';

interface Apunte {
  Id: number;
  Linea: number;
  Concepto: string;
  Importe: string;
  FechaOperacion: string;
  IdConciliado: number | null;
  ConciliadoCon: string | null;
  Etiqueta: string;
  ConciliadoEtiqueta: string | null;
  Propuesta: { Etiqueta: string } | null;
  Regla: { Id: number; IdConcepto: number; Concepto: string; CuentaContable: string; Descripcion: string } | null;
}
let idExtracto: number;
let idComban: number;
let idBanco: number;
let iban: string;

const detalle = async (id = idExtracto) => {
  const r = await demo.request('GET', `${B}/extractos/edit/${id}`);
  expect(r.status).toBe(200);
  return r.body as { Apuntes: Apunte[]; Candidatos: { Etiqueta: string }[] };
};
const comision = async () => (await detalle()).Apuntes.find((a) => a.Concepto === 'COMISION MANTENIMIENTO')!;
const contarMovimientos = async () =>
  (await demo.request('GET', `${B}/movstesoreria/list?TotalPagina=1`)).body.Total as number;
const ddmmaaaa = (iso: string) => iso.split('-').reverse().join('/');
/** A statement of the company's bank account for `mes` (aaaa-mm) with lines [concept, signed amount], imported. */
const importarExtracto = async (mes: string, lineas: [string, string][]) => {
  const fichero = escribirNorma43({
    banco: iban.slice(4, 8),
    oficina: iban.slice(8, 12),
    cuenta: iban.slice(14),
    desde: `${mes}-01`,
    hasta: `${mes}-28`,
    saldoInicial: '100.00',
    divisa: '978',
    titular: 'DEMO',
    apuntes: lineas.map(([concepto, importe]) => ({
      fechaOperacion: `${mes}-10`,
      fechaValor: `${mes}-10`,
      conceptoComun: '17',
      conceptoPropio: '010',
      importe,
      documento: '',
      referencia1: '',
      referencia2: '',
      concepto,
    })),
  });
  const imp = await demo.request('POST', `${B}/extractos/importar`, { IdTesoreria: idBanco, Contenido: fichero });
  expect(imp.status).toBe(201);
  const id = imp.body.Items[0].Id as number;
  return { id, apuntes: (await detalle(id)).Apuntes };
};

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  idExtracto = (await demo.request('GET', `${B}/extractos/list`)).body.Items[0].Id;
  const conceptos = await demo.request('GET', `/api/tesoreria/conceptosmovs/list?TotalPagina=100`);
  idComban = conceptos.body.Items.find((c: { Codigo: string }) => c.Codigo === 'COMBAN').Id;
  const banco = (await demo.request('GET', `${B}/movstesoreria/saldos`)).body.Items.find(
    (c: { Codigo: string }) => c.Codigo === 'BANCO',
  );
  idBanco = banco.Id;
  iban = String(banco.IBAN).replace(/\s+/g, '');
});

describe('reconciliation from the bank line', () => {
  it('labels lines, proposals and matches as text · day · amount, never a line number or an id', async () => {
    const d = await detalle();
    const c = await comision();
    expect(c.IdConciliado).toBeNull();
    expect(c.Etiqueta).toBe(`Comision mantenimiento · ${ddmmaaaa(c.FechaOperacion)} · -12,00 €`);
    const conciliado = d.Apuntes.find((a) => a.ConciliadoCon === 'remesa')!;
    expect(conciliado.ConciliadoEtiqueta).toMatch(/^Remesa .+ · \d{2}\/\d{2}\/\d{4} · [\d.]+,\d{2} €$/);
    for (const a of d.Apuntes) {
      expect(a.Etiqueta).not.toMatch(/#\d|[Ll]ínea/);
      expect(a.ConciliadoEtiqueta ?? '').not.toMatch(/#\d/);
    }
    for (const x of d.Candidatos) expect(x.Etiqueta).toMatch(/ · \d{2}\/\d{2}\/\d{4} · -?[\d.]+,\d{2} €$/);
  });

  it('refuses a rule without a concept and writes nothing: no movement, the line still unmatched', async () => {
    const antes = await contarMovimientos();
    const c = await comision();
    const r = await demo.request('POST', `${B}/extractos/movimiento/${c.Id}`, {
      Descripcion: 'Comisión de mantenimiento',
      Recordar: true,
    });
    expect(r.status).toBe(400);
    expect(r.body.Errores).toEqual([
      { Campo: 'IdConcepto', Mensaje: 'Elige el concepto que tendrán los movimientos de la regla' },
    ]);
    const corto = await demo.request('POST', `${B}/extractos/movimiento/${c.Id}`, {
      IdConcepto: idComban,
      Descripcion: 'Comisión',
      Recordar: true,
      TextoRegla: 'c.',
    });
    expect(corto.status).toBe(400);
    expect(corto.body.Errores[0]).toEqual({
      Campo: 'TextoRegla',
      Mensaje: 'El texto debe tener al menos 3 letras o cifras',
    });
    const otraEmpresa = await demo.request('POST', `${B}/extractos/movimiento/${c.Id}`, {
      IdConcepto: 999_999_999,
      Descripcion: 'Comisión',
    });
    expect(otraEmpresa.status).toBe(400);
    expect(otraEmpresa.body.Errores[0].Campo).toBe('IdConcepto');
    expect(await contarMovimientos()).toBe(antes);
    expect((await comision()).IdConciliado).toBeNull();
    expect((await demo.request('GET', `${B}/reglasconciliacion/list`)).body.Items).toEqual([]);
  });

  it('creates the movement of the concept, matches it and remembers the rule in one step', async () => {
    const antes = await contarMovimientos();
    const c = await comision();
    const r = await demo.request('POST', `${B}/extractos/movimiento/${c.Id}`, {
      IdConcepto: idComban,
      Descripcion: 'Comisión de mantenimiento',
      Recordar: true,
      TextoRegla: 'Comisión mantenimiento',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.Movimiento).toMatchObject({
      IdTesoreria: idBanco,
      Fecha: c.FechaOperacion,
      Importe: '-12.00',
      IdConcepto: idComban,
      Descripcion: 'Comisión de mantenimiento',
    });
    expect(await contarMovimientos()).toBe(antes + 1);
    const despues = await comision();
    expect(despues).toMatchObject({ ConciliadoCon: 'movimiento', IdConciliado: r.body.Movimiento.Id });
    expect(despues.ConciliadoEtiqueta).toBe(`Comisión de mantenimiento · ${ddmmaaaa(c.FechaOperacion)} · -12,00 €`);
    const lista = await demo.request(
      'GET',
      `${B}/movstesoreria/list?Filtros=${encodeURIComponent(JSON.stringify({ IdConcepto: idComban, Conciliado: true }))}`,
    );
    expect(lista.body.Items.map((m: { Id: number }) => m.Id)).toContain(r.body.Movimiento.Id);
    const reglas = (await demo.request('GET', `${B}/reglasconciliacion/list`)).body.Items;
    expect(reglas).toEqual([
      {
        Id: r.body.IdRegla,
        Texto: 'Comisión mantenimiento',
        IdConcepto: idComban,
        Descripcion: 'Comisión de mantenimiento',
        Concepto: 'Comisiones bancarias',
        CuentaContable: '6260000000',
        IdCliente: null,
        IdProveedor: null,
        Contacto: null,
      },
    ]);
    // The same line again: refused, nothing more written.
    const otra = await demo.request('POST', `${B}/extractos/movimiento/${c.Id}`, {
      IdConcepto: idComban,
      Descripcion: 'Otra vez',
    });
    expect(otra.status).toBe(400);
    expect(otra.body.Mensaje).toBe('Ese apunte ya está conciliado');
    expect(await contarMovimientos()).toBe(antes + 1);
  });

  it('proposes the remembered rule for the next statement and keeps one rule per text', async () => {
    const {
      apuntes: [fee, transferencia],
    } = await importarExtracto('2031-01', [
      ['COMISION MANTENIMIENTO ENERO', '-12.00'],
      ['TRANSFERENCIA RECIBIDA', '7.77'],
    ]);
    expect(fee!.Regla).toMatchObject({
      IdConcepto: idComban,
      Concepto: 'Comisiones bancarias',
      CuentaContable: '6260000000',
      Descripcion: 'Comisión de mantenimiento',
    });
    expect(transferencia!.Regla).toBeNull();
    const sinTilde = await demo.request('POST', `${B}/reglasconciliacion/save`, {
      Texto: 'COMISION MANTENIMIENTO',
      IdConcepto: idComban,
      Descripcion: 'x',
    });
    expect(sinTilde.status).toBe(201);
    const misma = await demo.request('POST', `${B}/reglasconciliacion/save`, {
      Texto: 'comision mantenimiento',
      IdConcepto: idComban,
      Descripcion: 'x',
    });
    expect(misma.status).toBe(400);
    expect(misma.body.Errores).toEqual([{ Campo: 'Texto', Mensaje: 'Ya hay una regla con ese texto' }]);
    expect((await demo.request('DELETE', `${B}/reglasconciliacion/delete/${sinTilde.body.Id}`)).status).toBe(200);
    expect((await demo.request('DELETE', `${B}/reglasconciliacion/delete/${sinTilde.body.Id}`)).status).toBe(404);
  });

  it('a rule names a supplier: the movement created from a matching line carries it', async () => {
    const proveedor = (await demo.request('GET', '/api/compras/proveedores/list?TotalPagina=1')).body.Items[0] as {
      Id: number;
      Nombre: string;
    };
    const conceptos = await demo.request('GET', `${B}/conceptosmovs/list?TotalPagina=100`);
    const suministros = await crear(demo, `${B}/conceptosmovs/save`, {
      Codigo: 'SUMIN',
      Descripcion: 'Suministros',
      Tipo: 'pago',
    });
    expect(conceptos.body.Items.length).toBeGreaterThan(0);
    const regla = await crear(demo, `${B}/reglasconciliacion/save`, {
      Texto: 'RECIBO LUZ IBERDROLA',
      IdConcepto: suministros,
      Descripcion: 'Recibo de la luz',
      IdProveedor: proveedor.Id,
    });
    const {
      apuntes: [luz],
    } = await importarExtracto('2031-02', [['RECIBO LUZ IBERDROLA FEBRERO', '-61.40']]);
    expect(luz!.Regla).toMatchObject({
      Id: regla,
      IdConcepto: suministros,
      Concepto: 'Suministros',
      IdCliente: null,
      IdProveedor: proveedor.Id,
      Contacto: proveedor.Nombre,
    });
    // What the dialog sends: the rule's concept, description and supplier.
    const r = await demo.request('POST', `${B}/extractos/movimiento/${luz!.Id}`, {
      IdConcepto: suministros,
      Descripcion: 'Recibo de la luz',
      IdProveedor: proveedor.Id,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.Movimiento).toMatchObject({ Importe: '-61.40', IdProveedor: proveedor.Id, IdCliente: null });
    const mov = await demo.request('GET', `${B}/movstesoreria/edit/${r.body.Movimiento.Id}`);
    expect(mov.body).toMatchObject({ IdProveedor: proveedor.Id, IdConcepto: suministros });
  });

  it("refuses another company's customer or supplier exactly as an unknown one, and both at once; nothing written", async () => {
    const otra = await t.as('academia', 'ACADEMIA');
    const [ajeno, clienteAjeno] = await Promise.all(
      ['compras/proveedores', 'ventas/clientes'].map((r) =>
        otra.request('POST', `/api/${r}/save`, { Nombre: 'De otra empresa', NIF: '12345678Z' }),
      ),
    );
    for (const r of [ajeno!, clienteAjeno!]) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const propio = (await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=1')).body.Items[0].Id;
    const proveedorPropio = (await demo.request('GET', '/api/compras/proveedores/list?TotalPagina=1')).body.Items[0].Id;
    const antes = (await demo.request('GET', `${B}/reglasconciliacion/list`)).body.Items;
    const guardar = (contacto: Record<string, unknown>) =>
      demo.request('POST', `${B}/reglasconciliacion/save`, {
        Texto: 'TRANSFERENCIA CLIENTE',
        IdConcepto: idComban,
        Descripcion: 'x',
        ...contacto,
      });
    const errores = async (contacto: Record<string, unknown>) => {
      const r = await guardar(contacto);
      expect(r.status).toBe(400);
      return r.body.Errores;
    };
    const desconocido = await errores({ IdProveedor: 999_999_999 });
    expect(desconocido).toEqual([{ Campo: 'IdProveedor', Mensaje: 'El proveedor no existe' }]);
    expect(await errores({ IdProveedor: ajeno!.body.Id })).toEqual(desconocido);
    expect(await errores({ IdCliente: 999_999_999 })).toEqual([
      { Campo: 'IdCliente', Mensaje: 'El cliente no existe' },
    ]);
    expect(await errores({ IdCliente: clienteAjeno!.body.Id })).toEqual(await errores({ IdCliente: 999_999_999 }));
    expect(await errores({ IdCliente: propio, IdProveedor: proveedorPropio })).toEqual([
      { Campo: 'IdProveedor', Mensaje: 'Elige un cliente o un proveedor, no los dos' },
    ]);
    expect(await errores({ IdCliente: 'x' })).toEqual([{ Campo: 'IdCliente', Mensaje: expect.any(String) }]);
    expect((await demo.request('GET', `${B}/reglasconciliacion/list`)).body.Items).toEqual(antes);
    // From a line too: the movement is not created and the line stays unmatched.
    const movimientos = await contarMovimientos();
    const {
      id: idLibre,
      apuntes: [libre],
    } = await importarExtracto('2031-03', [['RECIBO AGUA', '-9.99']]);
    const r = await demo.request('POST', `${B}/extractos/movimiento/${libre!.Id}`, {
      IdConcepto: idComban,
      Descripcion: 'x',
      IdProveedor: ajeno!.body.Id,
    });
    expect(r.status).toBe(400);
    expect(r.body.Errores).toEqual(desconocido);
    expect(await contarMovimientos()).toBe(movimientos);
    expect((await detalle(idLibre)).Apuntes[0]!.IdConciliado).toBeNull();
    // A customer of the company is accepted, and the rule reads its name.
    const ok = await guardar({ IdCliente: propio });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const leida = (await demo.request('GET', `${B}/reglasconciliacion/list`)).body.Items.find(
      (x: { Id: number }) => x.Id === ok.body.Id,
    );
    expect(leida).toMatchObject({ IdCliente: propio, IdProveedor: null, Contacto: expect.any(String) });
  });
});
