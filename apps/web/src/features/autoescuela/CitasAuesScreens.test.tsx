import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { CitasAuesScreens } from './CitasAuesScreens.tsx';

const route = { action: 'citasaues', title: 'Citas AUES', area: 'formacion', guard: 'usuario' } as const;

function setup(segments: string[], routes: Parameters<typeof mockFetch>[0]) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch(routes);
  renderUi(<CitasAuesScreens action="citasaues" segments={segments} route={route} />, { session: fakeSession() });
  return net;
}

const puesto = (over: Record<string, unknown>) => ({
  IdAlumno: 1,
  Nombre: 'Ana Cupo',
  Permiso: 'B',
  Clases: 14,
  Teorico: '2099-03-01',
  Suspensos: 0,
  Aprobado: false,
  Reservado: false,
  DiasTeorico: 640,
  Listo: true,
  Puesto: 1,
  Propuesto: true,
  Motivo: 'Listo para examen',
  ...over,
});

describe('AUES appointments and the exam-quota plan', () => {
  it('shows the ranking: proposed students first, the others with what they lack; slots go to the API', async () => {
    const net = setup(['cupo'], {
      'GET formacion/citasaues/cupo': (_i, url) =>
        json(200, {
          MinimoClases: 12,
          Plazas: Number(url.searchParams.get('plazas')),
          Hoy: '2099-06-01',
          Alumnos: [
            puesto({}),
            puesto({ IdAlumno: 2, Nombre: 'Bruno Cupo', Puesto: 2, Propuesto: false }),
            puesto({
              IdAlumno: 3,
              Nombre: 'David Cupo',
              Clases: 6,
              Listo: false,
              Puesto: null,
              Propuesto: false,
              Motivo: 'Le faltan 6 clases prácticas',
            }),
          ],
        }),
    });
    const tabla = await screen.findByRole('table');
    const filas = within(tabla).getAllByRole('row');
    expect(filas[1]!.textContent).toContain('Ana Cupo');
    expect(filas[1]!.textContent).toContain('Propuesto');
    expect(filas[1]!.textContent).toContain('01/03/2099');
    expect(filas[2]!.textContent).not.toContain('Propuesto');
    expect(filas[3]!.textContent).toContain('Le faltan 6 clases prácticas');
    expect(screen.getByText(/2 alumnos listos \(teórico aprobado y al menos 12 clases prácticas\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Plazas de examen'), { target: { value: '3' } });
    await waitFor(() =>
      expect(
        net.calls.some((c) => c.path === 'formacion/citasaues/cupo' && c.url.searchParams.get('plazas') === '3'),
      ).toBe(true),
    );
  });

  it('saves the AUES settings, shows field errors in place and warns when AUES is off', async () => {
    let intento = 0;
    const net = setup(['config'], {
      'GET formacion/citasaues/config': () =>
        json(200, { Activa: false, Url: '', Usuario: '', CodigoAutoescuela: '', ClaveGuardada: false }),
      'PUT formacion/citasaues/config': () =>
        ++intento === 1
          ? json(400, {
              Mensaje: 'Revisa los errores del formulario',
              Errores: [{ Campo: 'Url', Mensaje: 'Indica una dirección http:// o https://' }],
            })
          : json(200, {
              Activa: false,
              Url: 'https://aues.test',
              Usuario: 'u',
              CodigoAutoescuela: 'AE',
              ClaveGuardada: true,
            }),
    });
    expect(await screen.findByText(/no tiene activadas las citas AUES/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Dirección del servicio/), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Indica una dirección http:// o https://')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Dirección del servicio/), { target: { value: 'https://aues.test' } });
    fireEvent.change(screen.getByLabelText(/Usuario autorizado/), { target: { value: 'u' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: 'clave' } });
    fireEvent.change(screen.getByLabelText(/Código de autoescuela/), { target: { value: 'AE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(intento).toBe(2));
    const put = net.calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(JSON.parse(String(put.init.body))).toEqual({
      Url: 'https://aues.test',
      Usuario: 'u',
      Clave: 'clave',
      CodigoAutoescuela: 'AE',
    });
    await waitFor(() => expect(screen.queryByText('Indica una dirección http:// o https://')).toBeNull());
  });
});
