import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cents,
  EXCLUSIONES_347,
  eur,
  type LineaEmitida,
  type LineaRecibida,
  modelo347,
  modelo349,
  seleccion347,
  UMBRAL_347,
} from './modelos.ts';
import { type Periodo, periodoTributario } from './periodos.ts';

/**
 * 347 and 349 against the books they read: over generated books (every kind of issued and received invoice, ids
 * colliding between the two books), each third party's annual amount is its invoices' book total — base + VAT +
 * recargo — minus the operations 347 legally leaves out, computed here from each invoice's kind, not from the
 * model's own selection.
 */
const A347 = periodoTributario('347', 2026, '0A') as Periodo;
const T1 = periodoTributario('349', 2026, '1T') as Periodo;

const EMITIDAS = [
  'ordinaria',
  'rectificativa',
  'simplificada',
  'ticket',
  'caja',
  'exenta',
  'exportacion',
  'ue',
  'irpf',
];
const RECIBIDAS = ['interior', 'rectificativa', 'inversion', 'ue', 'importacion', 'irpf', 'alquiler', 'exenta'];
type Kind = { libro: 'emitidas' | 'recibidas'; tipo: string };
/**
 * Which invoices 347 must leave out, by kind (the legal exclusions, EXCLUSIONES_347): withheld rents only on the
 * payer's side (received); a professional's issued invoice with IRPF is declared with its customer.
 */
const excluida = ({ libro, tipo }: Kind): boolean =>
  ['exportacion', 'ue', 'importacion'].includes(tipo) ||
  (libro === 'recibidas' && ['irpf', 'alquiler'].includes(tipo)) ||
  (libro === 'emitidas' && tipo === 'ticket');

const CLIENTES = ['B10000001', 'B10000002', 'A20000003', 'FR12345678901'];
const PROVEEDORES = ['B30000004', 'B10000001', 'DE123456789', '00000023T'];
const TIPOS = [
  ['21.00', '5.20'],
  ['10.00', '1.40'],
  ['4.00', '0.50'],
  ['0.00', '0'],
] as const;

const fila = fc.record({
  tipo: fc.constantFrom(...TIPOS),
  base: fc.integer({ min: 1, max: 400_000 }),
  recargo: fc.boolean(),
});
const factura = (tipos: readonly string[], terceros: readonly string[]) =>
  fc.record({
    Id: fc.integer({ min: 1, max: 24 }),
    tipo: fc.constantFrom(...tipos),
    nif: fc.constantFrom(...terceros),
    mes: fc.integer({ min: 1, max: 12 }),
    filas: fc.array(fila, { minLength: 1, maxLength: 3 }),
  });
type Factura = {
  Id: number;
  tipo: string;
  nif: string;
  mes: number;
  filas: { tipo: (typeof TIPOS)[number]; base: number; recargo: boolean }[];
};
const libro = (tipos: readonly string[], terceros: readonly string[]) =>
  fc.uniqueArray(factura(tipos, terceros), { selector: (x) => x.Id, maxLength: 14 });

/** Intra-EU invoices are with an operator of another EU country (its NIF-IVA). */
const nifDe = (f: Factura, libro: Kind['libro']) =>
  f.tipo !== 'ue' ? f.nif : libro === 'emitidas' ? 'FR12345678901' : 'DE123456789';
