import { type Ajustes, type Periodo, periodoTributario, type ResultadoModelo, TRIMESTRES } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarBaseDePruebas } from '../../../../test/testApp.ts';
import { companyScope, type Scope } from '../../../platform/tenancy/scope.ts';
import { lineasEmitidas, lineasRecibidas } from './libros.ts';
import { con390 } from './resumenesAnuales.ts';
import { calcular303PorFilas, con303 } from './servicio.ts';

/**
 * 303 and 390 read the books grouped in SQL (libros.ts): the boxes must be those of the row-by-row reading to the
 * cent. Property: over books generated at random (seeded; every field the classifier reads: rates known and unknown,
 * IGIC, exemptions, recargo, corrective and negative rows, intra-EU goods and services, reverse charge, imports,
 * investment goods, non-deductible parts, withholdings, supplier dates in other months, 347's thresholds), each
 * quarter's 303 (pro-rata 100 and 80) and the year's 390 grouped equal the row path box by box; the DEMO's own
 * books too.
 */
const base = usarBaseDePruebas();
let s: Scope;
const ANYO = 2031;

/** mulberry32: the same books on every run. */
function azar(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function generarLibros(empresaId: number, n: number) {
  const db = base();
  const r = azar(20310101);
  const de = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const dia = () => {
    const mes = 1 + Math.floor(r() * 12);
    return `${ANYO}-${String(mes).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  };
  const importe = () => (Math.round(r() * 300000) / 100) * (r() < 0.08 ? -1 : 1);
  const nifs = ['B00000001', 'b00000002 ', 'B00000003', 'ESB00000004', 'DE123456789', '', null];
  const [cli] = await db.query<{ id: number }>('select id from clientes where empresa_id = $1 limit 1', [empresaId]);
  const [prov] = await db.query<{ id: number }>('select id from proveedores where empresa_id = $1 limit 1', [
    empresaId,
  ]);
  const desglose = (recibida: boolean) =>
    Array.from({ length: 1 + Math.floor(r() * 2) }, () => {
      const b = importe();
      const pct = de(['21', '21', '10', '4', '0', '5', '7.5', '3', '2']);
      const rec = recibida ? '0' : de(['0', '0', '0', '5.2', '1.4', '0.5', '0.9']);
      return {
        Impuesto: r() < 0.05 ? 'IGIC' : de(['IVA', 'IVA', null]),
        PorcentajeIva: pct,
        Base: b.toFixed(2),
        Cuota: ((b * Number(pct)) / 100).toFixed(2),
        PorcentajeRecargo: rec,
        CuotaRecargo: ((b * Number(rec)) / 100).toFixed(2),
        Exencion: recibida ? null : de([null, null, null, 'E5', 'E2', 'E1', '']),
      };
    });
  const emitidas = Array.from({ length: n }, (_, i) => ({
    tipo: r() < 0.1 ? 'rectificativa' : de(['factura', 'simplificada']),
    fecha: dia(),
    numero: i + 1,
    nif: de(nifs),
    retencion: r() < 0.1 ? (r() * 100).toFixed(2) : '0',
    desglose: desglose(false),
  }));
  await db.query(
    `insert into documentos_venta (empresa_id, tipo, fecha, anyo, numero, num_serie, estado, id_cliente,
       cliente_nombre, cliente_nif, cliente_pais, total_retencion, desglose)
     select $1, x.tipo, x.fecha::date, ${ANYO}, x.numero, 'G' || x.numero, 'Emitida', $2, 'Cliente ' || coalesce(x.nif, ''),
       x.nif, 'ES', x.retencion::numeric, x.desglose
     from json_to_recordset($3::json) as x(tipo text, fecha text, numero int, nif text, retencion text, desglose jsonb)`,
    [empresaId, cli!.id, JSON.stringify(emitidas)],
  );
  const recibidas = Array.from({ length: n }, (_, i) => {
    const fecha = dia();
    return {
      tipo: de(['factura', 'gasto']),
      fecha,
      fecha_tercero: r() < 0.15 ? dia() : r() < 0.5 ? fecha : null,
      numero: i + 1,
      nif: de(nifs),
      retencion: r() < 0.1 ? (r() * 100).toFixed(2) : '0',
      rectificativa: r() < 0.08 ? 'R1' : null,
      operacion: de(['interior', 'interior', 'intracomunitaria', 'inversion', 'importacion']),
      no_deducible: de(['0', '0', '0', '50']),
      autoliquidacion: de([null, '21', '10']),
      categoria: de([null, '2130', '600', '629']),
      clave: de([null, '111', '115']),
      desglose: desglose(true),
    };
  });
  await db.query(
    `with d as (
       insert into documentos_compra (empresa_id, tipo, fecha, anyo, numero, num_serie, estado, id_proveedor,
         proveedor_nombre, proveedor_nif, proveedor_pais, fecha_tercero, total_retencion, tipo_rectificativa, desglose)
       select $1, x.tipo, x.fecha::date, ${ANYO}, null, 'R' || x.numero, 'Borrador', $2,
         'Proveedor ' || coalesce(x.nif, ''), x.nif, 'ES', x.fecha_tercero::date, x.retencion::numeric, x.rectificativa,
         x.desglose
       from json_to_recordset($3::json) as x(tipo text, fecha text, fecha_tercero text, numero int, nif text,
         retencion text, rectificativa text, desglose jsonb)
       returning id, num_serie)
     insert into datos_compra (empresa_id, id_documento, operacion, porc_no_deducible, porc_autoliquidacion, categoria,
       clave_retencion)
     select $1, d.id, x.operacion, x.no_deducible::numeric, x.autoliquidacion::numeric, x.categoria, x.clave
     from d join json_to_recordset($3::json) as x(numero int, operacion text, no_deducible text, autoliquidacion text,
       categoria text, clave text) on 'R' || x.numero = d.num_serie`,
    [empresaId, prov!.id, JSON.stringify(recibidas)],
  );
  // Registered last: a registered invoice's purchase data cannot be written any more (0024_compras_inmutables).
  await db.query(
    `update documentos_compra set numero = substr(num_serie, 2)::int, estado = 'Registrada'
     where empresa_id = $1 and anyo = ${ANYO} and numero is null`,
    [empresaId],
  );
}

/** What must be equal: every box, the kind of result, page 04's flags and the warnings on received invoices. */
function igual(agrupado: ResultadoModelo, filas: ResultadoModelo) {
  expect(agrupado.Casillas).toEqual(filas.Casillas);
  expect(agrupado.TipoDeclaracion).toEqual(filas.TipoDeclaracion);
  expect(agrupado.Anual).toEqual(filas.Anual);
  const fuera = (r: ResultadoModelo) =>
    r.Avisos.filter((a) => a.Codigo === 'fuera-periodo')
      .map((a) => a.Mensaje)
      .sort();
  expect(fuera(agrupado)).toEqual(fuera(filas));
  // Every box's trace adds up to the box (the groups' amounts), as the rows' does.
  for (const [k, lineas] of Object.entries(filas.Traza)) {
    const suma = (xs: { Importe: string }[] = []) => xs.reduce((t, x) => t + Math.round(Number(x.Importe) * 100), 0);
    expect(suma(agrupado.Traza[k]), `traza ${k}`).toBe(suma(lineas));
  }
}

describe('303 and 390 grouped in SQL equal the row-by-row reading', () => {
  let empresaId = 0;
  beforeAll(async () => {
    const [e] = await base().query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
    empresaId = Number(e!.id);
    s = companyScope(base().db, { empresaId, personaId: null, userName: 'prueba' });
    await generarLibros(empresaId, 400);
  }, 120_000);

  it('generated books: every quarter of 303 at pro-rata 100 and 80, box by box', async () => {
    const filas = await lineasRecibidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`);
    // The generated books hold what the property is about.
    expect(filas.length).toBeGreaterThan(400);
    expect(new Set(filas.map((l) => l.Operacion)).size).toBe(4);
    for (const q of TRIMESTRES)
      for (const Prorrata of [100, 80]) {
        const p = periodoTributario('303', ANYO, q) as Periodo;
        const a: Ajustes = { Prorrata, PendienteCompensar: '125.00', Casillas: { '77': '10.00' } };
        const agrupado = await con303(s, p, a).calcular();
        const porFilas = await calcular303PorFilas(s, p, a);
        igual(agrupado, porFilas);
        expect(Object.values(agrupado.Casillas).some((v) => Number(v) !== 0)).toBe(true);
      }
  }, 120_000);

  it('generated books: the 390 of the year (a quarter at pro-rata 80 too)', async () => {
    for (const prorrata1T of [100, 80]) {
      const c = await con390(s, ANYO, async (p) => (p.codigo === '1T' ? { Prorrata: prorrata1T } : {}));
      const agrupado = await c.calcular();
      const libros = {
        emitidas: await lineasEmitidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`),
        recibidas: await lineasRecibidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`),
      };
      igual(agrupado, c.deFilas(libros, libros));
      expect(Number(agrupado.Casillas['33'])).not.toBe(0);
    }
  }, 120_000);

  it("the DEMO's own books: the 303 of each quarter of 2025 and its 390", async () => {
    for (const q of TRIMESTRES) {
      const p = periodoTributario('303', 2025, q) as Periodo;
      igual(await con303(s, p, {}).calcular(), await calcular303PorFilas(s, p, {}));
    }
    const c = await con390(s, 2025, async () => ({}));
    const libros = {
      emitidas: await lineasEmitidas(s, '2025-01-01', '2025-12-31'),
      recibidas: await lineasRecibidas(s, '2025-01-01', '2025-12-31'),
    };
    igual(await c.calcular(), c.deFilas(libros, libros));
  }, 120_000);
});
