import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderUi } from '../../test/render.tsx';
import { HomePage } from './HomePage.tsx';

/** Issue 3 §7: the home page of each role says who I am, company, centre, time-clock state and has shortcuts. */
describe('home page', () => {
  it('office user: who, company, centre, time-clock state and shortcuts from the menu', () => {
    renderUi(<HomePage />, {
      session: fakeSession({ FichajeActivo: true, EstadoFichaje: 'p', Centros: [{ Val: 'C1', Desc: 'Central' }] }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hola, Demo');
    expect(screen.getByTestId('home-usuario').textContent).toBe('demo');
    expect(screen.getByTestId('home-empresa').textContent).toBe('Comercial Demo SL');
    expect(screen.getByTestId('home-centro').textContent).toBe('Central');
    expect(screen.getByTestId('home-fichaje').textContent).toBe('Pausa');
    expect(screen.getByRole('link', { name: 'Ir a mis fichajes' }).getAttribute('href')).toBe('/usuario/fichajes');
    expect(screen.getByRole('link', { name: 'Clientes' }).getAttribute('href')).toBe('/clientes/lista');
  });

  it('no time-clock card for a user without the time clock; a student gets the portal shortcuts', () => {
    renderUi(<HomePage />, {
      session: fakeSession({ Roles: ['alumno'], TipoCuenta: 'academia', FichajeActivo: false, Propietario: false }),
    });
    expect(screen.queryByTestId('home-fichaje')).toBeNull();
    expect(screen.getByRole('link', { name: 'Mi horario' }).getAttribute('href')).toBe('/portaluhorario/lista');
    expect(screen.queryByRole('link', { name: 'Clientes' })).toBeNull();
  });
});
