import type { RouteDef } from '@faro/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { HorarioScreens } from './HorarioScreens.tsx';
import { PortalScreens } from './PortalScreens.tsx';

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

describe('academy timetable', () => {
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

describe('portal documents (portaludocumentos)', () => {
  it("lists the student's folder and uploads a family's document under the spec's file rules", async () => {
    const portal = { action: 'portaludocumentos', title: 'Mis documentos', area: 'formacion', guard: 'usuario' };
    const net = setup(<PortalScreens action="portaludocumentos" segments={[]} route={portal as RouteDef} />, {
      'GET formacion/portal/matriculas': () =>
        json(200, {
          Items: [
            {
              Id: 4,
              CodMatricula: 'MAT-1',
              CodAlumno: 'ALU-0001',
              Nombre: 'Lucía',
              Apellidos: 'López',
              Estado: 'activo',
              FechaAlta: null,
              Cursos: [],
            },
          ],
        }),
      'GET formacion/portal/facturas': () => json(200, { Items: [] }),
      'GET formacion/portal/documentos': () =>
        json(200, {
          Items: [
            {
              Id: 31,
              Nombre: 'normas-curso.pdf',
              Tipo: 'pdf',
              Tamano: 2048,
              Subido: '2026-10-01T09:00:00Z',
              IdAlumno: 4,
              Alumno: 'Lucía López',
            },
          ],
        }),
      'GET portalalu/principal/datosempresa': () => json(200, { DatosEmpresa: 'Academia', PolDevoluciones: '' }),
      'POST formacion/portal/documentos/4': () =>
        json(201, {
          Id: 32,
          Nombre: 'justificante.pdf',
          Tipo: 'pdf',
          Tamano: 10,
          Subido: '2026-10-02T09:00:00Z',
          IdAlumno: 4,
        }),
    });
    expect(await screen.findByText('normas-curso.pdf (Lucía López, 2 KB, 01/10/2026)')).toBeTruthy();
    await screen.findByRole('button', { name: 'Subir un documento de Lucía' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hola'], 'nota.txt', { type: 'text/plain' })] } });
    expect(
      await screen.findByText(
        'Tipo de fichero no admitido. Sólo se permiten imágenes (jpg, png) y ficheros en formato pdf',
      ),
    ).toBeTruthy();
    expect(net.calls.some((c) => c.method === 'POST')).toBe(false);
    const pdf = new File(['%PDF-1.4'], 'justificante.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText('Documento justificante.pdf subido')).toBeTruthy();
    const post = net.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('formacion/portal/documentos/4');
    expect((post.init.body as FormData).get('file')).toBeTruthy();
  });
});
