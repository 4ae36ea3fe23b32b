import { Modal, Pagination } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../features/registro/LoginPage.tsx';
import { fakeSession, renderUi } from '../test/render.tsx';

/** no English label of the component libraries reaches the screen. */
const ENGLISH = /Toggle password visibility|Close|Previous|Next|Search\.\.\.|No records|Records per page/;

function englishLabels(): string[] {
  return Array.from(document.querySelectorAll('[aria-label],[placeholder],[title]'))
    .flatMap((e) => ['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? ''))
    .filter((v) => ENGLISH.test(v));
}

describe('Spanish defaults of the component libraries', () => {
  it("the login's show-password button says 'Mostrar contraseña'", () => {
    renderUi(<LoginPage />, { session: { ...fakeSession(), state: { status: 'anon' } } });
    const toggle = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(englishLabels()).toEqual([]);
  });

  it('close buttons, page controls and calendar controls are labelled in Spanish', async () => {
    renderUi(
      <>
        <Modal opened onClose={() => {}} title="Diálogo">
          contenido
        </Modal>
        <Pagination total={5} value={2} onChange={() => {}} withEdges />
        <DateInput label="Fecha" defaultValue="2026-11-12" />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Cerrar' })).toBeTruthy();
    for (const name of ['Primera página', 'Página anterior', 'Página siguiente', 'Última página']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    fireEvent.click(screen.getByLabelText('Fecha'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeTruthy());
    expect(document.querySelector('[aria-label="Mes siguiente"]')).toBeTruthy();
    expect(englishLabels()).toEqual([]);
  });
});
