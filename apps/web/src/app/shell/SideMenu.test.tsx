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
      'impuestos',
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

  it('taxes, accounting and reports: two entries of one screen, only the open one highlighted', () => {
    const { container } = renderUi(<SideMenu variant="general" action="contabilidad" />, {
      session: fakeSession(),
      path: '/contabilidad/informes',
    });
    const entry = (id: string) => container.querySelector(`[data-menu-entry="${id}"]`);
    expect(entry('modtributarios')?.getAttribute('href')).toBe('/modtributarios/lista');
    expect(entry('contabilidad')?.getAttribute('href')).toBe('/contabilidad/lista');
    expect(entry('informes')?.getAttribute('href')).toBe('/contabilidad/informes');
    expect(entry('informes')?.getAttribute('data-active')).toBe('true');
    expect(entry('contabilidad')?.getAttribute('data-active')).toBeNull();
    expect(screen.getByText('Impuestos y contabilidad')).toBeTruthy();
  });
});
