import { MSG_LIBRO, PERMISSION_CODE_LIST, type PermissionCode, type PermissionLevel } from '@faro/domain';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { CierreEjercicio, type RevisionCierre } from './CierreEjercicio.tsx';

const Y = new Date().getFullYear() - 1;
const R = 'impuestos/contabilidad/libro';

const revision = (o: Partial<RevisionCierre>): RevisionCierre => ({
  Ejercicio: Y,
  Cerrado: false,
  CerradoEn: null,
  SiguienteCerrado: false,
  Cuadra: true,
  Debe: '1500.00',
  Haber: '1500.00',
  DocumentosSinAsiento: 0,
  MasDocumentosSinAsiento: false,
  Modelos303: ['1T', '2T', '3T', '4T'].map((Periodo) => ({ Periodo, Presentado: Periodo !== '3T' })),
  Asientos: [],
  ...o,
});
const ejercicios = { Items: [{ Ejercicio: Y, Cerrado: false, CerradoEn: null, Asientos: 40 }] };

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

/** The reason a protected button is disabled with (its `aria-describedby` text). */
const motivo = (boton: HTMLElement) =>
  (boton.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('year close screen', () => {
  it('documents without entry block the close with the reason; «Generar asientos» posts the whole year by batches, with its progress', async () => {
    let sinAsiento = 3;
    // The server's steps: two batches of documents (one refused: its year is closed elsewhere), then the orphans.
    const lotes = [
      { Total: 3, Documentos: 2, Asientos: 2, Errores: [], Siguiente: `${Y}-06-01.1.7` },
      {
        Documentos: 1,
        Asientos: 0,
        Errores: [{ Documento: 'Factura emitida F-9', Fecha: `${Y}-07-02`, Mensaje: MSG_LIBRO.ejercicioCerrado(Y) }],
        Siguiente: 'huerfanos',
      },
      { Documentos: 0, Asientos: 0, Errores: [], Siguiente: null },
    ];
    const net = mockFetch({
      [`GET ${R}/ejercicios`]: () => json(200, ejercicios),
      [`GET ${R}/cierre/${Y}`]: () => json(200, revision({ DocumentosSinAsiento: sinAsiento })),
      [`POST ${R}/generar/lote`]: () => {
        const lote = lotes.shift()!;
        if (!lote.Siguiente) sinAsiento = 1;
        return json(200, lote);
      },
    });
    renderUi(<CierreEjercicio />, { session: fakeSession(), path: '/contabilidad/cierre' });
    expect(await screen.findByText('3 documentos del ejercicio no tienen asiento.')).toBeTruthy();
    expect(screen.getByText(`Sin presentar: 3T. Puedes cerrar igualmente; revísalos antes.`)).toBeTruthy();
    const cerrar = screen.getByRole('button', { name: 'Cerrar ejercicio' });
    expect(cerrar.getAttribute('aria-disabled')).toBe('true');
    expect(motivo(cerrar)).toContain(`Hay documentos del ejercicio ${Y} sin asiento`);
    await userEvent.click(screen.getByRole('button', { name: 'Generar asientos' }));
    expect(await screen.findByText('1 documentos del ejercicio no tienen asiento.')).toBeTruthy();
    const barra = screen.getByRole('progressbar', { name: 'Progreso de la generación de asientos' });
    expect(barra.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('3 de 3 documentos · 2 asientos · 100 %')).toBeTruthy();
    expect(
      screen.getByText(`Factura emitida F-9 (02/07/${Y}): ${MSG_LIBRO.ejercicioCerrado(Y)}`, { exact: false }),
    ).toBeTruthy();
    const posts = net.calls.filter((c) => c.method === 'POST').map((c) => [c.path, JSON.parse(String(c.init.body))]);
    const anyo = { FechaDesde: `${Y}-01-01`, FechaHasta: `${Y}-12-31` };
    expect(posts).toEqual([
      [`${R}/generar/lote`, anyo],
      [`${R}/generar/lote`, { ...anyo, Paso: `${Y}-06-01.1.7` }],
      [`${R}/generar/lote`, { ...anyo, Paso: 'huerfanos' }],
    ]);
  }, 60_000);

  it('closing asks first, saying which entries it writes, then shows them linked to the ledger', async () => {
    let cerrado = false;
    const asientos = [
      { Id: 91, Ejercicio: Y, Numero: 41, Fecha: `${Y}-12-31`, Origen: 'regularizacion', Concepto: 'Regularización' },
      { Id: 92, Ejercicio: Y, Numero: 42, Fecha: `${Y}-12-31`, Origen: 'cierre', Concepto: 'Cierre del ejercicio' },
      { Id: 93, Ejercicio: Y + 1, Numero: 1, Fecha: `${Y + 1}-01-01`, Origen: 'apertura', Concepto: 'Apertura' },
    ];
    const net = mockFetch({
      [`GET ${R}/ejercicios`]: () => json(200, ejercicios),
      [`GET ${R}/cierre/${Y}`]: () => json(200, revision(cerrado ? { Cerrado: true, Asientos: asientos } : {})),
      [`POST ${R}/cerrar`]: () => {
        cerrado = true;
        return json(200, { Ejercicio: Y, Resultado: '1000.00', Asientos: 3 });
      },
    });
    renderUi(<CierreEjercicio />, { session: fakeSession(), path: '/contabilidad/cierre' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar ejercicio' }));
    const dialogo = await screen.findByRole('dialog', { name: `Cerrar el ejercicio ${Y}` });
    expect(within(dialogo).getByText(/Regularización a 31\/12/).textContent).toContain('cuenta 129');
    expect(within(dialogo).getByText(/Apertura a 01\/01/).textContent).toContain(`ejercicio ${Y + 1}`);
    expect(net.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialogo).getByRole('button', { name: `Cerrar el ejercicio ${Y}` }));
    const tabla = await screen.findByRole('table', { name: 'Asientos del cierre' });
    const apertura = within(tabla).getByRole('link', { name: `Asiento 1 (${Y + 1})` });
    expect(apertura.getAttribute('href')).toBe(`/contabilidad/libro?asiento=93&anyo=${Y + 1}`);
    expect(within(tabla).getAllByRole('row')).toHaveLength(4);
    const post = net.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ Ejercicio: Y });
    expect(screen.getByRole('button', { name: 'Reabrir ejercicio' })).toBeTruthy();
  }, 60_000);

  it('reopening is refused with its reason while the next year is closed', async () => {
    mockFetch({
      [`GET ${R}/ejercicios`]: () => json(200, ejercicios),
      [`GET ${R}/cierre/${Y}`]: () => json(200, revision({ Cerrado: true, SiguienteCerrado: true })),
    });
    renderUi(<CierreEjercicio />, { session: fakeSession(), path: '/contabilidad/cierre' });
    const reabrir = await screen.findByRole('button', { name: 'Reabrir ejercicio' });
    expect(reabrir.getAttribute('aria-disabled')).toBe('true');
    expect(motivo(reabrir)).toContain(MSG_LIBRO.reabrirPosterior(Y));
  }, 60_000);

  it('below ImptoEmit 3 the close stays disabled with the level’s reason', async () => {
    const Permisos = Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, c === 'ImptoEmit' ? 2 : 3])) as Record<
      PermissionCode,
      PermissionLevel
    >;
    mockFetch({
      [`GET ${R}/ejercicios`]: () => json(200, ejercicios),
      [`GET ${R}/cierre/${Y}`]: () => json(200, revision({})),
    });
    renderUi(<CierreEjercicio />, { session: fakeSession({ Permisos }), path: '/contabilidad/cierre' });
    const cerrar = await screen.findByRole('button', { name: 'Cerrar ejercicio' });
    expect(cerrar.getAttribute('aria-disabled')).toBe('true');
    expect(motivo(cerrar)).not.toBe('');
    await userEvent.click(cerrar);
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 60_000);
});
