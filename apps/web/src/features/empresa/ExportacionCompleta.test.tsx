import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, renderUi } from '../../test/render.tsx';
import { ExportacionCompleta } from './ExportacionCompleta.tsx';

describe('company full export', () => {
  it('offers the owner to download every datum and hides it from other members', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    const { unmount } = renderUi(<ExportacionCompleta />, { session: fakeSession({ Propietario: true }) });
    expect(await screen.findByRole('button', { name: 'Descargar todos los datos' })).toBeTruthy();
    unmount();
    renderUi(<ExportacionCompleta />, { session: fakeSession({ Propietario: false }) });
    expect(screen.queryByRole('button', { name: 'Descargar todos los datos' })).toBeNull();
  });
});
