import type { RegistroAlta } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { idEmpresa, terceroConNif } from '../../../../test/datosDemo.ts';

/**
 * Corrective invoices over HTTP on both engines (RD 1619/2012 art. 15; VeriFactu TipoFactura R1–R5, TipoRectificativa
 * S/I): a draft in the series' IdSerieRectificativa referencing the original; by difference (I) the original negated,
 * by substitution (S) the whole replacement invoice with the original's base and quota in ImporteRectificacion; its
 * own number in the corrective series on issue; R5 for simplified invoices only; drafts and cancelled refused.
 */
let empresaId: number;
let cliente: number;
let sinNif: number;
let series: {
  Id: number;
  Codigo: string;
  Prefijo: string;
  TipoDocumento: string;
  IdSerieRectificativa: number | null;
}[];

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  cliente = (await terceroConNif(demo, 'ventas/clientes')).Id;
  const nuevo = await demo.request('POST', '/api/ventas/clientes/save', { Nombre: 'Cliente de mostrador' });
  expect(nuevo.status, JSON.stringify(nuevo.body)).toBe(201);
  sinNif = nuevo.body.Id;
  series = (await demo.request('GET', '/api/configuracion/series/list?TotalPagina=100')).body.Items;
});

const LINEAS = [
  { Descripcion: 'Martillo', Cantidad: '2', Precio: '10.50', Descuento: '10', TipoIva: 'IVA21' },
  { Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
];
// 2 × 10.50 × 0.9 = 18.90 (IVA 3.97) + 5.00 (IVA 0.50) → base 23.90, IVA 4.47, total 28.37

async function emitida(over: Record<string, unknown> = {}) {
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: '2026-05-04',
    Lineas: LINEAS,
    ...over,
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return e.body;
}

const rectificar = (id: number, body: Record<string, unknown>) =>
  demo.request('POST', `/api/ventas/fventa/rectificar/${id}`, { Fecha: '2026-05-10', ...body });

async function registroAlta(idDocumento: number): Promise<RegistroAlta> {
  const rows = await t.database.query<{ registro: RegistroAlta }>(
    `select registro from verifactu_registros where empresa_id = $1 and id_documento = $2 and clase = 'alta'`,
    [empresaId, idDocumento],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.registro;
}

const serieRectDe = (idSerie: number) => {
  const s = series.find((x) => x.Id === idSerie);
  expect(s?.IdSerieRectificativa, `series ${idSerie} has no corrective series`).toBeTruthy();
  return series.find((x) => x.Id === s!.IdSerieRectificativa)!;
};
const neg = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);
const cantidades = (doc: { Lineas: { Cantidad: string }[] }) => doc.Lineas.map((l) => Number(l.Cantidad));
const importes = (doc: { Lineas: { Importe: string }[] }) => doc.Lineas.map((l) => l.Importe);

describe('corrective invoices', () => {
  it('R1–R4 by difference: drafts in the corrective series, the original negated, numbered in their own series', async () => {
    const original = await emitida();
    expect(original.Total).toBe('28.37');
    const rect = serieRectDe(original.Serie);
    let anterior: number | null = null;
    for (const tipo of ['R1', 'R2', 'R3', 'R4']) {
      const res = await rectificar(original.Id, { TipoRectificativa: tipo, Modo: 'I' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const d = res.body;
      expect(d).toMatchObject({
        Tipo: 'rectificativa',
        Estado: 'Provisional',
        Numero: null,
        IdRectificada: original.Id,
        TipoRectificativa: tipo,
        ModoRectificativa: 'I',
        Serie: rect.Id,
        Fecha: '2026-05-10',
        Cliente: original.Cliente,
      });
      expect(cantidades(d)).toEqual([-2, -100]);
      expect(importes(d)).toEqual(['-18.90', '-5.00']);
      expect([d.BaseImponible, d.TotalIva, d.Total]).toEqual([
        neg(original.BaseImponible),
        neg(original.TotalIva),
        neg(original.Total),
      ]);
      // Issuing takes the next number of the corrective series, never one of the invoice series.
      const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d.Id}`);
      expect(e.status, JSON.stringify(e.body)).toBe(200);
      expect(e.body.Serie).toBe(rect.Id);
      expect(e.body.NumSerie.startsWith(rect.Prefijo)).toBe(true);
      expect(e.body.NumSerie).not.toBe(original.NumSerie);
      if (anterior !== null) expect(e.body.Numero).toBe(anterior + 1);
      anterior = e.body.Numero;
      const r = await registroAlta(d.Id);
      expect(r.TipoFactura).toBe(tipo);
      expect(r.TipoRectificativa).toBe('I');
      expect(r.FacturasRectificadas).toEqual([
        expect.objectContaining({ NumSerieFactura: original.NumSerie, FechaExpedicionFactura: '04-05-2026' }),
      ]);
      expect(r.ImporteRectificacion).toBeUndefined();
      expect(Number(r.ImporteTotal)).toBe(-28.37);
    }
    // The original stays as issued: a correction never touches it.
    const again = await demo.request('GET', `/api/ventas/fventa/edit/${original.Id}`);
    expect(again.body).toMatchObject({ Estado: 'Emitida', Total: '28.37', NumSerie: original.NumSerie });
    const hist = await demo.request('GET', `/api/ventas/docventahist/fventa/${original.Id}`);
    expect(hist.body.Items).toHaveLength(5);
  });

  it('substitution (S): the whole replacement invoice, corrected before issue; the record carries the original amounts', async () => {
    const original = await emitida({ Fecha: '2026-05-05' });
    const res = await rectificar(original.Id, { TipoRectificativa: 'R1', Modo: 'S' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body;
    expect(d).toMatchObject({ Tipo: 'rectificativa', ModoRectificativa: 'S', IdRectificada: original.Id });
    // Starts as a copy of the original (positive), to be corrected.
    expect(cantidades(d)).toEqual([2, 100]);
    expect(d.Total).toBe(original.Total);
    // The right price of the hammer was 9.50: 2 × 9.50 × 0.9 = 17.10 (IVA 3.59) + 5.00 (0.50) → 26.19.
    const corregida = await demo.request('PUT', `/api/ventas/fventa/save/${d.Id}`, {
      Cliente: cliente,
      Fecha: '2026-05-10',
      Lineas: [{ ...LINEAS[0], Precio: '9.50' }, LINEAS[1]],
    });
    expect(corregida.status, JSON.stringify(corregida.body)).toBe(200);
    expect(corregida.body).toMatchObject({
      IdRectificada: original.Id,
      TipoRectificativa: 'R1',
      ModoRectificativa: 'S',
      Serie: serieRectDe(original.Serie).Id,
      BaseImponible: '22.10',
      TotalIva: '4.09',
      Total: '26.19',
    });
    const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d.Id}`);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect(e.body.Total).toBe('26.19');
    const r = await registroAlta(d.Id);
    expect(r.TipoFactura).toBe('R1');
    expect(r.TipoRectificativa).toBe('S');
    expect(r.ImporteRectificacion).toBeDefined();
    expect(Number(r.ImporteRectificacion!.BaseRectificada)).toBe(23.9);
    expect(Number(r.ImporteRectificacion!.CuotaRectificada)).toBe(4.47);
    expect(r.ImporteRectificacion!.CuotaRecargoRectificado).toBeUndefined();
    expect(Number(r.ImporteTotal)).toBe(26.19);
    expect(r.Destinatarios?.length).toBe(1);
  });

  it('R5 corrects simplified invoices, without a recipient NIF, in the simplified corrective series', async () => {
    const ticket = await emitida({ Cliente: sinNif, Simplificada: true, Fecha: '2026-05-06' });
    expect(ticket.Tipo).toBe('simplificada');
    const rect = serieRectDe(ticket.Serie);
    const r1 = await rectificar(ticket.Id, { TipoRectificativa: 'R1', Modo: 'I' });
    expect(r1.status).toBe(400);
    expect(JSON.stringify(r1.body)).toContain('Una factura simplificada se rectifica con el tipo R5');
    const res = await rectificar(ticket.Id, { TipoRectificativa: 'R5', Modo: 'I' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ TipoRectificativa: 'R5', Serie: rect.Id, Total: '-28.37' });
    const e = await demo.request('POST', `/api/ventas/fventa/emitir/${res.body.Id}`);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect(e.body.NumSerie.startsWith(rect.Prefijo)).toBe(true);
    const r = await registroAlta(res.body.Id);
    expect(r.TipoFactura).toBe('R5');
    expect(r.Destinatarios).toBeUndefined();
    expect(r.FacturasRectificadas?.[0]?.NumSerieFactura).toBe(ticket.NumSerie);
    // A corrective of an R5 is an R5 too.
    expect((await rectificar(res.body.Id, { TipoRectificativa: 'R4', Modo: 'I' })).status).toBe(400);
  });

  it('refuses drafts, cancelled invoices, R5 on a complete invoice, an earlier date and bad bodies in Spanish', async () => {
    const contar = async () =>
      (
        await t.database.query<{ n: number }>(
          `select count(*)::int n from documentos_venta where empresa_id = $1 and tipo = 'rectificativa'`,
          [empresaId],
        )
      )[0]!.n;
    const antes = await contar();
    const draft = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: '2026-05-07',
      Lineas: LINEAS,
    });
    const borrador = await rectificar(draft.body.Id, { TipoRectificativa: 'R1', Modo: 'I' });
    expect(borrador.status).toBe(400);
    expect(borrador.body.Mensaje).toBe('Sólo se pueden rectificar o anular facturas emitidas');

    const anulada = await emitida({ Fecha: '2026-05-07' });
    expect((await demo.request('POST', `/api/ventas/fventa/anular/${anulada.Id}`)).status).toBe(200);
    const deAnulada = await rectificar(anulada.Id, { TipoRectificativa: 'R1', Modo: 'S' });
    expect(deAnulada.status).toBe(400);
    expect(deAnulada.body.Mensaje).toBe('La factura ya está anulada');

    const completa = await emitida({ Fecha: '2026-05-08' });
    const r5 = await rectificar(completa.Id, { TipoRectificativa: 'R5', Modo: 'I' });
    expect(r5.status).toBe(400);
    expect(JSON.stringify(r5.body)).toContain('El tipo R5 sólo rectifica facturas simplificadas');
    const antigua = await rectificar(completa.Id, { TipoRectificativa: 'R1', Modo: 'I', Fecha: '2026-05-01' });
    expect(antigua.status).toBe(400);
    expect(JSON.stringify(antigua.body)).toContain('fecha anterior a la de la factura que rectifica');
    for (const body of [{ TipoRectificativa: 'R6', Modo: 'I' }, { TipoRectificativa: 'R1', Modo: 'X' }, {}]) {
      const bad = await rectificar(completa.Id, body);
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/Indica el (tipo|modo)/);
    }
    expect(await contar()).toBe(antes);
  });
});
