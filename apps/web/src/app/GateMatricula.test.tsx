import type { InfoEmpresa } from '@faro/domain';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../platform/storage.ts';
import { fakeSession, mockFetch, renderUi } from '../test/render.tsx';
import { Gate } from './Gate.tsx';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function renderGate(path: string, over: Partial<InfoEmpresa>) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  mockFetch({});
  return renderUi(
    <>
      <Gate />
      <Where />
    </>,
    { path, session: fakeSession({ TipoCuenta: 'academia', Propietario: false, ...over }) },
  );
}
const where = () => screen.getByTestId('where').textContent;
const MSG = 'Previamente debes de dar de alta una matrícula';

describe('an academy student or tutor without an enrolment cannot proceed (spec section 5)', () => {
  // First: Mantine's notification store outlives a test, so a toast of a later case would still be on screen.
  it('a student with an enrolment stays home', async () => {
    renderGate('/', {
      Roles: ['alumno'],
      Matriculas: [{ Codigo: 'MAT-0001', CodAlumno: 'ALU-0001', Desc: 'Inglés B2 · 2026/27' }],
    });
    expect(await screen.findByText(/Hola,/)).toBeTruthy();
    expect(where()).toBe('/');
    expect(screen.queryByText(MSG)).toBeNull();
  });
  it('a student gets the message and goes to a new enrolment', async () => {
    renderGate('/', { Roles: ['alumno'], Matriculas: [] });
    await waitFor(() => expect(where()).toBe('/portalumatriculas/nuevo'));
    expect(await screen.findByText(MSG)).toBeTruthy();
  });

  it('a driving-school tutor gets the message and goes to the enrolment list', async () => {
    renderGate('/portalusaldo/lista', { Roles: ['tutor'], TipoCuenta: 'autoescuela', Matriculas: [] });
    await waitFor(() => expect(where()).toBe('/portalumatriculas/lista'));
    expect(await screen.findByText(MSG)).toBeTruthy();
  });
});
