import { calcularTotales } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { escribirValores, leerValores } from '../../ui/list/usePagedList.ts';
import {
  campoDe,
  cuerpoGuardar,
  type DocValues,
  FILTROS_LISTA,
  filtrosLista,
  type LineaForm,
  lineaVacia,
  motivoSoloLectura,
  numeroEditable,
  totalesVivos,
  validarDocumento,
  valoresIniciales,
} from '../documentos/documentosModel.ts';
import { documento, TIPOS } from './ventasTestData.ts';

const tipos = TIPOS.map((t) => ({ ...t, Impuesto: 'IVA' as const }));
const linea = (over: Partial<LineaForm> = {}): LineaForm => ({ ...lineaVacia('IVA21'), ...over });
const valores = (lineas: LineaForm[], over: Partial<DocValues> = {}): DocValues => ({
  ...valoresIniciales(undefined, { fecha: '2026-03-02', tipoIva: 'IVA21' }),
  Cliente: 7,
  Lineas: lineas,
  ...over,
});

describe('sales document model', () => {
  it('shows stored numbers as the user types them', () => {
    expect(numeroEditable('10.500000', 2)).toBe('10,50');
    expect(numeroEditable('2.000')).toBe('2');
    expect(numeroEditable('1.250')).toBe('1,25');
    expect(numeroEditable(null)).toBe('');
  });

  it('live totals are calcularTotales over the complete lines; blank and half-typed lines are left out', () => {
    const v = valores(
      [
        linea({ Descripcion: 'A', Cantidad: '2', Precio: '10,50', Descuento: '10' }),
        linea({ Descripcion: 'B', Cantidad: '100', Precio: '0,05', TipoIva: 'IVA10' }),
        linea({ Descripcion: 'C', Cantidad: 'dos', Precio: '3' }),
        linea(),
      ],
      { PorcRetencion: '15' },
    );
    const { totales, importes } = totalesVivos(v, tipos, true);
    const esperado = calcularTotales(
      {
        Lineas: [
          { Cantidad: '2', Precio: '10.50', Descuento: '10', TipoIva: 'IVA21' },
          { Cantidad: '100', Precio: '0.05', Descuento: null, TipoIva: 'IVA10' },
        ],
        RecargoEquivalencia: true,
        PorcRetencion: '15',
      },
      tipos,
    );
    expect(totales).toEqual(esperado);
    expect(importes).toEqual(['18.90', '5.00', null, null]);
    expect(totales.TotalRecargo).not.toBe('0.00');
  });

  it('validates like the server, keyed by the same field names, ignoring the blank last line', () => {
    expect(validarDocumento(valores([linea()]))).toEqual({ Lineas: ['El documento debe tener al menos una línea'] });
    const e = validarDocumento(
      valores([linea({ Descripcion: '', Precio: '5' }), linea({ Descripcion: 'x', Precio: 'a', Descuento: '120' })], {
        Cliente: null,
      }),
    );
    expect(Object.keys(e).sort()).toEqual(['Cliente', 'Lineas.0.Descripcion', 'Lineas.1.Descuento', 'Lineas.1.Precio']);
    expect(campoDe('Lineas[3].TipoIva')).toBe('Lineas.3.TipoIva');
  });

  it('builds the save body: numbers with a dot, blank lines out, kind-specific fields', () => {
    const v = valores([linea({ Descripcion: ' Montaje ', Cantidad: '1,5', Precio: '40' }), linea()], {
      PorcRetencion: '7',
      Estado: 'Activo',
      IdAlmacen: 3,
    });
    const quote = cuerpoGuardar(v, false);
    expect(quote.Lineas).toEqual([
      { IdProducto: null, Descripcion: 'Montaje', Cantidad: '1.5', Precio: '40', Descuento: null, TipoIva: 'IVA21' },
    ]);
    expect(quote).toMatchObject({ Estado: 'Activo', PorcRetencion: '7', Observaciones: null });
    expect(quote).not.toHaveProperty('IdAlmacen');
    const invoice = cuerpoGuardar(v, true, true);
    expect(invoice).not.toHaveProperty('Estado');
    expect(invoice).toMatchObject({ Simplificada: false, IdAlmacen: 3 });
  });

  it('list state round-trips through the URL and becomes the server filters', () => {
    const claves = [...FILTROS_LISTA, 'asc'];
    const leerLista = (p: URLSearchParams) => leerValores(p, claves);
    const p = new URLSearchParams('pagina=3&estado=Emitida&cobro=Pendiente&cliente=7&desde=2026-01-01&borrador=1');
    const s = leerLista(p);
    const vuelta = escribirValores(new URLSearchParams(), s, 3);
    expect([...vuelta].sort()).toEqual([...p].sort());
    expect(filtrosLista(s)).toEqual({
      Estado: 'Emitida',
      EstadoCobro: 'Pendiente',
      Cliente: 7,
      FechaDesde: '2026-01-01',
      Borrador: true,
    });
    expect(filtrosLista(leerLista(new URLSearchParams('facturado=no')))).toEqual({ Facturado: false });
    // The search box is sent trimmed as Buscar (the server searches number, customer name and NIF).
    expect(filtrosLista(leerLista(new URLSearchParams('buscar=%20f2026%20&estado=Emitida')))).toEqual({
      Buscar: 'f2026',
      Estado: 'Emitida',
    });
    expect(filtrosLista(leerLista(new URLSearchParams('buscar=%20%20')))).toEqual({});
  });

  it('says why a document is read-only', () => {
    expect(motivoSoloLectura(documento())).toBeNull();
    expect(motivoSoloLectura(documento({ Numero: 1 }))).toContain('rectificativa');
    expect(motivoSoloLectura(documento({ Tipo: 'albaran', Estado: 'Pendiente', Facturado: true }))).toContain(
      'facturado',
    );
  });
});
