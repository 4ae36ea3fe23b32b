import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSession, json, mockFetch, renderUi } from '../test/render.tsx';
import { forgetReferenceLists, readStoredList } from './referenceCache.ts';
import { usePrefetchReferenceLists, useReferenceList } from './referenceLists.ts';
import { writeTokens } from './storage.ts';

/** Issue 11.1 and 11.6: reference lists are lookups, silent, kept locally by name and prefetched after sign-in. */
function Labels() {
  const { data } = useReferenceList('fpago');
  return <div data-testid="fpago">{(data ?? []).map((i) => i.label).join(',')}</div>;
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
    expect(calls.map((c) => c.path)).toEqual(['configuracion/fpago/lookup']);
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

  it('a refused lookup raises no toast, and a list no screen of the user shows is not asked at all', async () => {
    const { calls } = mockFetch({
      'GET configuracion/fpago/lookup': () =>
        json(403, { Mensaje: 'No tienes permisos para realizar la acción solicitada' }),
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

  it('after sign-in prefetches, when idle, every list the user may read and only those', async () => {
    const { calls } = mockFetch({
      'GET configuracion/fpago/lookup': () => json(200, FPAGO),
      'GET configuracion/gruposcto/lookup': () => json(200, { Items: [], Total: 0 }),
    });
    renderUi(<Prefetch />, { session: proveedorSolo() });
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    const asked = calls.map((c) => c.path).sort();
    expect(asked).toContain('configuracion/fpago/lookup');
    expect(asked.every((p) => p.endsWith('/lookup'))).toBe(true);
    // Lists no screen of a supplier-only user shows (roles, VAT types, employees…) are not asked.
    expect(asked).not.toContain('usuarios/roles/lookup');
    expect(asked).not.toContain('configuracion/tiposiva/lookup');
  });
});
