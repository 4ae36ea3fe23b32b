import type { RegistroAlta, RegistroFacturacion } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { idEmpresa } from '../../../../test/datosDemo.ts';
import { validarEnvioSoap } from '../../../../test/verifactu/xsd.ts';
import { textoDelPdf } from '../../../platform/http/respuesta.testkit.ts';
import { mensajeRegFactu } from '../../../verifactu/xml/mensaje.ts';
import { detalleSujeto } from '../verifactu/desglose.testkit.ts';

/**
 * Exempt sales end to end, on both engines: the VAT type's exemption cause (tiposiva.Exencion)
 * and the customer's VAT regime reach the totals, the stored breakdown, the PDF legend and the VeriFactu record
 * (OperacionExenta, no CalificacionOperacion / TipoImpositivo / Cuota), which validates against the AEAT XSD.
 */
let empresaId: number;
let nacional: number;
const hoy = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  nacional = await cliente({ Nombre: 'Academia Cliente SL', NIF: '00000014Z', RegimenIva: 'general' });
});

async function cliente(body: Record<string, unknown>): Promise<number> {
  const res = await demo.request('POST', '/api/ventas/clientes/save', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.Id as number;
}

const linea = (TipoIva: string, Precio = '100', Descripcion = 'Servicio') => ({
  Descripcion,
  Cantidad: '1',
  Precio,
  TipoIva,
});

async function emitida(Cliente: number, Lineas: unknown[]) {
  const b = await demo.request('POST', '/api/ventas/fventa/save', { Cliente, Fecha: hoy, Lineas });
  expect(b.status, JSON.stringify(b.body)).toBe(201);
  const res = await demo.request('POST', `/api/ventas/fventa/emitir/${b.body.Id}`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { Id: number; Total: string; BaseImponible: string; TotalIva: string; Desglose: unknown[] };
}

async function registro(idFactura: number): Promise<RegistroAlta> {
  const [row] = await t.database.query<{ registro: RegistroAlta }>(
    `select registro from verifactu_registros where empresa_id = ${empresaId} and registro->'IDFactura'->>'NumSerieFactura' = (select num_serie from documentos_venta where id = ${idFactura}) order by id desc limit 1`,
  );
  expect(row, `record of invoice ${idFactura}`).toBeDefined();
  return row!.registro;
}

describe('exempt VAT types', () => {
  it('the demo company has the exempt types with their causes', async () => {
    const res = await demo.request('GET', '/api/configuracion/tiposiva/list?TotalPagina=50');
    expect(res.status).toBe(200);
    const causas = Object.fromEntries(
      res.body.Items.filter((r: { Exencion: string | null }) => r.Exencion).map(
        (r: { Valor: string; Exencion: string }) => [r.Valor, r.Exencion],
      ),
    );
    expect(causas).toEqual({ EXENTO: 'E1', EXPORT: 'E2', INTRAUE: 'E5' });
  });

  it('refuses a VAT type with an exemption cause and a rate above 0, in Spanish', async () => {
    // An exempt VAT type but for its code, rate and cause.
    const exento = (Valor: string, Descripcion: string, PorcentajeIva: string, Exencion: string) =>
      demo.request('POST', '/api/configuracion/tiposiva/save', {
        Valor,
        Descripcion,
        Impuesto: 'IVA',
        Tipo: 'exento',
        PorcentajeIva,
        Exencion,
      });
    const res = await exento('MAL21', 'Exento mal configurado', '21', 'E1');
    expect(res.status).toBe(400);
    expect(res.body.Errores).toContainEqual({
      Campo: 'Exencion',
      Mensaje: 'Una operación exenta no lleva IVA: con causa de exención el porcentaje debe ser 0',
    });
    const causa = await exento('MALE9', 'Causa inexistente', '0', 'E9');
    expect(causa.status).toBe(400);
    expect(causa.body.Errores.map((e: { Campo: string }) => e.Campo)).toContain('Exencion');
  });

  it('an invoice with 21 % and E1 lines: totals, breakdown, PDF legend, VeriFactu record and XSD', async () => {
    const f = await emitida(nacional, [
      linea('IVA21', '100', 'Material didáctico'),
      linea('EXENTO', '250', 'Curso de inglés'),
      linea('EXENTO', '50', 'Clase de repaso'),
    ]);
    expect([f.BaseImponible, f.TotalIva, f.Total]).toEqual(['400.00', '21.00', '421.00']);
    expect(f.Desglose).toEqual([
      expect.objectContaining({ TipoIva: 'IVA21', PorcentajeIva: '21.00', Base: '100.00', Cuota: '21.00' }),
      expect.objectContaining({ TipoIva: 'EXENTO', PorcentajeIva: '0.00', Exencion: 'E1', Base: '300.00' }),
    ]);
    const ed = await demo.request('GET', `/api/ventas/fventa/edit/${f.Id}`);
    expect(ed.body.Lineas.map((l: { PorcentajeIva: string }) => l.PorcentajeIva)).toEqual(['21.00', '0.00', '0.00']);

    const text = await textoDelPdf(t, demo, `/api/ventas/fventa/pdf/${f.Id}`);
    expect(text).toContain('IVA Exenta (E1)');
    expect(text).toContain('Operación exenta de IVA según el artículo 20 de la Ley 37/1992');
    expect(text).not.toContain('artículo 25');

    const r = await registro(f.Id);
    expect(r.Desglose).toEqual([
      detalleSujeto('21.00', '100.00', '21.00'),
      { Impuesto: '01', ClaveRegimen: '01', OperacionExenta: 'E1', BaseImponibleOimporteNoSujeto: '300.00' },
    ]);
    expect([r.CuotaTotal, r.ImporteTotal]).toEqual(['21.00', '421.00']);
    const xml = mensajeRegFactu({ ObligadoEmision: { NombreRazon: 'Ferretería Demo', NIF: 'B85626240' } }, [
      r as RegistroFacturacion,
    ]);
    expect(xml).toContain('<sum1:OperacionExenta>E1</sum1:OperacionExenta>');
    expect(await validarEnvioSoap(xml)).toEqual([]);
  });
});

describe("the customer's VAT regime", () => {
  it('intra-EU customer with a NIF-IVA: lines without a cause go exempt E5 at 0 %', async () => {
    const ue = await cliente({
      Nombre: 'Quincaillerie Lyon SARL',
      TipoNIF: 'nifiva',
      NIF: 'FR40303265045',
      Pais: 'FR',
      RegimenIva: 'intracomunitario',
    });
    const f = await emitida(ue, [linea('IVA21', '100'), linea('IVA10', '40'), linea('EXENTO', '10')]);
    expect([f.BaseImponible, f.TotalIva, f.Total]).toEqual(['150.00', '0.00', '150.00']);
    // Exempt bases grouped per cause: E5 (the 21 % and 10 % lines), E1 (the type's own cause) apart.
    expect(
      (f.Desglose as { Exencion: string; Base: string; Cuota: string }[]).map((d) => [d.Exencion, d.Base, d.Cuota]),
    ).toEqual([
      ['E1', '10.00', '0.00'],
      ['E5', '140.00', '0.00'],
    ]);
    const r = await registro(f.Id);
    expect(
      r.Desglose.map((d) => [d.OperacionExenta, d.CalificacionOperacion, d.TipoImpositivo, d.CuotaRepercutida]),
    ).toEqual([
      ['E1', undefined, undefined, undefined],
      ['E5', undefined, undefined, undefined],
    ]);
    expect(await textoDelPdf(t, demo, `/api/ventas/fventa/pdf/${f.Id}`)).toContain(
      'Entrega intracomunitaria exenta de IVA según el artículo 25 de la Ley 37/1992',
    );
    const xml = mensajeRegFactu({ ObligadoEmision: { NombreRazon: 'Ferretería Demo', NIF: 'B85626240' } }, [
      r as RegistroFacturacion,
    ]);
    expect(await validarEnvioSoap(xml)).toEqual([]);
  });

  it('intra-EU customer without an EU VAT id: 400 in Spanish, nothing saved', async () => {
    const sin = await cliente({ Nombre: 'Cliente UE sin NIF-IVA', RegimenIva: 'intracomunitario', Pais: 'FR' });
    const antes = await t.database.query<{ n: number }>(
      `select count(*)::int as n from documentos_venta where empresa_id = ${empresaId}`,
    );
    const res = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: sin,
      Fecha: hoy,
      Lineas: [linea('IVA21')],
    });
    expect(res.status).toBe(400);
    expect(res.body.Errores).toContainEqual({
      Campo: 'Cliente',
      Mensaje:
        'El cliente tiene régimen intracomunitario pero no tiene NIF-IVA de otro país de la UE: indícalo en su ficha (tipo de identificación NIF-IVA intracomunitario) o cambia su régimen de IVA',
    });
    const despues = await t.database.query<{ n: number }>(
      `select count(*)::int as n from documentos_venta where empresa_id = ${empresaId}`,
    );
    expect(despues[0]!.n).toBe(antes[0]!.n);
  });

  it('export customer: exempt E2 with clave de régimen 02, valid against the XSD', async () => {
    const exp = await cliente({
      Nombre: 'Hardware Imports LLC',
      TipoNIF: 'extranjero',
      NIF: 'US123456789',
      Pais: 'US',
      RegimenIva: 'exportacion',
    });
    const f = await emitida(exp, [linea('IVA21', '80'), linea('IVA4', '20')]);
    expect([f.BaseImponible, f.TotalIva, f.Total]).toEqual(['100.00', '0.00', '100.00']);
    const r = await registro(f.Id);
    expect(r.Desglose).toEqual([
      { Impuesto: '01', ClaveRegimen: '02', OperacionExenta: 'E2', BaseImponibleOimporteNoSujeto: '100.00' },
    ]);
    const xml = mensajeRegFactu({ ObligadoEmision: { NombreRazon: 'Ferretería Demo', NIF: 'B85626240' } }, [
      r as RegistroFacturacion,
    ]);
    expect(await validarEnvioSoap(xml)).toEqual([]);
  });

  it('exempt customer: every line needs an exempt VAT type (nothing is guessed)', async () => {
    const ex = await cliente({ Nombre: 'Fundación Educativa', NIF: '12345678Z', RegimenIva: 'exento' });
    const mal = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: ex,
      Fecha: hoy,
      Lineas: [linea('EXENTO'), linea('IVA21')],
    });
    expect(mal.status).toBe(400);
    expect(mal.body.Errores).toContainEqual({
      Campo: 'Lineas[1].TipoIva',
      Mensaje:
        'Línea 2: el cliente está exento de IVA; usa un tipo de IVA exento con su causa de exención (por ejemplo, Exento art. 20)',
    });
    const f = await emitida(ex, [linea('EXENTO', '60')]);
    expect(f.Total).toBe('60.00');
    expect((await registro(f.Id)).Desglose[0]?.OperacionExenta).toBe('E1');
  });
});
