import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/test/smtpSink.ts';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiGet, type Browser, e2eBaseURL, login, openBrowser, waitToast } from './browser.ts';

/**
 * The CRM end to end: the DEMO funnel's kanban, an opportunity moved with the keyboard ('Mover a…') and
 * another dragged to Ganada (→ its quote), an activity that shows in 'Mi agenda', a campaign e-mail queued and sent
 * through a real local SMTP server by the queue's job, and the notice of it under the bell. Axe on every screen.
 */
describe('crm: kanban (keyboard and drag) → quote → activity → agenda → campaign by SMTP → bell', () => {
  let b: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    b = await openBrowser(e2eBaseURL());
  });
  afterAll(async () => {
    await b?.close();
    await smtp?.stop();
  });

  const fase = (page: Page, nombre: string) => page.getByRole('region', { name: nombre, exact: true });
  const tarjeta = (page: Page, titulo: string) => page.locator('[data-testid^="oportunidad-"]', { hasText: titulo });

  it('moves an opportunity with the keyboard and drags another to Ganada, which offers its quote', async () => {
    await login(b, 'demo', undefined, 'DEMO');
    const { page } = b;
    await page.goto('/crmoportuni/lista');
    await fase(page, 'Contacto inicial').getByText('Renovación de equipos de oficina').waitFor();
    await expectAccessibleBothWidths(page, 'crmoportuni kanban');

    // Keyboard: 'Mover a…' on the card, then the phase.
    const menu = page.getByRole('button', { name: 'Mover a… Renovación de equipos de oficina' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const destino = page.getByRole('menuitem', { name: 'Necesidades' });
    await destino.focus();
    await page.keyboard.press('Enter');
    await fase(page, 'Necesidades').getByText('Renovación de equipos de oficina').waitFor();

    // Drag and drop onto Ganada: the won dialog offers the quote, which opens in the sales editor.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const dialogo = page.getByRole('dialog', { name: '¡Oportunidad ganada!' });
    // HTML5 drag and drop by the mouse: press on the card, move over the drop zone (twice: dragover), release. A
    // re-render of the board between press and release (the refetch after the previous move) cancels a drag, so
    // it is tried again until the won dialog shows.
    await expect
      .poll(
        async () => {
          await tarjeta(page, 'Mantenimiento anual').hover();
          await page.mouse.down();
          await page.getByTestId('cierre-Ganada').hover();
          await page.getByTestId('cierre-Ganada').hover({ position: { x: 20, y: 20 } });
          await page.mouse.up();
          return dialogo.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await dialogo.getByRole('button', { name: 'Crear presupuesto' }).click();
    await page.waitForURL(/\/pventa\/editar\/\d+$/);
  });

  it('adds a call to an opportunity and finds it in Mi agenda', async () => {
    const { page } = b;
    await page.goto('/crmoportuni/lista');
    await tarjeta(page, 'Renovación de equipos de oficina')
      .getByRole('button', { name: 'Renovación de equipos de oficina', exact: true })
      .click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('heading', { name: 'Actividades' }).waitFor();
    const asunto = `Llamada de seguimiento ${Date.now().toString().slice(-5)}`;
    await editor.getByRole('textbox', { name: /^Asunto/ }).fill(asunto);
    const hoy = new Date();
    const dia = `${hoy.getFullYear()}-${String(hoy.getMonth() + 1).padStart(2, '0')}-${String(hoy.getDate()).padStart(2, '0')}`;
    await editor.getByLabel(/^Fecha y hora/).fill(`${dia}T10:00`);
    await expectAccessibleBothWidths(page, 'crmoportuni actividades');
    await editor.getByRole('button', { name: 'Añadir actividad' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await editor.getByText(asunto).waitFor();

    await page.goto('/usuario/agenda');
    await page.getByLabel(new RegExp(asunto)).first().waitFor();
    await expectAccessibleBothWidths(page, 'agenda');
  });

  it('sends a campaign to a segment through the SMTP server and tells the bell', { timeout: 150_000 }, async () => {
    const { page } = b;
    // The company's own SMTP server: the local one of this test.
    const port = Number(new URL(smtp.url).port);
    const guardado = await page.evaluate(
      async ({ port }) => {
        const r = await fetch('/api/comunicaciones/correos/config', {
          method: 'PUT',
          headers: {
            Authorization: `Bearer ${localStorage.getItem('faro.token')}`,
            'Content-Type': 'application/json',
            'X-XSRF-TOKEN': decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? ''),
          },
          body: JSON.stringify({ SmtpHost: '127.0.0.1', SmtpPuerto: port, Remitente: 'demo@faro.local' }),
        });
        return r.status;
      },
      { port },
    );
    expect(guardado).toBe(200);
    const antes = await apiGet<{ NoLeidas: number }>(page, 'usuarios/usuario/notificaciones/noleidas');

    await page.goto('/correos/nuevo');
    const nombre = `Ofertas ${Date.now().toString().slice(-5)}`;
    await page.getByRole('textbox', { name: /^Nombre/ }).fill(nombre);
    const segmento = page.getByRole('combobox', { name: 'Segmento', exact: true });
    await segmento.click();
    await page.getByRole('option', { name: /Clientes con correo/ }).click();
    await page.getByRole('textbox', { name: /^Asunto/ }).fill('Ofertas de la semana');
    const cuerpo = page.getByTestId('plantemail-cuerpo');
    await cuerpo.click();
    await page.keyboard.type('Hola {Nombre}, tenemos ofertas para ti.');
    await expectAccessibleBothWidths(page, 'correos nueva');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await page.waitForURL(/\/correos\/editar\/\d+$/);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await waitToast(page, 'Campaña en cola');
    const encolados = Number(await page.getByTestId('informe-Encolados').textContent());
    expect(encolados).toBeGreaterThan(0);

    // Sending now runs the queue's job at once (else every minute): all through the SMTP server, the report counts them.
    await expect
      .poll(
        async () => {
          await page.reload();
          return Number(await page.getByTestId('informe-Enviados').textContent());
        },
        { timeout: 130_000, interval: 5_000 },
      )
      .toBe(encolados);
    const suyos = smtp.mails.filter((m) => m.raw.includes('Ofertas de la semana'));
    expect(suyos.length).toBe(encolados);
    expect(suyos[0]!.raw).toContain('List-Unsubscribe');
    await expectAccessibleBothWidths(page, 'correos informe');

    // The bell: one more unread, the campaign's notice on the notifications page. The notice is written right after
    // the last message, so the reload that saw every message sent may have come before it; the bell itself asks
    // every minute, so reload rather than wait for that.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByRole('link', { name: `Notificaciones: ${antes.NoLeidas + 1} sin leer` })
            .waitFor({ timeout: 3_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 70_000, interval: 1_000 },
      )
      .toBe(true);
    await page.getByRole('link', { name: /^Notificaciones/ }).click();
    await page.getByText(`Campaña «${nombre}» enviada`).waitFor();
    await expectAccessibleBothWidths(page, 'notificaciones');
  });
});
