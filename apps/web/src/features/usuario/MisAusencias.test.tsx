import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { MisAusencias } from './MisAusencias.tsx';

function setup(vinculado = true) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const items = [
    { Id: 1, Situacion: 'Vacaciones', Desde: '2026-08-01', Hasta: '2026-08-15', Estado: 'aprobada', Motivo: null },
    { Id: 2, Situacion: 'Vacaciones', Desde: '2026-12-22', Hasta: '2026-12-24', Estado: 'solicitada', Motivo: null },
  ];
  const net = mockFetch({
    'GET rrhh/fichajesusu/ausencias': () =>
      json(200, { Items: items, Situaciones: [{ Id: 5, Descripcion: 'Vacaciones' }], Vinculado: vinculado }),
    'POST rrhh/fichajesusu/ausencias': () =>
      json(400, {
        Mensaje: 'Revisa los errores del formulario',
        Errores: [{ Campo: 'Desde', Mensaje: 'Ya tienes una ausencia o una solicitud en esas fechas' }],
      }),
    'DELETE rrhh/fichajesusu/ausencias/2': () => json(200, { Mensaje: 'Solicitud retirada' }),
  });
  renderUi(<MisAusencias />, { session: fakeSession({ SoloFichaje: true }) });
  return net;
}

describe("the worker's absences tab (usuario/fichajes?vista=ausencias)", () => {
  it('shows each request with its state, withdraws a pending one, and shows the server’s field error', async () => {
    const net = setup();
    expect(await screen.findByText('Aprobada')).toBeTruthy();
    expect(screen.getByText('Solicitada')).toBeTruthy();
    // Only the pending request can be withdrawn.
    expect(screen.getAllByRole('button', { name: /^Retirar/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retirar la solicitud del 22/12/2026' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'DELETE')).toBe(true));
    // Required fields are checked before sending.
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    expect(await screen.findByText('Tipo de ausencia es obligatorio')).toBeTruthy();
    expect(net.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByLabelText(/Tipo de ausencia/, { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vacaciones', hidden: true }));
    fireEvent.change(screen.getByLabelText(/Desde/), { target: { value: '2026-08-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    expect(await screen.findByText('Ya tienes una ausencia o una solicitud en esas fechas')).toBeTruthy();
    const post = net.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toMatchObject({ IdSitLaboral: 5, Desde: '2026-08-10', Hasta: null });
  });

  it('tells a user without an employee file why they cannot ask', async () => {
    setup(false);
    expect(await screen.findByText(/no está vinculado a una ficha de empleado/)).toBeTruthy();
  });
});
