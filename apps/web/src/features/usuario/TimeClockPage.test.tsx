import { clockActions, MSG } from '@faro/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { TimeClockPage } from './TimeClockPage.tsx';

function setup(EstadoFichaje: '' | 'e' | 's' | 'p' | 'r', answer: string, hoy: Record<string, unknown>[] = []) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET rrhh/fichajesusu/list': (_init, url) =>
      json(200, {
        Items: [
          ...(url.searchParams.get('TotalPagina') === '200' ? hoy : []),
          {
            Id: 1,
            Fecha: '2024-05-06T07:30:00Z',
            Tipo: 'j',
            Estado: 'e',
            MotivoPausa: null,
            Latitud: null,
            Longitud: null,
            Origen: 'w',
          },
        ],
        Total: 1,
      }),
    'POST rrhh/fichajesusu/save': () => json(200, { Estado: answer, Fecha: new Date().toISOString() }),
  });
  const session = fakeSession({ EstadoFichaje, FichajeActivo: true });
  renderUi(<TimeClockPage />, { session, path: '/usuario/fichajes' });
  return { ...net, session };
}

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('time clock screen (spec section 4)', () => {
  // Which buttons each state offers is the domain's rule (clockActions, pinned by its own test): the screen shows it.
  it.each(['', 's', 'e', 'r', 'p'] as const)('state %j offers the actions of its state', (state) => {
    setup(state, 'e');
    expect(buttons()).toEqual(clockActions(state));
  });

  it("'Fichar' registers a workday entry without location and confirms", async () => {
    const { calls, session } = setup('', 'e');
    fireEvent.click(screen.getByRole('button', { name: 'Fichar' }));
    expect(await screen.findByText(MSG.clockRegistered('Entrada'))).toBeTruthy();
    expect(MSG.clockRegistered('Entrada')).toBe('El fichaje de Entrada se ha registrado correctamente');
    const save = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(save.init.body))).toEqual({
      Tipo: 'j',
      Origen: 'w',
      MotivoPausa: null,
      Latitud: null,
      Longitud: null,
    });
    expect(session.patchInfo).toHaveBeenCalledWith({ EstadoFichaje: 'e' });
  });

  it('lists the records', async () => {
    setup('', 'e');
    expect(await screen.findByText('Jornada')).toBeTruthy();
    expect(screen.getByText('Web')).toBeTruthy();
  });

  it("'Pausar' asks the reason (required, suggestions after typing) and sends it", async () => {
    const { calls } = setup('e', 'p');
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    const input = (await screen.findAllByLabelText(/^Motivo de la pausa/)).find((e) => e.tagName === 'INPUT')!;
    const dialog = input.closest('section') as HTMLElement;
    fireEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Pausar')!);
    expect(await screen.findByText('Motivo de la pausa es obligatorio')).toBeTruthy();
    fireEvent.focus(input);
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Méd' } });
    await act(() => new Promise((r) => setTimeout(r, 250)));
    await waitFor(() => expect(screen.getByText('Médico')).toBeTruthy());
    expect(screen.queryByText('Comida')).toBeNull();
    fireEvent.change(input, { target: { value: 'Médico' } });
    fireEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Pausar')!);
    expect(await screen.findByText(MSG.clockRegistered('Pausa'))).toBeTruthy();
    const save = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(save.init.body))).toMatchObject({ Tipo: 'p', MotivoPausa: 'Médico' });
  });

  it('sends the browser location when the user allows it', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
          ok({ coords: { latitude: 40.4168, longitude: -3.7038 } }),
      },
    });
    const { calls } = setup('', 'e');
    fireEvent.click(screen.getByRole('button', { name: 'Fichar' }));
    expect(await screen.findByText(MSG.clockRegistered('Entrada'))).toBeTruthy();
    const save = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(save.init.body))).toMatchObject({ Tipo: 'j', Latitud: 40.4168, Longitud: -3.7038 });
  });

  it("'Terminar' asks first, showing the hours worked today, then ends the workday (Tipo j)", async () => {
    const entrada = new Date(Date.now() - (2 * 60 + 15) * 60_000);
    entrada.setSeconds(0, 0);
    // Only when the entry is today (the test may run just after midnight): otherwise 0 min is right too.
    const sameDay = entrada.toDateString() === new Date().toDateString();
    const { calls, session } = setup('r', 's', [{ Id: 2, Fecha: entrada.toISOString(), Tipo: 'j', Estado: 'e' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Terminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminar la jornada' });
    await waitFor(() => expect(within(dialog).getByTestId('horas-hoy').textContent).toMatch(/Hoy has trabajado/));
    if (sameDay) expect(within(dialog).getByTestId('horas-hoy').textContent).toMatch(/2 h 1[56] min/);
    // Nothing is registered until the user confirms; Cancelar leaves the workday open.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Terminar' }));
    const again = await screen.findByRole('dialog', { name: 'Terminar la jornada' });
    fireEvent.click(within(again).getByRole('button', { name: 'Terminar la jornada' }));
    expect(await screen.findByText('El fichaje de Salida se ha registrado correctamente')).toBeTruthy();
    const save = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(save.init.body))).toMatchObject({ Tipo: 'j', Origen: 'w', MotivoPausa: null });
    expect(session.patchInfo).toHaveBeenCalledWith({ EstadoFichaje: 's' });
  });

  it("'Reanudar' resumes a pause (Tipo p without reason)", async () => {
    const { calls, session } = setup('p', 'r');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar' }));
    await waitFor(() => expect(session.patchInfo).toHaveBeenCalledWith({ EstadoFichaje: 'r' }));
    const save = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(save.init.body))).toMatchObject({ Tipo: 'p', Origen: 'w', MotivoPausa: null });
  });

  it('without network the entry is queued with its device time, then sent once when the network is back', async () => {
    localStorage.clear();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls, session } = setup('', 'e');
    fireEvent.click(screen.getByRole('button', { name: 'Fichar' }));
    expect((await screen.findByTestId('pendientes')).textContent).toBe('1 fichaje pendiente de enviar');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(session.patchInfo).toHaveBeenCalledWith({ EstadoFichaje: 'e' });
    online.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('pendientes')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = JSON.parse(String(posts[0]!.init.body));
    expect(body).toMatchObject({ Tipo: 'j', MotivoPausa: null });
    expect(body.IdCliente).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(Date.parse(body.FechaDispositivo)).toBeLessThanOrEqual(Date.now());
    online.mockRestore();
  });
});
