import { PERMISSION_CODE_LIST } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear } from '../../../test/datosDemo.ts';

/**
 * The dashboard's figures are the books' and the models' own: sales = the issued-invoice book's base for the same
 * period, each tax card = the model screen's result box for the period due next, the ageing buckets add up to
 * what is pending (and the overdue ones to what is overdue), on both engines.
 */
const HOY = '2026-11-28';
type Panel = Record<string, any>;
let p: Panel;

const baseLibro = async (desde: string, hasta: string) => {
  const filtros = encodeURIComponent(JSON.stringify({ FechaDesde: desde, FechaHasta: hasta }));
  const r = await demo.request('GET', `/api/impuestos/factemitidas/list?Pagina=1&TotalPagina=1&Filtros=${filtros}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Totales.General as { Base: string; Facturas: number };
};
const cents = (v: string) => Math.round(Number(v) * 100);

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const r = await demo.request('GET', `/api/informes/panel?Hoy=${HOY}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  p = r.body;
});

describe('dashboard summary = the books and the models', () => {
  it('sales of the month, the year and last year are the issued book base of the same periods', async () => {
    const anyo = await baseLibro('2026-01-01', HOY);
    expect(cents(anyo.Base)).toBeGreaterThan(0);
    expect(p.VentasAnyo).toMatchObject({ Anyo: 2026, Base: anyo.Base, Facturas: anyo.Facturas });
    expect(p.VentasAnyo.BaseAnyoAnterior).toBe((await baseLibro('2025-01-01', '2025-11-28')).Base);
    const mes = await baseLibro('2026-11-01', HOY);
    expect(p.VentasMes).toMatchObject({ Mes: '2026-11', Base: mes.Base, Facturas: mes.Facturas });
    expect(p.VentasMes.BaseAnyoAnterior).toBe((await baseLibro('2025-11-01', '2025-11-28')).Base);
    // Twelve months ending with this one, each the book's base of that month; the year before alongside.
    expect(p.VentasPorMes.map((m: { Mes: string }) => m.Mes)).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
    expect(p.VentasPorMes.at(-1).Base).toBe(mes.Base);
    expect(p.VentasPorMes[5]).toEqual({ Mes: '2026-05', Base: (await baseLibro('2026-05-01', '2026-05-31')).Base });
    expect(p.VentasPorMesAnterior[0].Mes).toBe('2024-12');
    const ytd = p.VentasPorMes.filter((m: { Mes: string }) => m.Mes >= '2026-01').map((m: any) => cents(m.Base));
    expect(ytd.reduce((a: number, b: number) => a + b, 0)).toBe(cents(anyo.Base));
    // The best customers come from the same book: none sold more than the year, in descending order.
    const top = p.MejoresClientes.map((c: { Base: string }) => cents(c.Base));
    expect(top.length).toBeGreaterThan(0);
    expect([...top].sort((a, b) => b - a)).toEqual(top);
    expect(top.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(cents(anyo.Base));
    // The margin is the year's base less the cost of what was sold.
    if (p.Margen) expect(cents(p.Margen.Margen)).toBe(cents(anyo.Base) - cents(p.Margen.Coste));
  });

  it('each tax card is the model screen result for the quarter due next, with its deadline and state', async () => {
    expect(p.ProximoPlazo).toMatchObject({ Fecha: '2027-01-30', Periodo: '4T', Anyo: 2026 });
    const modelos = p.Impuestos.map((c: { Modelo: string }) => c.Modelo);
    expect(modelos[0]).toBe('303');
    const caja = { '303': '71', '130': '19', '111': '30', '115': '05' } as Record<string, string>;
    for (const card of p.Impuestos) {
      const m = await demo.request('GET', `/api/impuestos/modtributarios/calcular/${card.Modelo}/2026/4T`);
      expect(m.status, JSON.stringify(m.body)).toBe(200);
      expect(card, card.Modelo).toMatchObject({
        Anyo: 2026,
        Periodo: '4T',
        Fecha: '2027-01-30',
        Resultado: m.body.Casillas[caja[card.Modelo]!],
        Estado: m.body.Presentada ? 'presentada' : m.body.Registros.length ? 'borrador' : 'pendiente',
      });
    }
  });

  it('a filed return shows as filed, with its date', async () => {
    const g = await crear(demo, '/api/impuestos/modtributarios/guardar/303/2026/4T', {});
    const pr = await demo.request('POST', `/api/impuestos/modtributarios/presentar/${g}`, {
      FechaPresentacion: '2026-11-27',
      Justificante: 'CSV-PANEL',
    });
    expect(pr.status, JSON.stringify(pr.body)).toBe(200);
    const r = await demo.request('GET', `/api/informes/panel?Hoy=${HOY}`);
    const card = r.body.Impuestos.find((c: { Modelo: string }) => c.Modelo === '303');
    expect(card).toMatchObject({ Estado: 'presentada', FechaPresentacion: '2026-11-27' });
  });

  it('ageing buckets add up to the pending total and the overdue ones to the overdue total', () => {
    for (const lado of [p.Cobros, p.Pagos]) {
      expect(lado.Tramos.map((x: { Tramo: string }) => x.Tramo)).toEqual([
        'sinvencer',
        '1-30',
        '31-60',
        '61-90',
        '90+',
      ]);
      const suma = (xs: { Importe: string }[]) => xs.reduce((a, x) => a + cents(x.Importe), 0);
      expect(suma(lado.Tramos)).toBe(cents(lado.Pendiente));
      expect(suma(lado.Tramos.slice(1))).toBe(cents(lado.Vencido));
    }
    expect(cents(p.Cobros.Pendiente)).toBeGreaterThan(0);
    expect(p.Cobros.Tramos[0]).toMatchObject({ Desde: HOY, Hasta: null });
    expect(p.Cobros.Tramos[1]).toMatchObject({ Desde: '2026-10-29', Hasta: '2026-11-27' });
    expect(p.Cobros.Tramos[4]).toMatchObject({ Desde: null, Hasta: '2026-08-29' });
  });

  it("each overdue bucket is what the overdue list shows for the bucket's due dates", async () => {
    // The overdue list counts from today: the dashboard of today.
    const hoy = await demo.request('GET', '/api/informes/panel');
    expect(hoy.status, JSON.stringify(hoy.body)).toBe(200);
    for (const [lado, ruta] of [
      ['Cobros', 'ventas/fventa'],
      ['Pagos', 'compras/fcompra'],
    ] as const) {
      let vistos = 0;
      for (const tramo of hoy.body[lado].Tramos.slice(1)) {
        const filtros = {
          ...(tramo.Desde ? { VencimientoDesde: tramo.Desde } : {}),
          ...(tramo.Hasta ? { VencimientoHasta: tramo.Hasta } : {}),
        };
        let suma = 0;
        for (let pagina = 1; ; pagina++) {
          const q = `Pagina=${pagina}&TotalPagina=200&Filtros=${encodeURIComponent(JSON.stringify(filtros))}`;
          const l = await demo.request('GET', `/api/${ruta}/vencidas?${q}`);
          expect(l.status, JSON.stringify(l.body)).toBe(200);
          suma += l.body.Items.reduce((a: number, r: { ImporteVencido: string }) => a + cents(r.ImporteVencido), 0);
          vistos += l.body.Items.length;
          if (l.body.Items.length < 200) break;
        }
        expect(suma, `${lado} ${tramo.Tramo}`).toBe(cents(tramo.Importe));
      }
      if (lado === 'Cobros') expect(vistos).toBeGreaterThan(0);
    }
  });

  it('no tax cards for someone who may see sales but not the tax models', async () => {
    const creado = await crear(demo, '/api/usuarios/usuarios/save', {
      UserName: 'panelventas',
      Nombre: 'Solo ventas',
      Email: 'panelventas@demo.test',
      Roles: ['usuario'],
    });
    const permisos = Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, c === 'VentasFact' ? 1 : 0]));
    const perfil = await crear(demo, '/api/usuarios/roles/save', {
      Nombre: 'Solo ventas',
      Permisos: permisos,
    });
    const miembro = await demo.request('GET', `/api/usuarios/usuarios/edit/${creado}`);
    const upd = await demo.request('PUT', `/api/usuarios/usuarios/save/${creado}`, {
      ...miembro.body,
      IdPerfil: perfil,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const ventas = await t.as('panelventas', 'DEMO');
    const r = await ventas.request('GET', `/api/informes/panel?Hoy=${HOY}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Impuestos).toBeNull();
    expect(r.body.VentasAnyo.Base).toBe(p.VentasAnyo.Base);
  });

  it('the margin counts the cost at the time of sale: a later purchase price change does not move it', async () => {
    const producto = await crear(demo, '/api/catalogo/productos/save', {
      Descripcion: 'Lámpara de margen',
      PrecioVenta: '40.00',
      PrecioCompra: '12.50',
    });
    const cliente = await crear(demo, '/api/ventas/clientes/save', {
      Nombre: 'Cliente del margen SL',
      NIF: 'B12345674',
      CodPostal: '28001',
    });
    const f = await crear(demo, '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: '2026-10-15',
      Lineas: [{ IdProducto: producto, Descripcion: 'Lámpara', Cantidad: '3', Precio: '40', TipoIva: 'IVA21' }],
    });
    // Last month's invoice, on the dashboard of today: before and after issuing it.
    const margenDel = async () => {
      const r = await demo.request('GET', `/api/informes/panel?Hoy=${HOY}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.Margen as { Coste: string; Margen: string; Estimado: boolean };
    };
    const antes = await margenDel();
    const e = await demo.request('POST', `/api/ventas/fventa/emitir/${f}`);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const emitida = await margenDel();
    expect(cents(emitida.Coste) - cents(antes?.Coste ?? '0')).toBe(3 * 1250);
    // Today the product costs more: what was sold keeps the cost it was sold at.
    const actual = await demo.request('GET', `/api/catalogo/productos/edit/${producto}`);
    const cambio = await demo.request('PUT', `/api/catalogo/productos/save/${producto}`, {
      ...actual.body,
      PrecioCompra: '99.00',
    });
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    expect(await margenDel()).toEqual(emitida);
  });
});
