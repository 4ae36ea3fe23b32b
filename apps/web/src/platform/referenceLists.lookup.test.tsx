import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSession, json, mockFetch, renderUi, testContext } from '../test/render.tsx';
import { api } from './api/client.ts';
import { forgetReferenceLists, readStoredList } from './referenceCache.ts';
import { usePrefetchReferenceLists, useReferenceList } from './referenceLists.ts';
import { writeTokens } from './storage.ts';

/**
 * Reference lists are lookups, silent, kept locally by name and prefetched after sign-in; the
 * lists asked together travel in one call (`listas?incluir=…`), and only those of the company's modules.
 */
function Labels({ list = 'fpago' }: { list?: 'fpago' | 'gruposcto' | 'clientes' }) {
  const { data } = useReferenceList(list);
  return <div data-testid={list}>{(data ?? []).map((i) => i.label).join(',')}</div>;
}

const incluidas = (calls: { path: string; url: URL }[]) =>
  calls.filter((c) => c.path === 'listas').map((c) => c.url.searchParams.get('incluir')?.split(',') ?? []);

/** A screen loading its own data. */
function Pantalla() {
  useQuery({ queryKey: ['pantalla'], queryFn: () => api.get('ventas/fventa/list') });
  return null;
}

function Prefetch() {
  usePrefetchReferenceLists();
  return null;
}

const FPAGO = { Items: [{ Id: 3, Descripcion: 'Transferencia', Baja: false }], Total: 1 };
/** Only suppliers: fpago is shown by the supplier screens (a lookup reader), its own code (ConfEmpresa) is 0. */
const proveedorSolo = () =>
  fakeSession({
    Permisos: { ConProveedores: 1 } as never,
  });

beforeEach(() => {
  localStorage.clear();
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
});

