import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { HorarioScreens } from './HorarioScreens.tsx';

const route = { action: 'horario', title: 'Horario', area: 'formacion', guard: 'usuario' } as const;

function setup(ui: React.ReactNode, routes: Parameters<typeof mockFetch>[0]) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch(routes);
  renderUi(ui, { session: fakeSession() });
  return net;
}

const sesion = {
  Id: 3,
  IdCurso: 1,
  Curso: 'Inglés B2',
  Grupo: 'A',
  DiaSemana: '1',
  HoraInicio: '17:00',
  HoraFin: '18:30',
  IdProfesor: 1,
  Profesor: 'Laura',
  IdAula: 1,
  Aula: 'Aula 1',
};

describe('academy timetable (issue 17)', () => {
  it('draws the week as a grid with each session in its day and hours', async () => {
    setup(<HorarioScreens action="horario" segments={['lista']} route={route} />, {
      'GET formacion/horario/semana': () =>
        json(200, { Sesiones: [sesion], DiasCierre: [{ Fecha: '2026-12-25', Descripcion: 'Navidad' }] }),
    });
    const grid = await screen.findByRole('region', { name: 'Horario semanal' });
    const celda = await screen.findByTestId('sesion-3');
    expect(celda.textContent).toContain('Inglés B2 · A');
    expect(celda.textContent).toContain('17:00–18:30');
    expect(grid.textContent).toContain('Lunes');
    expect(screen.getByText(/25\/12\/2026 \(Navidad\)/)).toBeTruthy();
  });

  it('records an absence with one tap on the student’s state', async () => {
    const net = setup(<HorarioScreens action="horario" segments={['asistencia', '3']} route={route} />, {
      'GET formacion/asistencia/3': () =>
        json(200, {
          Fecha: '2026-11-23',
          Sesion: { Grupo: 'A', HoraInicio: '17:00', HoraFin: '18:30' },
          Alumnos: [{ IdAlumno: 9, Nombre: 'Lucía Martín', Estado: null }],
        }),
      'PUT formacion/asistencia/3': () => json(200, { IdAlumno: 9, Estado: 'f' }),
    });
    await screen.findByText('Lucía Martín');
    fireEvent.click(screen.getByText('Falta'));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = net.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toMatchObject({ IdAlumno: 9, Estado: 'f' });
  });
});
