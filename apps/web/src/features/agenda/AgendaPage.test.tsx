import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { AgendaPage } from './AgendaPage.tsx';
import { eventoSuelto } from './agendaModel.ts';

describe('Mi Agenda with a teacher’s classes', () => {
  it('shows the academy and driving-school classes as read-only events that open their own screen', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    // Events on the day the calendar opens on (whatever day the test runs).
    const hoy = new Date();
    const a = (h: number) => new Date(hoy.getFullYear(), hoy.getMonth(), hoy.getDate(), h).toISOString();
    mockFetch({
      'GET usuarios/usuario/agenda/list': () =>
        json(200, {
          Items: [eventoSuelto({ Id: 4, Tipo: 'llamada', Asunto: 'Llamar a la familia', Inicio: a(9) })],
          Clases: [
            {
              Id: 'c7',
              Origen: 'autoescuela',
              Asunto: 'Clase práctica · Ana López',
              Descripcion: null,
              Inicio: a(11),
              Fin: a(12),
              Enlace: '/clases/lista',
            },
          ],
          Colores: {},
        }),
    });
    renderUi(<AgendaPage />, { session: fakeSession(), path: '/usuario/agenda' });
    const clase = await screen.findByRole('button', { name: /Clase práctica · Ana López · Clase \(solo lectura\)/ });
    expect(clase.getAttribute('draggable')).toBe('false');
    const actividad = screen.getByRole('button', { name: /Llamar a la familia · Llamada/ });
    expect(actividad.getAttribute('draggable')).toBe('true');
    expect(screen.getByText('Clases (academia y autoescuela, solo lectura)')).toBeTruthy();
    // A class does not open the activity editor (it is changed in its own screen).
    fireEvent.click(clase);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
