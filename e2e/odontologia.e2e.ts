import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { entrar, irA, navegadorDelBloque, waitToast } from './browser.ts';

/**
 * The dental practice end to end: the owner 'dental' finds a demo patient, reads her clinical history,
 * opens her odontogram, moves along the teeth with the keyboard, marks a planned filling on two surfaces of a tooth
 * and sees it named on the tooth; the day's appointments and the plans list load. Every screen audited by axe at
 * 1366 and 390 px.
 */
describe('odontologia: patient → history → odontogram by keyboard → appointments and plans', () => {
  const navegador = navegadorDelBloque();

  it('opens Ana’s file and her odontogram, and marks a tooth by keyboard', async () => {
    const page = await entrar(navegador(), 'dental', 'DENTAL');
    await page.goto('/pacientes/lista');
    await page.getByLabel('Buscar paciente').fill('Martín');
    await page.getByRole('link', { name: 'Ana Martín Ruiz' }).click();
    await page.waitForURL(/\/pacientes\/editar\/\d+$/);
    await expect.poll(() => page.getByLabel('Alergias').inputValue()).toBe('Penicilina');
    await expectAccessibleBothWidths(page, 'pacientes ficha');

    await page.getByRole('tab', { name: 'Odontograma' }).click();
    const t16 = page.getByRole('button', { name: /^Pieza 16:/ });
    await t16.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Pieza 17' }).waitFor();
    await page.getByRole('checkbox', { name: 'D · Distal' }).check();
    await page.getByRole('checkbox', { name: /^O · Oclusal/ }).check();
    await page.getByLabel(/^Descripción/).fill('Caries distal');
    await page.getByRole('button', { name: 'Añadir a la pieza 17' }).click();
    await waitToast(page, 'Marca añadida en la pieza 17');
    await page.getByRole('button', { name: 'Pieza 17: 1 planificado' }).waitFor();
    await expectAccessibleBothWidths(page, 'odontograma');
  });

  it('shows the appointments of the day per dentist and the plans', async () => {
    const { page } = navegador();
    await irA(page, '/citas/lista', 'Laura Vidal');
    await expectAccessibleBothWidths(page, 'citas');
    await page.goto('/planestrat/lista');
    await page.getByRole('cell', { name: 'Ana Martín Ruiz' }).first().waitFor();
    await expectAccessibleBothWidths(page, 'planestrat');
  });
});
