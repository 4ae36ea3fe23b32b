import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { idEmpresa, terceroConNif } from '../../../../test/datosDemo.ts';

/**
 * The company's rounding decimals (DecimalesRedondeo) over HTTP on both engines: unit prices are rounded to them
 * (2–6, default 2) and stored so, the line amount is round(Cantidad × Precio × (1 − Descuento/100), 2) of that stored
 * price, in drafts, issued invoices and recurring templates alike (one domain function, `calcularTotales`).
 */
let empresaId: number;
let cliente: number;

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  cliente = (await terceroConNif(demo, 'ventas/clientes')).Id;
});

const LINEAS = [
  { Descripcion: 'Arandelas', Cantidad: '1000', Precio: '1.2345', TipoIva: 'IVA21' },
  { Descripcion: 'Juntas', Cantidad: '7', Precio: '2.34567', Descuento: '10', TipoIva: 'IVA10' },
];

async function decimales(n: number) {
  const before = (await demo.request('GET', `/api/configuracion/empresa/edit/${empresaId}`)).body;
  const res = await demo.request('PUT', `/api/configuracion/empresa/save/${empresaId}`, {
    ...before,
    DecimalesRedondeo: n,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await demo.request('GET', '/api/usuarios/usuario/infoempre')).body.DecimalesRedondeo).toBe(n);
}

async function guardar() {
  const res = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: '2026-09-01',
    Lineas: LINEAS,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('unit prices with the company rounding decimals', () => {
  it('default 2 decimals: the price is stored rounded to cents and the amount agrees with it', async () => {
    const doc = await guardar();
    expect(doc.Lineas.map((l: { Precio: string }) => Number(l.Precio))).toEqual([1.23, 2.35]);
    // 1000 × 1.23 = 1230.00; 7 × 2.35 × 0.9 = 14.805 → 14.81
    expect(doc.Lineas.map((l: { Importe: string }) => l.Importe)).toEqual(['1230.00', '14.81']);
    expect(doc.BaseImponible).toBe('1244.81');
  });

  it('a company with 4 decimals keeps 4-decimal prices: stored price, line amounts and totals', async () => {
    await decimales(4);
    const doc = await guardar();
    expect(doc.Lineas.map((l: { Precio: string }) => l.Precio)).toEqual(['1.234500', '2.345700']);
    // 1000 × 1.2345 = 1234.50; 7 × 2.3457 × 0.9 = 14.77791 → 14.78
    expect(doc.Lineas.map((l: { Importe: string }) => l.Importe)).toEqual(['1234.50', '14.78']);
    expect(doc.BaseImponible).toBe('1249.28');
    // IVA: 1234.50 × 21 % = 259.245 → 259.25; 14.78 × 10 % = 1.478 → 1.48
    expect(doc.TotalIva).toBe('260.73');
    expect(doc.Total).toBe('1510.01');
    const [row] = await t.database.query<{ precio: string; importe: string }>(
      `select precio::text, importe::text from documentos_venta_lineas where empresa_id = $1 and id_documento = $2
        order by orden limit 1`,
      [empresaId, doc.Id],
    );
    expect(row).toEqual({ precio: '1.234500', importe: '1234.50' });
    // Issuing recomputes with the same rule: nothing changes.
    const emitida = await demo.request('POST', `/api/ventas/fventa/emitir/${doc.Id}`);
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    expect(emitida.body.Total).toBe('1510.01');
    expect(emitida.body.Lineas.map((l: { Importe: string }) => l.Importe)).toEqual(['1234.50', '14.78']);
    // Recurring templates go through the same preparation.
    const plantilla = await demo.request('POST', '/api/ventas/fventarec/save', {
      Descripcion: 'Suministro mensual',
      Cliente: cliente,
      Periodicidad: 'Mensual',
      FechaInicio: '2026-09-01',
      Accion: 'borrador',
      Lineas: LINEAS,
    });
    expect(plantilla.status, JSON.stringify(plantilla.body)).toBe(201);
    expect(plantilla.body.BaseImponible).toBe('1249.28');
    expect(plantilla.body.Total).toBe('1510.01');
    await decimales(2);
  });
});
