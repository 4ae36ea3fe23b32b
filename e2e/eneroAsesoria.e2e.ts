import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessibleBothWidths, PHONE } from './axe.ts';
import { login, navegadorDelBloque, screenshot } from './browser.ts';

/**
 * The adviser's January, walked by the demo advisory firm's user (`asesoria`), who keeps the books of
 * Comercial Demo SL and files its taxes (the demo seed gives the firm level 3 there): it signs in at its firm, enters
 * the client from the work queue and, for last year
 * (the demo's books run for the twelve months up to yesterday, so last year always has its fourth quarter), saves
 * and files the 303 of the 4th quarter and the 390 with a receipt number and the AEAT's PDF, sees the cross-check
 * agree, reads sumas y saldos and the P&L of that year down to an invoice, and closes the year on the close screen,
 * seeing the next year's opening entry. The e2e server is shared: other journeys post to DEMO today, never to last
 * year, and this one REOPENS last year at its end, so the year is closed only for a few seconds. In January the
 * models journey (`impuestos.e2e.ts`) files the same 303 (its default period); then this one finds it filed.
 */
const Y = new Date().getFullYear() - 1;
const LENTO = { timeout: 30_000 };
const PDF = Buffer.from(`%PDF-1.4\n%Justificante de presentación AEAT ${Y}\n%%EOF\n`);

