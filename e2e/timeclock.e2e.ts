import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiGet, entrar, login, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

describe('time clock (spec section 4)', () => {
  const navegador = navegadorDelBloque();

  it('Fichar → Pausar (reason) → Reanudar → Terminar, with the confirmations and the records', async () => {
    const page = await entrar(navegador(), 'empleado');
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
    const pausarBoton = page.getByRole('dialog').getByRole('button', { name: 'Pausar' });
    const antes = await pausarBoton.boundingBox();
    await reason.fill('co');
    await page.getByRole('option', { name: 'Comida' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Comida', 'Médico']);
    // Nothing moves under a click: the suggestions overlay the room the dialog keeps for them, never 'Pausar', and
    // the button stays where it was when the list opens and when it closes (the mouse-down closes it).
    await reason.fill('Comida');
    await page.getByRole('option', { name: 'Comida' }).waitFor();
    const list = await page.getByRole('listbox').boundingBox();
    const pausar = await pausarBoton.boundingBox();
    expect(list && pausar && list.y + list.height <= pausar.y).toBe(true);
    expect(pausar).toEqual(antes);
    await screenshot(page, 'fichajes-pausa-sugerencias');
    // A real click with the list open (no option chosen, no Enter): the pause is recorded.
    await pausarBoton.click();
    await waitToast(page, MSG.clockRegistered('Pausa'));
    await expect.poll(() => state.textContent()).toBe('Pausa');

    await page.getByRole('button', { name: 'Reanudar' }).click();
    await expect.poll(() => state.textContent()).toBe('Reanudación');

    // 'Terminar' asks first and shows the hours worked today.
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

  it('offline entry → sync once; a correction approved by the other side; the inspector opens the period and its PDF', async () => {
    const b = navegador();
    const page = await entrar(b, 'empleado');
    await page.goto('/usuario/fichajes');
    const state = page.getByTestId('estado-fichaje');
    await state.waitFor();
    if ((await page.getByRole('button', { name: 'Terminar' }).count()) > 0) {
      await page.getByRole('button', { name: 'Terminar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Terminar la jornada' }).click();
    }
    await expect.poll(() => state.textContent()).toBe('Salida');
    // Without network: kept on the device, flagged as pending, then sent when the network is back.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Fichar' }).click();
    await expect.poll(() => page.getByTestId('pendientes').textContent()).toBe('1 fichaje pendiente de enviar');
    await expect.poll(() => state.textContent()).toBe('Entrada');
    await screenshot(page, 'fichajes-sin-conexion');
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => page.getByTestId('pendientes').count()).toBe(0);
    const list = await apiGet<{ Items: { Offline: boolean }[] }>(page, 'rrhh/fichajesusu/list?TotalPagina=5');
    expect(list.Items[0]?.Offline).toBe(true); // the newest entry, sent once with its device time
    await page.getByRole('button', { name: 'Terminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminar la jornada' }).click();
    await expect.poll(() => state.textContent()).toBe('Salida');

    // The worker proposes a correction; nothing changes until the manager approves it.
    await page.getByRole('tab', { name: 'Mi mes' }).click();
    await page.getByRole('button', { name: 'Proponer corrección' }).click();
    await page.getByRole('dialog').getByLabel('Motivo de la corrección').fill('Fiché la entrada tarde');
    await page.getByRole('dialog').getByRole('button', { name: 'Proponer' }).click();
    await waitToast(page, 'Corrección propuesta: tu responsable debe aprobarla');
    await page.getByTestId('correcciones').getByText('Espera al responsable').first().waitFor();
    await screenshot(page, 'fichajes-mi-mes');
    await expectAccessibleBothWidths(page, 'fichajes mi mes');

    await login(b, 'demo');
    await page.goto('/controlhorario/lista?tab=correcciones');
    await page.getByTestId('correcciones').getByText('Fiché la entrada tarde').waitFor();
    const row = page.getByTestId('correcciones').locator('tr', { hasText: 'Fiché la entrada tarde' });
    await row.getByRole('button', { name: 'Aprobar' }).click();
    await waitToast(page, 'Corrección aprobada');
    await expectAccessibleBothWidths(page, 'control horario correcciones');

    // The inspector's read-only link: the period's page and its PDF, no sign-in.
    await page.goto('/controlhorario/lista?tab=inspeccion');
    await page.getByRole('button', { name: 'Crear enlace' }).click();
    const enlace = (await page.getByTestId('enlace-inspeccion').textContent())?.trim() ?? '';
    expect(enlace).toMatch(/\/api\/rrhh\/inspeccion\/ver\//);
    await expectAccessibleBothWidths(page, 'control horario inspección');
    await page.goto(enlace);
    await page.getByRole('heading', { level: 1, name: /Registro de jornada/ }).waitFor();
    await screenshot(page, 'inspeccion-periodo');
    const pdf = await page.request.get(`${enlace}/exportar?Formato=pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const write = await page.request.post(`${enlace}/datos`, { data: {} });
    expect(write.status()).toBe(403);
  }, 240_000);
});
