import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const anon = () => ({ ...fakeSession(), state: { status: 'anon' as const } });

describe('login screen', () => {
  it('has the fields "Usuario" and "Contraseña" and the button "Entrar"', () => {
    renderUi(<LoginPage />, { session: anon() });
    expect(screen.getByLabelText(/^Usuario/)).toBeTruthy();
    expect(screen.getByLabelText(/^Contraseña/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
  });

  it('an empty submit marks both fields and shows the form error', async () => {
    renderUi(<LoginPage />, { session: anon() });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Usuario es obligatorio')).toBeTruthy();
    expect(screen.getByText('Contraseña es obligatorio')).toBeTruthy();
    expect(await screen.findByText('Revisa los errores del formulario')).toBeTruthy();
  });

  it('posts the credentials with the client id and hands the tokens to the session', async () => {
    setCookie('XSRF-TOKEN', 'x');
    const tokens = { Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 60_000).toISOString() };
    const { calls } = mockFetch({ 'POST usuarios/registro/login': () => json(200, tokens) });
    const session = anon();
    renderUi(<LoginPage />, { session });
    fireEvent.change(screen.getByLabelText(/^Usuario/), { target: { value: ' demo ' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(session.login).toHaveBeenCalledWith(tokens));
    const body = JSON.parse(String(calls[0]!.init.body));
    expect(body).toMatchObject({ Usuario: 'demo', Password: 'Demo1234' });
    expect(body.IdCliente).toBe(localStorage.getItem('faro.idCliente'));
  });

  it('registro/{código} shows the company and remembers the code', async () => {
    mockFetch({
      'GET usuarios/registro/obtenerlogo': (_i, url) =>
        json(200, { Codigo: url.searchParams.get('Codigo'), Nombre: 'Comercial Demo SL', Logo: null }),
    });
    renderUi(<LoginPage code="DEMO" />, { session: anon() });
    expect(await screen.findByText('Comercial Demo SL')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('faro.codigoEmpresa')).toBe('DEMO'));
  });
});