describe('reference lists as lookups', () => {
  it('asks the lookup, not the managed list, and keeps the answer locally by name', async () => {
    const { calls } = mockFetch({ 'GET configuracion/fpago/lookup': () => json(200, FPAGO) });
    const session = proveedorSolo();
    renderUi(<Labels />, { session });
    await waitFor(() => expect(screen.getByTestId('fpago').textContent).toBe('Transferencia'));
    expect(calls.map((c) => c.path)).toEqual(['listas']);
    expect(incluidas(calls)).toEqual([['fpago']]);
    const info = session.state.status === 'ready' ? session.state.info : null;
    expect(readStoredList(info!.IdEmpresa, info!.UserName, 'fpago')).toEqual(FPAGO.Items);
    forgetReferenceLists();
    expect(readStoredList(info!.IdEmpresa, info!.UserName, 'fpago')).toBeUndefined();
  });

  it('paints the list kept locally at once, before the lookup answers', async () => {
    const session = proveedorSolo();
    const info = session.state.status === 'ready' ? session.state.info : null;
    localStorage.setItem(
      `faro.ref.${info!.IdEmpresa}.${info!.UserName}.fpago`,
      JSON.stringify([{ Id: 3, Descripcion: 'Guardada', Baja: false }]),
    );
    let answer: (r: Response) => void = () => {};
    mockFetch({ 'GET configuracion/fpago/lookup': () => new Promise<Response>((r) => (answer = r)) });
    renderUi(<Labels />, { session });
    await waitFor(() => expect(screen.getByTestId('fpago').textContent).toBe('Guardada'));
    answer(json(200, FPAGO));
    await waitFor(() => expect(screen.getByTestId('fpago').textContent).toBe('Transferencia'));
  });

  it('the lists a screen shows at once travel in one call', async () => {
    const { calls } = mockFetch({
      'GET configuracion/fpago/lookup': () => json(200, FPAGO),
      'GET configuracion/gruposcto/lookup': () => json(200, { Items: [{ Id: 1, Nombre: 'Mayoristas' }] }),
      'GET ventas/clientes/lookup': () => json(200, { Items: [{ Id: 9, Nombre: 'Ferretería Sol' }] }),
    });
    renderUi(
      <>
        <Labels />
        <Labels list="gruposcto" />
        <Labels list="clientes" />
      </>,
      { session: fakeSession() },
    );
    await waitFor(() => expect(screen.getByTestId('clientes').textContent).toBe('Ferretería Sol'));
    expect(screen.getByTestId('fpago').textContent).toBe('Transferencia');
    expect(screen.getByTestId('gruposcto').textContent).toBe('Mayoristas');
    expect(calls.map((c) => c.path)).toEqual(['listas']);
    expect(incluidas(calls)).toEqual([['clientes', 'fpago', 'gruposcto']]);
  });

  it('a refused lookup raises no toast, and a list no screen of the user shows is not asked at all', async () => {
    const { calls } = mockFetch({
      'GET listas': () => json(403, { Mensaje: 'No tienes permisos para realizar la acción solicitada' }),
    });
    renderUi(<Labels />, { session: proveedorSolo() });
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();

    const nobody = mockFetch({});
    renderUi(<Labels />, { session: fakeSession({ Permisos: {} as never }) });
    await new Promise((r) => setTimeout(r, 300));
    expect(nobody.calls).toEqual([]);
  });

  it('after sign-in prefetches, when idle, in one call every list the user may read and only those', async () => {
    const { calls } = mockFetch({
      'GET configuracion/fpago/lookup': () => json(200, FPAGO),
      'GET configuracion/gruposcto/lookup': () => json(200, { Items: [], Total: 0 }),
    });
    renderUi(<Prefetch />, { session: proveedorSolo() });
    await waitFor(() => expect(calls.length).toBe(1), { timeout: 5000 });
    const [asked = []] = incluidas(calls);
    expect(asked).toContain('fpago');
    // Lists no screen of a supplier-only user shows (roles, VAT types, employees…) are not asked.
    expect(asked).not.toContain('roles');
    expect(asked).not.toContain('tiposiva');
  });

  it("waits for the screen's own calls before prefetching: the lookups never compete with the data", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = mockFetch({
      'GET ventas/fventa/list': () => new Promise<Response>((r) => (answer = r)),
    });
    renderUi(
      <>
        <Pantalla />
        <Prefetch />
      </>,
      { session: fakeSession() },
    );
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls.map((c) => c.path)).toEqual(['ventas/fventa/list']);
    answer(json(200, { Items: [], Total: 0 }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['ventas/fventa/list', 'listas']), { timeout: 5000 });
  });

  it('asks only for the lists of the modules the company has: no courses, rooms or tutors in a trading company', async () => {
    const comercio = mockFetch({});
    renderUi(<Prefetch />, { session: fakeSession() });
    await waitFor(() => expect(comercio.calls.length).toBe(1), { timeout: 5000 });
    const [deComercio = []] = incluidas(comercio.calls);
    expect(deComercio).toEqual(expect.arrayContaining(['clientes', 'productos', 'series', 'tiposiva']));
    for (const academia of ['aulas', 'cursos', 'tutores', 'profesores', 'alumnos', 'tarifascurso', 'opciones']) {
      expect(deComercio).not.toContain(academia);
    }
    const sinStock = mockFetch({});
    const modulos = { ...testContext().Modulos, ActStock: false, ActComerciales: false };
    renderUi(<Prefetch />, { session: fakeSession({ Modulos: modulos }) });
    await waitFor(() => expect(sinStock.calls.length).toBe(1), { timeout: 5000 });
    const [sinModulos = []] = incluidas(sinStock.calls);
    expect(sinModulos).not.toContain('almacenes');
    expect(sinModulos).not.toContain('comerciales');

    const escuela = mockFetch({});
    renderUi(<Prefetch />, { session: fakeSession({ TipoCuenta: 'academia' }) });
    await waitFor(() => expect(escuela.calls.length).toBe(1), { timeout: 5000 });
    expect(incluidas(escuela.calls)[0]).toEqual(expect.arrayContaining(['aulas', 'cursos', 'tutores']));
  });
});
