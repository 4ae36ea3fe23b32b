import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { DebouncedText } from '../fields/filters.tsx';
import { FiltroSelect } from './listFilters.tsx';
import { PagedList } from './PagedList.tsx';
import { simularTelefono } from './simularTelefono.ts';
import { usePagedList } from './usePagedList.ts';

interface Fila {
  Id: number;
  Nombre: string;
}

function Ubicacion() {
  const l = useLocation();
  return <output data-testid="ubicacion">{l.pathname + l.search}</output>;
}

function Lista() {
  const list = usePagedList<Fila>({
    entidad: 'prueba',
    path: 'x/prueba/list',
    filters: ['buscar', 'tipo'],
    filtros: (v) => ({ ...(v.buscar ? { Buscar: v.buscar } : {}), ...(v.tipo ? { Tipo: v.tipo } : {}) }),
    orden: () => ({ Orden: 'Nombre', Descendente: false }),
    pageSize: 2,
  });
  return (
    <>
      <PagedList<Fila>
        list={list}
        title="Pruebas"
        filters={
          <>
            <DebouncedText label="Buscar" value={list.values.buscar ?? ''} onChange={(v) => list.set({ buscar: v })} />
            <FiltroSelect
              label="Tipo"
              data={['A', 'B']}
              value={list.values.tipo ?? ''}
              onChange={(v) => list.set({ tipo: v })}
            />
          </>
        }
        columns={[{ accessor: 'Nombre', title: 'Nombre' }]}
        compact={(r) => <span data-testid="compacta">{r.Nombre}</span>}
        rowHref={(r) => `/pruebas/editar/${r.Id}`}
        noRecordsText="No hay pruebas"
      />
      <Ubicacion />
    </>
  );
}

function setup(path: string, total = 3, limitado = false) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET x/prueba/list': (_i, url) => {
      const p = Number(url.searchParams.get('Pagina'));
      return json(200, {
        Items: [
          { Id: p * 10 + 1, Nombre: `Fila ${p}.1` },
          { Id: p * 10 + 2, Nombre: `Fila ${p}.2` },
        ],
        Total: total,
        TotalLimitado: limitado,
      });
    },
  });
  renderUi(<Lista />, { session: fakeSession(), path });
  return net;
}

const ubicacion = () => screen.getByTestId('ubicacion').textContent;
const llamadas = (net: ReturnType<typeof setup>) => net.calls.filter((c) => c.path === 'x/prueba/list');

describe('PagedList: the paged list of bespoke screens', { timeout: 20_000 }, () => {
  it('reads its filters and page from the URL and sends them to the server, with the count', async () => {
    const net = setup('/pruebas/lista?tipo=B&pagina=2');
    expect(await screen.findByText('Fila 2.1')).toBeTruthy();
    const c = llamadas(net).at(-1)!.url.searchParams;
    expect(c.get('Pagina')).toBe('2');
    expect(c.get('TotalPagina')).toBe('2');
    expect(JSON.parse(c.get('Filtros')!)).toEqual({ Tipo: 'B' });
    expect(c.get('Orden')).toBe('Nombre');
    expect(screen.getByTestId('list-total').textContent).toBe('3 registros');
    expect(screen.getByText(/^3-\d de 3$/)).toBeTruthy();
  });

  it('a filter change goes to the URL and back to page 1; page controls move the page; Quitar filtros clears', async () => {
    const net = setup('/pruebas/lista?pagina=2');
    await screen.findByText('Fila 2.1');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'ana' } });
    await waitFor(() => expect(ubicacion()).toBe('/pruebas/lista?buscar=ana'));
    await waitFor(() =>
      expect(JSON.parse(llamadas(net).at(-1)!.url.searchParams.get('Filtros')!)).toEqual({ Buscar: 'ana' }),
    );
    expect(llamadas(net).at(-1)!.url.searchParams.get('Pagina')).toBe('1');
    fireEvent.click(await screen.findByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(ubicacion()).toBe('/pruebas/lista?buscar=ana&pagina=2'));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(ubicacion()).toBe('/pruebas/lista'));
  });

  it('says "10.000+" when the server capped the count', async () => {
    setup('/pruebas/lista', 10_000, true);
    await screen.findByText('Fila 1.1');
    expect(screen.getByTestId('list-total').textContent).toBe('10.000+');
    expect(screen.getByText('1-2 de 10.000+')).toBeTruthy();
  });

  it('a row opens with a click', async () => {
    setup('/pruebas/lista');
    fireEvent.click(await screen.findByText('Fila 1.2'));
    await waitFor(() => expect(ubicacion()).toBe('/pruebas/editar/12'));
  });

  it('Enter on a focused row opens it (rows are reachable with Tab)', async () => {
    setup('/pruebas/lista');
    const fila = (await screen.findByText('Fila 1.1')).closest('tr')!;
    expect(fila.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(fila, { key: 'Enter' });
    await waitFor(() => expect(ubicacion()).toBe('/pruebas/editar/11'));
  });

  it('on a phone the filters fold behind one Filtros button that counts the active ones; rows are compact', async () => {
    simularTelefono();
    setup('/pruebas/lista?tipo=A&buscar=x');
    expect((await screen.findAllByTestId('compacta')).map((e) => e.textContent)).toEqual(['Fila 1.1', 'Fila 1.2']);
    const boton = screen.getByRole('button', { name: /Filtros/ });
    expect(boton.getAttribute('aria-expanded')).toBe('false');
    expect(within(boton).getByTestId('filtros-activos').textContent).toBe('2');
    expect(screen.queryByLabelText('Buscar')).toBeNull();
    fireEvent.click(boton);
    expect(boton.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('x');
    // No header and a single cell per row: nothing to scroll sideways.
    expect(screen.queryByRole('columnheader', { name: 'Nombre' })).toBeNull();
  });

  it('on a wide screen the filters are on show and there is no Filtros button', async () => {
    setup('/pruebas/lista');
    await screen.findByText('Fila 1.1');
    expect(screen.getByLabelText('Buscar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Nombre' })).toBeTruthy();
  });
});
