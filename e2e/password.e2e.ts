import { MSG } from '@faro/domain';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { entrar, login, navegadorDelBloque, PASSWORD, screenshot, waitToast } from './browser.ts';

async function openChangePassword(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
  return page.getByRole('dialog', { name: 'Cambiar contraseña' });
}

async function change(page: Page, current: string, next: string, repeat = next) {
  const dialog = await openChangePassword(page);
  await dialog.getByLabel('Contraseña actual').fill(current);
  await dialog.getByLabel('Nueva contraseña').fill(next);
  await dialog.getByLabel('Repetición de la contraseña').fill(repeat);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  return dialog;
}

describe('change password (spec section 5)', () => {
  const navegador = navegadorDelBloque();

  it('shows the exact rules and messages', async () => {
    const page = await entrar(navegador(), 'tutor');
    const dialog = await openChangePassword(page);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Contraseña actual es obligatorio').waitFor();
    await dialog.getByText('Nueva contraseña es obligatorio').waitFor();
    await dialog.getByText(MSG.formInvalid).waitFor();
    await dialog.getByLabel('Nueva contraseña').fill('abc');
    await dialog.getByText('Nueva contraseña debe contener mínimo 8 caracteres').waitFor();
    await dialog.getByText('El formato es incorrecto').waitFor();
    await dialog.getByLabel('Nueva contraseña').fill('Abcdefg1');
    await dialog.getByLabel('Repetición de la contraseña').fill('Abcdefg2');
    await dialog.getByText(MSG.passwordMismatch).waitFor();
    await screenshot(page, 'cambiar-contrasena');
    await expectAccessibleBothWidths(page, 'cambiar-contrasena');
    await page.keyboard.press('Escape');
  });

  it('a wrong current password is refused by the server; a right one updates it', async () => {
    const b = navegador();
    const { page } = b;
    const refused = await change(page, 'Mala1234', 'Nueva1234');
    // The server's 400 error lands under its field.
    await refused.getByText('La contraseña actual no es correcta').waitFor();
    await waitToast(page, MSG.formInvalid);
    await page.keyboard.press('Escape');

    await change(page, PASSWORD, 'Nueva1234');
    await waitToast(page, MSG.passwordUpdated);

    await login(b, 'tutor', 'Nueva1234');
    await change(page, 'Nueva1234', PASSWORD);
    await waitToast(page, MSG.passwordUpdated);
  });
});