describe('the adviser’s January: 303 4T and 390 filed with their receipt, cross-check, ledger, year close', () => {
  const navegador = navegadorDelBloque();

  it('files, checks, drills down and closes last year', async () => {
    const b = navegador();
    // The adviser signs in at its firm and enters the client from the work queue, as on any morning.
    await login(b, 'asesoria', undefined, 'ASESORIA');
    const { page } = b;
    await page.setViewportSize(DESKTOP);
    await page.goto('/aseempresas/lista');
    const demo = page.getByRole('article', { name: 'Comercial Demo SL' });
    await demo.getByText(/Completo \(también borrar\)/).waitFor(LENTO);
    await demo.getByRole('button', { name: 'Entrar en Comercial Demo SL', exact: true }).click();
    await expect.poll(() => page.getByTestId('company-name').textContent(), LENTO).toBe('Comercial Demo SL');

    // 1. The 303 of the 4th quarter and the 390 of last year: saved, then filed with the receipt and its PDF.
    await page.goto('/modtributarios/lista');
    await page.getByRole('heading', { name: 'Modelos tributarios' }).waitFor(LENTO);
    const elegir = async (campo: string, opcion: string) => {
      await page.getByRole('combobox', { name: campo }).click();
      await page.getByRole('option', { name: opcion, exact: true }).click();
    };
    const presentar = async (modelo: string, justificante: string) => {
      await page.getByText(/^(Presentada|Borrador guardado|Sin guardar)$/).waitFor(LENTO);
      if (await page.getByText('Presentada', { exact: true }).isVisible()) return;
      await page.getByRole('button', { name: 'Guardar borrador' }).click();
      await page.getByText('Borrador guardado', { exact: true }).first().waitFor(LENTO);
      await page.getByRole('button', { name: 'Marcar como presentado' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Marcar como presentado' });
      await dialogo.getByLabel('Fecha de presentación').fill(`${Y + 1}-01-20`);
      await dialogo.getByLabel('CSV o número de justificante').fill(justificante);
      await dialogo
        .locator('input[type="file"]')
        .setInputFiles({ name: `justificante-${modelo}.pdf`, mimeType: 'application/pdf', buffer: PDF });
      await dialogo.getByRole('button', { name: 'Marcar como presentado' }).click();
      await page.getByText('Modelo marcado como presentado').first().waitFor(LENTO);
      await page.getByText('Presentada', { exact: true }).first().waitFor(LENTO);
      const guardados = page.getByRole('table', { name: 'Modelos guardados' });
      await guardados.getByText(justificante, { exact: false }).waitFor(LENTO);
      // The PDF comes back from the saved return.
      const descarga = page.waitForEvent('download');
      await guardados.getByRole('button', { name: new RegExp(`^Descargar PDF del justificante ${modelo} `) }).click();
      expect((await descarga).suggestedFilename()).toBe(`justificante-${modelo}.pdf`);
    };
    await elegir('Ejercicio', String(Y));
    await elegir('Periodo', '4.º trimestre');
    await presentar('303', `ENE303${Y}4TCSV`);
    await expectAccessibleBothWidths(page, 'enero asesor 303 presentado con justificante');
    await page.setViewportSize(DESKTOP);
    await elegir('Modelo', 'Modelo 390 · IVA. Declaración-resumen anual');
    expect(await page.getByRole('combobox', { name: 'Periodo' }).inputValue()).toBe('Anual');
    await presentar('390', `ENE390${Y}CSV`);
    await screenshot(page, 'enero-asesor-390-presentado');

    // The fiscal calendar's row offers the same PDF.
    await page.goto(`/calendariofiscal/lista?Anyo=${Y}`);
    const calendario = page.getByRole('table', { name: `Calendario fiscal ${Y}` });
    await calendario.getByRole('button', { name: /^Descargar PDF del justificante 303 4/ }).waitFor(LENTO);

    // 2. The cross-check: the 390 against the four 303s, no difference.
    await page.goto('/modtributarios/comprobaciones');
    await page.getByRole('heading', { name: 'Comprobaciones anuales', level: 1 }).waitFor(LENTO);
    await elegir('Ejercicio', String(Y));
    const t390 = page.getByRole('table', { name: 'Modelo 390 frente a los cuatro modelos 303' });
    await t390.getByText('presentado').first().waitFor(LENTO);
    const tarjeta = page.locator('.mantine-Card-root', { has: t390 });
    await tarjeta.getByText('Cuadra', { exact: true }).waitFor(LENTO);
    expect(await tarjeta.getByText('Con diferencias', { exact: true }).count()).toBe(0);

    // 3. The ledger of that year: every document posted, sumas y saldos, the P&L, account → entry → invoice.
    await page.goto(`/contabilidad/libro?anyo=${Y}`);
    await page.getByRole('tab', { name: 'Libro contable', selected: true }).waitFor(LENTO);
    await page.getByRole('button', { name: 'Generar asientos' }).click();
    await page
      .getByText(/Asientos generados: \d+/)
      .first()
      .waitFor(LENTO);
    const sumas = page.getByRole('table', { name: 'Sumas y saldos' });
    await sumas.getByText('Cuadrado').waitFor(LENTO);
    await page.getByRole('tab', { name: 'Pérdidas y ganancias' }).click();
    await page.getByRole('table', { name: 'Pérdidas y ganancias' }).waitFor(LENTO);
    await page.getByRole('tab', { name: 'Sumas y saldos' }).click();
    const cliente = sumas.getByRole('button', { name: /^430\d+$/ }).first();
    const codigo = ((await cliente.textContent()) ?? '').trim();
    await cliente.click();
    const mayor = page.getByRole('table', { name: `Mayor de ${codigo}` });
    await mayor
      .getByRole('button', { name: /^Asiento \d+$/ })
      .first()
      .click();
    const asiento = page.getByRole('dialog');
    await asiento.getByRole('table', { name: /^Apuntes del asiento \d+$/ }).waitFor(LENTO);
    await asiento.getByRole('link').first().click();
    await page.waitForURL(/\/fventa\/editar\/\d+$/, LENTO);

    // 4. The year close: checklist, confirmation, the entries written (the next year's opening linked), reopened.
    await page.goto('/contabilidad/cierre');
    await page.getByRole('tab', { name: 'Cierre del ejercicio', selected: true }).waitFor(LENTO);
    await page.getByRole('heading', { name: `Cierre del ejercicio ${Y}` }).waitFor(LENTO);
    await page.getByText('Todos los documentos del ejercicio tienen su asiento.').waitFor(LENTO);
    await page.getByText('Cuadrado', { exact: true }).waitFor(LENTO);
    await expectAccessibleBothWidths(page, 'enero asesor cierre revisión');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Cerrar ejercicio' }).click();
    const confirmar = page.getByRole('dialog', { name: `Cerrar el ejercicio ${Y}` });
    await confirmar.getByText(/cuenta 129/).waitFor();
    await confirmar.getByRole('button', { name: `Cerrar el ejercicio ${Y}` }).click();
    const escritos = page.getByRole('table', { name: 'Asientos del cierre' });
    await escritos.waitFor(LENTO);
    try {
      const apertura = escritos.getByRole('row').filter({ hasText: 'Apertura' }).getByRole('link');
      expect((await apertura.textContent())?.trim()).toMatch(new RegExp(`^Asiento \\d+ \\(${Y + 1}\\)$`));
      expect(await escritos.getByRole('row').filter({ hasText: 'Regularización (129)' }).count()).toBe(1);
      await expectAccessibleBothWidths(page, 'enero asesor cierre hecho');
      await screenshot(page, 'enero-asesor-cierre');
      // The opening entry in the ledger: the next year's diario with the entry open.
      await apertura.click();
      await page
        .getByRole('dialog')
        .getByRole('table', { name: /^Apuntes del asiento \d+$/ })
        .waitFor(LENTO);
      await page
        .getByRole('dialog')
        .getByText(`01/01/${Y + 1}`, { exact: false })
        .waitFor();
    } finally {
      // Reopened at once: the other journeys share this server.
      await page.goto('/contabilidad/cierre');
      await page.getByRole('heading', { name: `Cierre del ejercicio ${Y}` }).waitFor(LENTO);
      await page.getByRole('button', { name: /^(Reabrir|Cerrar) ejercicio$/ }).waitFor(LENTO);
      await page.getByRole('button', { name: 'Reabrir ejercicio' }).click();
      await page
        .getByRole('dialog', { name: `Reabrir el ejercicio ${Y}` })
        .getByRole('button', { name: `Reabrir el ejercicio ${Y}` })
        .click();
      await page.getByRole('button', { name: 'Cerrar ejercicio' }).waitFor(LENTO);
    }
    await page.setViewportSize(PHONE);
  }, 90_000);
});
