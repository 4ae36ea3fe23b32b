import { MSG } from '@faro/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { TermsModal } from './TermsModal.tsx';

afterEach(() => vi.unstubAllGlobals());

const C = 'usuarios/usuario/contratopendiente';

function open(propietario: boolean) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const session = fakeSession({ CondicionesAceptadas: false, Propietario: propietario });
  renderUi(<TermsModal />, { session });
  return { session, modal: within(screen.getByRole('dialog', { name: 'Aviso Legal' })) };
}

describe("the 'Aviso Legal' modal", () => {
  it('stays open on Escape and gives the owner the contract, the code and the signature besides Cerrar sesión', async () => {
    const { modal, session } = open(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Aviso Legal' })).toBeTruthy();
    expect(modal.getByText(`${MSG.termsPending}.`)).toBeTruthy();
    expect(modal.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Ver el contrato',
      'Enviar el código',
      'Firmar el contrato',
      'Cerrar sesión',
    ]);
    fireEvent.click(modal.getByRole('button', { name: 'Cerrar sesión' }));
    expect(session.logout).toHaveBeenCalledOnce();
  });

  it('opens the pending contract as a PDF', async () => {
    const { calls } = mockFetch({
      [`GET ${C}/pdf`]: () => new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }),
    });
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    URL.createObjectURL = vi.fn(() => 'blob:contrato');
    URL.revokeObjectURL = vi.fn();
    const { modal } = open(true);
    fireEvent.click(modal.getByRole('button', { name: 'Ver el contrato' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('blob:contrato', '_blank', 'noopener'));
    expect(calls.map((c) => c.path)).toEqual([`${C}/pdf`]);
  });

  it('sends the code, shows a wrong code on its field, then signs and lets the app through', async () => {
    let intentos = 0;
    const { calls } = mockFetch({
      [`POST ${C}/codigo`]: () => json(200, { Mensaje: 'Te hemos enviado el código a pe***@faro.local' }),
      [`POST ${C}/firmar`]: () =>
        ++intentos === 1
          ? json(400, { Mensaje: MSG.formInvalid, Errores: [{ Campo: 'Codigo', Mensaje: 'El código no es correcto' }] })
          : json(200, { Mensaje: 'El contrato se ha firmado correctamente', Hash: 'a'.repeat(64) }),
    });
    const { modal, session } = open(true);
    fireEvent.click(modal.getByRole('button', { name: 'Enviar el código' }));
    expect(await screen.findByText('Te hemos enviado el código a pe***@faro.local')).toBeTruthy();
    fireEvent.change(modal.getByLabelText(/^Nombre del firmante/), { target: { value: 'Pendiente Pérez' } });
    fireEvent.change(modal.getByLabelText(/^Código/), { target: { value: '000000' } });
    fireEvent.click(modal.getByRole('button', { name: 'Firmar el contrato' }));
    expect(await modal.findByText('El código no es correcto')).toBeTruthy();
    expect(session.patchInfo).not.toHaveBeenCalled();
    fireEvent.change(modal.getByLabelText(/^Código/), { target: { value: '123456' } });
    fireEvent.click(modal.getByRole('button', { name: 'Firmar el contrato' }));
    await waitFor(() => expect(session.patchInfo).toHaveBeenCalledWith({ CondicionesAceptadas: true }));
    const firmas = calls.filter((c) => c.path === `${C}/firmar`).map((c) => JSON.parse(String(c.init.body)));
    expect(firmas.at(-1)).toEqual({ Firmante: 'Pendiente Pérez', Codigo: '123456' });
  });

  it('tells a member who is not the owner that only the owner signs', () => {
    const { modal } = open(false);
    expect(modal.getByText('Solo el propietario de la empresa puede firmar el contrato.')).toBeTruthy();
    expect(modal.getAllByRole('button').map((b) => b.textContent)).toEqual(['Ver el contrato', 'Cerrar sesión']);
  });
});
