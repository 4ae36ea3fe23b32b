import { MSG } from '@faro/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { LOGO_SAVED, LogoUpload, logoProblem } from './LogoUpload.tsx';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('company logo upload', () => {
  it('applies the spec file rules with its exact messages', () => {
    expect(logoProblem(null)).toBe(MSG.fileMissing);
    expect(logoProblem(file('logo.png', 'image/png', 0))).toBe(MSG.fileMissing);
    expect(logoProblem(file('logo.gif', 'image/gif', 10))).toBe(MSG.fileType);
    expect(logoProblem(file('logo.png', 'text/plain', 10))).toBe(MSG.fileType);
    expect(logoProblem(file('logo.png', 'image/png', 1024 * 1024 + 1))).toBe(MSG.fileTooBig(1024));
    expect(MSG.fileTooBig(1024)).toBe('El fichero es demasiado grande. El tamaño no debe de ser superior a 1MB');
    expect(logoProblem(file('logo.JPG', 'image/jpeg', 10))).toBeNull();
    expect(logoProblem(file('logo.pdf', 'application/pdf', 10))).toBeNull();
  });

  function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    const net = mockFetch({ 'GET configuracion/empresa/logo': () => json(404, { Mensaje: 'No existe' }), ...routes });
    renderUi(<LogoUpload readOnly={false} />, { session: fakeSession() });
    return net;
  }

  it('refuses a file of another type without calling the server', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Subir logotipo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.fileMissing);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('logo.gif', 'image/gif', 10)] } });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.fileType);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a png as multipart and shows the server message on refusal', async () => {
    let answer = json(400, { Mensaje: MSG.fileType });
    const { calls } = setup({ 'POST configuracion/empresa/logo': () => answer });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('logo.png', 'image/png', 100)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir logotipo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.fileType);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.init.body).toBeInstanceOf(FormData);
    answer = json(200, { Logo: '/api/configuracion/empresa/logo', Tipo: 'png', Tamano: 100 });
    fireEvent.change(input, { target: { files: [file('logo.png', 'image/png', 100)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir logotipo' }));
    expect(await screen.findByText(LOGO_SAVED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('logo-error')).toBeNull());
  });
});
