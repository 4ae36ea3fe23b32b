import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie, testContext } from '../../test/render.tsx';
import { Inmovilizado } from './Inmovilizado.tsx';
import { type Elemento, InmovilizadoForm } from './InmovilizadoForm.tsx';

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

const R = 'impuestos/contabilidad/inmovilizado';
const PC: Elemento = {
  Id: 4,
  Codigo: 'PC1',
  Descripcion: 'Ordenador',
  Grupo: 'equipos-informaticos',
  GrupoTexto: 'Equipos para procesos de información',
  FechaCompra: null,
  FechaInicio: '2026-01-15',
  Coste: '1200.00',
  ValorResidual: '0.00',
  Coeficiente: 25,
  VidaUtil: null,
  AmortizadoHasta: null,
  IdFacturaCompra: null,
  Notas: '',
  FechaBaja: null,
  CoeficienteAnual: 25,
  AmortizacionAcumulada: '150.00',
  ValorNetoContable: '1050.00',
  Asientos: 6,
  Estado: 'activo',
  Avisos: [],
};
const poner = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('fixed-asset form', () => {
  it('refuses an empty asset in Spanish on each field and sends nothing', async () => {
    const net = mockFetch({ [`POST ${R}`]: () => json(201, PC) });
    renderUi(<InmovilizadoForm elemento={null} onClose={() => {}} onGuardado={() => {}} />, {
      session: fakeSession(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Código es obligatorio')).toBeTruthy();
    expect(screen.getByText('Descripción es obligatorio')).toBeTruthy();
    expect(screen.getByText('Grupo es obligatorio')).toBeTruthy();
    expect(net.calls.some((c) => c.method === 'POST')).toBe(false);
  }, 60_000);

  it('warns above the official maximum and sends Spanish figures in the server format', async () => {
    const guardado = vi.fn();
    const net = mockFetch({ [`PUT ${R}/4`]: () => json(200, PC) });
    renderUi(<InmovilizadoForm elemento={{ ...PC, Asientos: 0 }} onClose={() => {}} onGuardado={guardado} />, {
      session: fakeSession(),
    });
    poner('Coeficiente anual (%)', '30');
    expect(await screen.findByText(/supera el máximo oficial del 25 %/)).toBeTruthy();
    poner('Coste', '1.250,50');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(guardado).toHaveBeenCalled());
    const put = net.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toMatchObject({ Coste: '1250.50', Coeficiente: '30', VidaUtil: null });
  }, 60_000);
});

describe('fixed-asset register', () => {
  it('lists the net book value and says how many entries «Amortizar» posted', async () => {
    const net = mockFetch({
      [`GET ${R}`]: () => json(200, { Items: [PC] }),
      [`POST ${R}/amortizar`]: () => json(200, { Asientos: 6 }),
    });
    renderUi(<Inmovilizado />, { session: fakeSession() });
    expect(await screen.findByText('1.050,00 €')).toBeTruthy();
    poner('Amortizar hasta', '2026-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'Amortizar' }));
    expect(await screen.findByText(/Se han asentado 6 asientos/)).toBeTruthy();
    const post = net.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ Hasta: '2026-06-30' });
    // An asset with entries is no longer edited; it can still be given baja.
    expect(screen.queryByRole('button', { name: 'Editar PC1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dar de baja PC1' })).toBeTruthy();
  }, 60_000);

  it('a user who may only read sees the actions disabled or hidden', async () => {
    mockFetch({ [`GET ${R}`]: () => json(200, { Items: [{ ...PC, Asientos: 0 }] }) });
    const soloLectura = fakeSession({ Permisos: { ...testContext().Permisos, ImptoEmit: 1 } });
    renderUi(<Inmovilizado />, { session: soloLectura });
    expect(await screen.findByText('1.050,00 €')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nuevo elemento/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Editar PC1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dar de baja PC1' })).toBeNull();
  }, 60_000);
});
