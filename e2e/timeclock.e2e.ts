import { MSG } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { type Browser, login, openBrowser, screenshot, waitToast } from './browser.ts';

describe('time clock (spec section 4)', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser(inject('baseURL'));
  });
  afterAll(async () => {
    await b?.close();
  });

  it('Fichar → Pausar (reason) → Reanudar → Terminar, with the confirmations and the records', async () => {
    await login(b, 'empleado');
    const { page } = b;
    await page.goto('/usuario/fichajes');
    const state = page.getByTestId('estado-fichaje');
    await state.waitFor();
    // Leave any state of earlier runs: back to "no state / s".
    if ((await page.getByRole('button', { name: 'Reanudar' }).count()) > 0) {
      await page.getByRole('button', { name: 'Reanudar' }).click();
      await expect.poll(() => state.textContent()).toBe('Reanudación');
    }
    if ((await page.getByRole('button', { name: 'Terminar' }).count()) > 0) {
      await page.getByRole('button', { name: 'Terminar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Terminar la jornada' }).click();
      await expect.poll(() => state.textContent()).toBe('Salida');
    }

    await page.getByRole('button', { name: 'Fichar' }).click();
    await waitToast(page, MSG.clockRegistered('Entrada'));
    await expect.poll(() => state.textContent()).toBe('Entrada');

    await page.getByRole('button', { name: 'Pausar' }).click();
    const reason = page.getByRole('dialog').locator('input');
    await page.getByRole('dialog').getByRole('button', { name: 'Pausar' }).click();
    await page.getByText('Motivo de la pausa es obligatorio').waitFor();
    await reason.fill('co');
    await page.getByRole('option', { name: 'Comida' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Comida', 'Médico']);
    // Issue 11.7: the suggestions open below the field and push the buttons down, never over 'Pausar'.
    const list = await page.getByRole('listbox').boundingBox();
    const pausar = await page.getByRole('dialog').getByRole('button', { name: 'Pausar' }).boundingBox();
    expect(list && pausar && list.y + list.height <= pausar.y).toBe(true);
    await screenshot(page, 'fichajes-pausa-sugerencias');
    await page.getByRole('option', { name: 'Comida' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pausar' }).click();
    await waitToast(page, MSG.clockRegistered('Pausa'));
    await expect.poll(() => state.textContent()).toBe('Pausa');

    await page.getByRole('button', { name: 'Reanudar' }).click();
    await expect.poll(() => state.textContent()).toBe('Reanudación');

    // Issue 11.7: 'Terminar' asks first and shows the hours worked today.
    await page.getByRole('button', { name: 'Terminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Terminar la jornada' });
    await confirm.getByText(/Hoy has trabajado \d/).waitFor();
    await screenshot(page, 'fichajes-terminar-confirmacion');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    expect(await state.textContent()).toBe('Reanudación');
    await page.getByRole('button', { name: 'Terminar' }).click();
    await confirm.getByRole('button', { name: 'Terminar la jornada' }).click();
    await waitToast(page, MSG.clockRegistered('Salida'));
    await expect.poll(() => state.textContent()).toBe('Salida');
    await page.getByRole('button', { name: 'Fichar' }).waitFor();

    const rows = page.getByTestId('fichajes').locator('tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const first = await rows.first().textContent();
    expect(first).toContain('Salida');
    expect(await page.getByTestId('fichajes').textContent()).toContain('Comida');
    expect(await page.getByTestId('fichajes').textContent()).toContain('40.4168, -3.7038');
    await screenshot(page, 'fichajes-ciclo');
    await expectAccessibleBothWidths(page, 'fichajes ciclo');
  });
});