const fecha = (mes: number) => `2026-${String(mes).padStart(2, '0')}-15`;
/** The rows of an invoice: one per rate; a corrective one negative; the withholding on the first row only. */
function filasDe(f: Factura, conRecargo: boolean) {
  const signo = f.tipo === 'rectificativa' ? -1 : 1;
  return f.filas.map((x, i) => {
    const base = signo * x.base;
    const pct = Number(x.tipo[0]);
    const cuota = ['exenta', 'exportacion', 'ue', 'inversion', 'importacion'].includes(f.tipo)
      ? 0
      : Math.round((base * pct) / 100);
    const recargo = conRecargo && x.recargo && cuota ? Math.round((base * Number(x.tipo[1])) / 100) : 0;
    // At least a cent: a base of a few cents would round its 15 % to nothing, an invoice without withholding.
    const retencion = ['irpf', 'alquiler'].includes(f.tipo) && i === 0 ? Math.max(1, Math.round(base * 0.15)) : 0;
    return { base, cuota, recargo, retencion, pct: x.tipo[0], pctRecargo: recargo ? x.tipo[1] : '0' };
  });
}
const emitida = (f: Factura): LineaEmitida[] =>
  filasDe(f, true).map((x) => ({
    Id: f.Id,
    Fecha: fecha(f.mes),
    NumSerie: `F${f.Id}`,
    Tercero: f.nif,
    NIF: f.tipo === 'ticket' ? null : nifDe(f, 'emitidas'),
    Pais: f.tipo === 'ue' ? 'FR' : 'ES',
    CodPostal: '28001',
    Rectificativa: f.tipo === 'rectificativa',
    FechaRectificada: f.tipo === 'rectificativa' ? fecha(f.mes) : null,
    Impuesto: 'IVA',
    PorcentajeIva: x.pct,
    Base: eur(x.base),
    Cuota: eur(x.cuota),
    PorcentajeRecargo: x.pctRecargo,
    CuotaRecargo: eur(x.recargo),
    Exencion: { exenta: 'E1', exportacion: 'E2', ue: 'E5' }[f.tipo] ?? null,
    Retencion: eur(x.retencion),
  }));
const recibida = (f: Factura): LineaRecibida[] =>
  filasDe(f, false).map((x) => ({
    Id: f.Id,
    Fecha: fecha(f.mes),
    FechaFactura: fecha(f.mes),
    NumSerie: `FC${f.Id}`,
    Tercero: f.nif,
    NIF: nifDe(f, 'recibidas'),
    Pais: f.tipo === 'ue' ? 'DE' : 'ES',
    CodPostal: '08001',
    Rectificativa: f.tipo === 'rectificativa',
    FechaRectificada: f.tipo === 'rectificativa' ? fecha(f.mes) : null,
    Operacion: { ue: 'intracomunitaria', inversion: 'inversion', importacion: 'importacion' }[f.tipo] ?? 'interior',
    Impuesto: 'IVA',
    PorcentajeIva: x.pct,
    Base: eur(x.base),
    Cuota: eur(x.cuota),
    CuotaDeducible: eur(x.cuota),
    CuotaAutoliquidada: eur(f.tipo === 'inversion' ? Math.round((x.base * Number(x.pct)) / 100) : 0),
    CuotaRecargo: '0.00',
    Retencion: eur(x.retencion),
    ClaveRetencion: f.tipo === 'alquiler' ? '115' : f.tipo === 'irpf' ? '111' : null,
  }));

/** The book's amount per third party and key, without the excluded invoices, from the generator's own kinds. */
function esperado347(emitidas: Factura[], recibidas: Factura[]) {
  const tot = new Map<string, number>();
  const sumar = (f: Factura, libro: Kind['libro'], clave: string) => {
    if (excluida({ libro, tipo: f.tipo })) return;
    const k = `${f.nif}|${clave}`;
    for (const x of filasDe(f, libro === 'emitidas')) tot.set(k, (tot.get(k) ?? 0) + x.base + x.cuota + x.recargo);
  };
  for (const f of emitidas) sumar(f, 'emitidas', 'B');
  for (const f of recibidas) sumar(f, 'recibidas', 'A');
  return [...tot]
    .filter(([, v]) => Math.abs(v) > UMBRAL_347)
    .map(([k, v]) => `${k}|${eur(v)}`)
    .sort();
}

