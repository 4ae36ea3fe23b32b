import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { montarSesion } from '../../test/montarSesion.tsx';
import { json, testContext } from '../../test/render.tsx';
import { storedAlumno, storedMatricula, storeMatricula } from '../storage.ts';
import { useSession } from './SessionProvider.tsx';

/** Shows the path and the session's enrolment and student, and changes enrolment like the top bar does. */
function Probe() {
  const { state, setMatricula } = useSession();
  return (
    <>
      <p data-testid="where">{useLocation().pathname}</p>
      <p data-testid="matricula">{state.status === 'ready' ? `${state.matricula}/${state.alumno}` : state.status}</p>
      <button type="button" onClick={() => setMatricula('MAT-0003')}>
        Otra
      </button>
    </>
  );
}

function setup(path: string) {
  const info = testContext({
    Roles: ['tutor'],
    TipoCuenta: 'academia',
    Matriculas: [
      { Codigo: 'MAT-0001', CodAlumno: 'ALU-0001', Desc: 'Inglés B2 · 2026/27' },
      { Codigo: 'MAT-0003', CodAlumno: 'ALU-0002', Desc: 'Francés A2 · 2026/27' },
    ],
  });
  return montarSesion(path, { 'GET usuarios/usuario/infoempre': () => json(200, info) }, <Probe />);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('changing enrolment (spec section 4: like changing centre)', () => {
  it('starts on the first enrolment, or the stored one while it is still listed', async () => {
    setup('/portalusaldo/lista');
    await waitFor(() => expect(screen.getByTestId('matricula').textContent).toBe('MAT-0001/ALU-0001'));
    expect(storedMatricula()).toBe('MAT-0001');
    expect(storedAlumno()).toBe('ALU-0001');
  });

  it('stores the enrolment and its student, then goes home', async () => {
    const { calls } = setup('/portalusaldo/lista');
    await waitFor(() => expect(screen.getByTestId('matricula').textContent).toBe('MAT-0001/ALU-0001'));
    fireEvent.click(screen.getByRole('button', { name: 'Otra' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(screen.getByTestId('matricula').textContent).toBe('MAT-0003/ALU-0002');
    expect(storedMatricula()).toBe('MAT-0003');
    expect(storedAlumno()).toBe('ALU-0002');
    // Nothing to ask the server: the enrolment is not in the token.
    expect(calls.filter((c) => c.path !== 'usuarios/usuario/infoempre')).toEqual([]);
  });

  it('reloads the page when already home', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    storeMatricula('MAT-0001');
    setup('/');
    await waitFor(() => expect(screen.getByTestId('matricula').textContent).toBe('MAT-0001/ALU-0001'));
    fireEvent.click(screen.getByRole('button', { name: 'Otra' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storedMatricula()).toBe('MAT-0003');
    expect(storedAlumno()).toBe('ALU-0002');
  });
});
