import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderUi, testContext } from '../../test/render.tsx';
import { SideMenu } from './SideMenu.tsx';

const groups = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[data-menu-group]')).map((e) => e.getAttribute('data-menu-group'));

describe('side menu', () => {
  it('shows the groups of the company, the active entry highlighted through aliases', () => {
    const { container } = renderUi(<SideMenu variant="general" action="fgasto" />, { session: fakeSession() });
    expect(groups(container)).toEqual([
      'contactos',
      'ventas',
      'marketing',
      'catalogo',
      'compras',
      'personal',
      'tesoreria',
    ]);
    const fcompra = container.querySelector('[data-menu-entry="fcompra"]');
    expect(fcompra?.getAttribute('data-active')).toBe('true');
    expect(fcompra?.getAttribute('href')).toBe('/fcompra/lista');
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeTruthy();
  });

  it('hides entries denied in the selected centre and empty groups', () => {
    const session = fakeSession(
      {
        DenegadosCentro: { C2: ['MarketCorreos'] },
        Centros: [
          { Val: 'C1', Desc: 'Central' },
          { Val: 'C2', Desc: 'Sucursal' },
        ],
      },
      'C2',
    );
    const { container } = renderUi(<SideMenu variant="general" action="" />, { session });
    expect(groups(container)).not.toContain('marketing');
  });

  it('movstesoreriac links with tipomov=cobro', () => {
    const { container } = renderUi(<SideMenu variant="general" action="movstesoreriac" />, { session: fakeSession() });
    expect(container.querySelector('[data-menu-entry="movstesoreriac"]')?.getAttribute('href')).toBe(
      '/movstesoreriac/lista?tipomov=cobro',
    );
  });

  it('student portal', () => {
    const session = fakeSession({ ...testContext(), Roles: ['alumno'], TipoCuenta: 'academia' });
    const { container } = renderUi(<SideMenu variant="alumno" action="" />, { session });
    expect(groups(container)).toEqual(['misgestiones']);
    expect(screen.getByText('Mis gestiones')).toBeTruthy();
  });
});