describe('347 and 349 over generated books', () => {
  it('347: every third party is declared for its book total minus the legal exclusions, per book', () => {
    fc.assert(
      fc.property(libro(EMITIDAS, CLIENTES), libro(RECIBIDAS, PROVEEDORES), (fe, fr) => {
        const emitidas = fe.flatMap(emitida);
        const recibidas = fr.flatMap(recibida);
        const m = modelo347(A347, emitidas, recibidas);
        const declarados = (m.Declarados ?? []).map((d) => `${d.NIF}|${d.Clave}|${d.Importe}`).sort();
        expect(declarados).toEqual(esperado347(fe, fr));
        for (const d of m.Declarados ?? [])
          expect(eur((d.Trimestres ?? []).reduce((s, q) => s + cents(q), 0))).toBe(d.Importe);
        const total = (m.Declarados ?? []).reduce((s, d) => s + cents(d.Importe), 0);
        expect(m.Casillas['02']).toBe(eur(total));
        // Every row is either declared or excluded for a named reason.
        const sel = seleccion347(emitidas, recibidas);
        expect(sel).toHaveLength(emitidas.length + recibidas.length);
        for (const { excluida: motivo } of sel) if (motivo) expect(EXCLUSIONES_347[motivo]).toBeTruthy();
      }),
      { numRuns: 300 },
    );
  });

  it("349: each operator's base is its intra-EU rows' in the book, and those rows are exactly 347's '349' exclusions", () => {
    fc.assert(
      fc.property(libro(EMITIDAS, CLIENTES), libro(RECIBIDAS, PROVEEDORES), (fe, fr) => {
        const enT1 = (f: Factura) => f.mes <= 3;
        const emitidas = fe.filter(enT1).flatMap(emitida);
        const recibidas = fr.filter(enT1).flatMap(recibida);
        const esperado = new Map<string, number>();
        for (const [fs, clave, lado] of [
          [fe, 'E', 'emitidas'],
          [fr, 'A', 'recibidas'],
        ] as const)
          for (const f of fs.filter((x) => enT1(x) && x.tipo === 'ue')) {
            const k = `${nifDe(f, lado)}|${clave}`;
            for (const x of filasDe(f, lado === 'emitidas')) esperado.set(k, (esperado.get(k) ?? 0) + x.base);
          }
        const m = modelo349(T1, emitidas, recibidas);
        expect((m.Declarados ?? []).map((d) => `${d.NIF}|${d.Clave}|${d.Importe}`).sort()).toEqual(
          [...esperado].map(([k, v]) => `${k}|${eur(v)}`).sort(),
        );
        const ue = seleccion347(emitidas, recibidas).filter((x) => x.excluida === '349');
        expect(ue.length).toBe(
          emitidas.filter((l) => l.Exencion === 'E5').length +
            recibidas.filter((l) => l.Operacion === 'intracomunitaria').length,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('an issued invoice sharing its id with a received invoice with IRPF is declared; an issued one with IRPF too', () => {
    const fe: Factura[] = [
      {
        Id: 17,
        tipo: 'ordinaria',
        nif: 'B10000001',
        mes: 3,
        filas: [{ tipo: TIPOS[0], base: 400_000, recargo: false }],
      },
      { Id: 43, tipo: 'irpf', nif: 'B10000002', mes: 5, filas: [{ tipo: TIPOS[0], base: 500_000, recargo: false }] },
    ];
    const fr: Factura[] = [
      { Id: 17, tipo: 'irpf', nif: '00000023T', mes: 4, filas: [{ tipo: TIPOS[0], base: 300_000, recargo: false }] },
      {
        Id: 43,
        tipo: 'interior',
        nif: 'B30000004',
        mes: 6,
        filas: [{ tipo: TIPOS[1], base: 350_000, recargo: false }],
      },
    ];
    const m = modelo347(A347, fe.flatMap(emitida), fr.flatMap(recibida));
    expect((m.Declarados ?? []).map((d) => [d.NIF, d.Clave, d.Importe])).toEqual([
      ['B10000001', 'B', '4840.00'],
      // The professional's own invoice with IRPF: declared with its customer (the exclusion is the payer's).
      ['B10000002', 'B', '6050.00'],
      ['B30000004', 'A', '3850.00'],
    ]);
  });
});
