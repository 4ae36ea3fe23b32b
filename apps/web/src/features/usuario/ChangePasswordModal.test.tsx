import { MSG } from '@faro/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function setup() {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const onClose = vi.fn();
  renderUi(<ChangePasswordModal onClose={onClose} />, { session: fakeSession() });
  return onClose;
}

describe('change-password modal', () => {
  it('errors appear only after a field was touched', async () => {
    setup();
    expect(screen.queryByText('Nueva contraseña es obligatorio')).toBeNull();
    fireEvent.blur(screen.getByLabelText(/^Nueva contraseña/));
    expect(await screen.findByText('Nueva contraseña es obligatorio')).toBeTruthy();
    expect(screen.queryByText('Contraseña actual es obligatorio')).toBeNull();
  });

  it('weak password, mismatch and the general form error', async () => {
    setup();
    fill(/^Contraseña actual/, 'Demo1234');
    fill(/^Nueva contraseña/, 'abc');
    fill(/^Repetición de la contraseña/, 'abd');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Nueva contraseña debe contener mínimo 8 caracteres')).toBeTruthy();
    expect(screen.getByText('El formato es incorrecto')).toBeTruthy();
    expect(screen.getByText(MSG.passwordMismatch)).toBeTruthy();
    expect((await screen.findAllByText(MSG.formInvalid)).length).toBeGreaterThan(0);
    expect(screen.getByText('Debe contener al menos una minúscula, una mayúscula y un número')).toBeTruthy();
  });

  it('saves and confirms with the spec text', async () => {
    const { calls } = mockFetch({ 'POST usuarios/usuario/cambiarcontrasena': () => json(200, { Mensaje: 'ok' }) });
    const onClose = setup();
    fill(/^Contraseña actual/, 'Demo1234');
    fill(/^Nueva contraseña/, 'Nueva1234');
    fill(/^Repetición de la contraseña/, 'Nueva1234');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.passwordUpdated)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ PasswordActual: 'Demo1234', NuevoPassword: 'Nueva1234' });
  });

  it("shows the server's 400 errors under their fields", async () => {
    mockFetch({
      'POST usuarios/usuario/cambiarcontrasena': () =>
        json(400, {
          Mensaje: MSG.formInvalid,
          Errores: [{ Campo: 'PasswordActual', Mensaje: 'La contraseña actual no es correcta' }],
        }),
    });
    setup();
    fill(/^Contraseña actual/, 'Mala1234');
    fill(/^Nueva contraseña/, 'Nueva1234');
    fill(/^Repetición de la contraseña/, 'Nueva1234');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const error = await screen.findByText('La contraseña actual no es correcta');
    const wrapper = screen.getByLabelText(/^Contraseña actual/).closest('.mantine-InputWrapper-root');
    expect(wrapper?.contains(error)).toBe(true);
  });
});
