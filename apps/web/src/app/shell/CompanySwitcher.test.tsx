import type { InfoEmpresa } from '@faro/domain';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderUi } from '../../test/render.tsx';
import { gruposEmpresas } from './CompanySwitcher.tsx';
import { TopBar } from './TopBar.tsx';

const ASESOR: InfoEmpresa['Empresas'] = [
  { Id: 9, Codigo: 'ASESORIA', Nombre: 'Asesoría Norte SL', Relacion: 'asesoria' },
  { Id: 1, Codigo: 'DEMO', Nombre: 'Comercial Demo SL', Relacion: 'cliente' },
  { Id: 3, Codigo: 'ACADEMIA', Nombre: 'Academia Sol', Relacion: 'cliente' },
  { Id: 5, Codigo: 'MIA', Nombre: 'Mi Tienda SL' },
];

function setup(over: Partial<InfoEmpresa>) {
  const session = fakeSession({ Propietario: false, ...over });
  renderUi(<TopBar banner={false} menuOpened={false} />, { session });
  return session;
}
const switcher = () => document.querySelector<HTMLInputElement>('input[aria-label="Cambiar de empresa"]');

describe('company switcher in the top bar', () => {
  it("lists the adviser's clients first, then the firm and own companies, and switches with the keyboard", async () => {
    const session = setup({ IdEmpresa: 1, Roles: ['asesoria'], Empresas: ASESOR });
    expect(switcher()?.value).toBe('Comercial Demo SL');
    await userEvent.click(switcher()!);
    await screen.findAllByRole('option', { hidden: true });
    const opciones = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(opciones).toEqual(['Comercial Demo SL', 'Academia Sol', 'Asesoría Norte SL', 'Mi Tienda SL']);
    expect(screen.getByText('Clientes de la asesoría')).toBeTruthy();
    expect(screen.getByText('Mis empresas')).toBeTruthy();
    // Typing filters, Enter picks: the session switches company.
    await userEvent.clear(switcher()!);
    await userEvent.type(switcher()!, 'Acad');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(session.changeCompany).toHaveBeenCalledWith(3);
  });

  it("inside a client, the firm's work queue is one click away", async () => {
    const session = setup({ IdEmpresa: 1, Roles: ['asesoria'], Empresas: ASESOR });
    const botones = screen.getAllByRole('button', { name: 'Cola de trabajo' });
    expect(botones.length).toBeGreaterThan(0);
    await userEvent.click(botones[0]!);
    expect(session.changeCompany).toHaveBeenCalledWith(9);
  });

  it('in the firm itself there is no queue button (the queue is its landing)', () => {
    setup({ IdEmpresa: 9, Roles: ['asesoria'], TipoCuenta: 'asesoria', Empresas: ASESOR });
    expect(screen.queryAllByRole('button', { name: 'Cola de trabajo' })).toEqual([]);
    expect(switcher()).toBeTruthy();
  });

  it('hidden for someone with one company', () => {
    setup({ IdEmpresa: 1, Empresas: [{ Id: 1, Codigo: 'DEMO', Nombre: 'Comercial Demo SL' }] });
    expect(switcher()).toBeNull();
  });

  it('an owner of two companies gets it without a clients group nor a queue', () => {
    const dos = ASESOR.slice(1, 3).map(({ Relacion: _, ...e }) => e);
    expect(gruposEmpresas(dos)).toEqual([
      {
        group: 'Empresas',
        items: [
          { value: '1', label: 'Comercial Demo SL' },
          { value: '3', label: 'Academia Sol' },
        ],
      },
    ]);
    setup({ IdEmpresa: 1, Empresas: dos });
    expect(switcher()).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Cola de trabajo' })).toEqual([]);
  });

  it('on a phone an icon opens the same list as a menu: clients first, the current company disabled', async () => {
    const session = setup({ IdEmpresa: 1, Roles: ['asesoria'], Empresas: ASESOR });
    await userEvent.click(document.querySelector<HTMLButtonElement>('button[aria-label="Cambiar de empresa"]')!);
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent)).toEqual([
      'Comercial Demo SL',
      'Academia Sol',
      'Asesoría Norte SL',
      'Mi Tienda SL',
    ]);
    expect(items[0]!.hasAttribute('disabled') || items[0]!.getAttribute('data-disabled') === 'true').toBe(true);
    await userEvent.click(items[3]!);
    expect(session.changeCompany).toHaveBeenCalledWith(5);
  });
});
