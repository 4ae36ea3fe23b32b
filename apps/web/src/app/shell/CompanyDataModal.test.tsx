import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi } from '../../test/render.tsx';
import { CompanyDataModal } from './CompanyDataModal.tsx';

const TEXTS = { DatosEmpresa: 'Academia Demo SL\nCalle Mayor 1', PolDevoluciones: 'Devoluciones en 14 días' };

function setup(roles: ('usuario' | 'alumno' | 'tutor')[]) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  const net = mockFetch({
    'GET formacion/portalalu/principal/datosempresa': () => json(200, TEXTS),
    'GET usuarios/portal/datosempresa': () => json(200, TEXTS),
  });
  renderUi(<CompanyDataModal focus="politica" onClose={() => {}} />, {
    session: fakeSession({ Roles: roles, NombreEmpresa: 'Academia Demo SL' }),
  });
  return net;
}

describe('company data and purchase policy modal (spec sections 2, 3 and 7)', () => {
  it.each([
    [['alumno'], 'formacion/portalalu/principal/datosempresa'],
    [['tutor'], 'formacion/portalalu/principal/datosempresa'],
    [['usuario'], 'usuarios/portal/datosempresa'],
  ] as const)('%j reads %s and shows both multi-line texts', async (roles, path) => {
    const { calls } = setup([...roles]);
    expect(await screen.findByText('Devoluciones en 14 días')).toBeTruthy();
    expect(screen.getByText(/Calle Mayor 1/)).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([path]);
    // The section asked for comes first.
    const titles = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(titles).toEqual(['Política de compra', 'Datos de la empresa']);
  });
});
