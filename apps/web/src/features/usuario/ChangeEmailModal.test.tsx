import { MSG } from '@faro/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { ChangeEmailModal } from './ChangeEmailModal.tsx';

const ENVIADO =
  'Te hemos enviado un correo a la nueva dirección: el cambio se hará cuando abras el enlace que contiene';

function abrir(respuesta: () => Response) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({ 'POST usuarios/usuario/cambiaremail': respuesta });
  const onClose = vi.fn();
  renderUi(<ChangeEmailModal onClose={onClose} />, { session: fakeSession() });
  return { ...net, onClose };
}

describe('own e-mail change modal', () => {
  it('asks for the new address and the current password, then says where the link went', async () => {
    const { calls, onClose } = abrir(() => json(200, { Mensaje: ENVIADO }));
    fireEvent.change(screen.getByLabelText(/^Nuevo correo electrónico/), { target: { value: 'mal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText(MSG.format)).toBeTruthy();
    expect(screen.getByText(MSG.required('Contraseña actual'))).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Nuevo correo electrónico/), { target: { value: 'nueva@faro.test' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña actual/), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText(ENVIADO)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ Email: 'nueva@faro.test', PasswordActual: 'Demo1234' });
  });

  it('shows a wrong current password under its field', async () => {
    abrir(() =>
      json(400, {
        Mensaje: MSG.formInvalid,
        Errores: [{ Campo: 'PasswordActual', Mensaje: 'La contraseña actual no es correcta' }],
      }),
    );
    fireEvent.change(screen.getByLabelText(/^Nuevo correo electrónico/), { target: { value: 'nueva@faro.test' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña actual/), { target: { value: 'Mala1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    const error = await screen.findByText('La contraseña actual no es correcta');
    const wrapper = screen.getByLabelText(/^Contraseña actual/).closest('.mantine-InputWrapper-root');
    expect(wrapper?.contains(error)).toBe(true);
  });
});
