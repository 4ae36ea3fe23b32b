import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE } from './axe.ts';
import { type Browser, e2eBaseURL, login, openBrowser, screenshot } from './browser.ts';

/**
 * The dashboard opens on figures: at 1366 px and on a 390 px phone the first figure starts within 200 px of the top
 * bar, the page never scrolls sideways, the sales chart has axes and values and answers the keyboard, and axe finds
 * nothing serious.
 */
describe('inicio: the owner sees the figures first', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser(e2eBaseURL());
    await login(b, 'demo', undefined, 'DEMO');
  });
  afterAll(async () => {
    await b?.close();
  });

  /** Distance from the bottom of the top bar to the top of the first figure, and the page's sideways overflow. */
  async function medir(page: Page) {
    return page.evaluate(() => {
      const barra = document.querySelector('.mantine-AppShell-header')?.getBoundingClientRect();
      const cifra = document.querySelector('[data-testid="panel-ventas"]')?.getBoundingClientRect();
      return {
        distancia: (cifra?.top ?? 9999) - (barra?.bottom ?? 0),
        sobra: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        abajo: Math.round(
          document.querySelector('[data-testid="panel-impuestos"]')?.getBoundingClientRect().bottom ?? 9999,
        ),
      };
    });
  }

  it('figures first at both widths, charts with axes and values by keyboard, axe clean', async () => {
    const { page } = b;
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/');
      await page.getByTestId('panel-oficina').waitFor();
      expect(await page.getByTestId('panel-ventas-valor').textContent()).toMatch(/\d €$/);
      expect(await page.getByTestId('impuesto-303-importe').textContent()).toMatch(/\d €$/);
      const m = await medir(page);
      expect(m.distancia, `${size.width} px`).toBeLessThanOrEqual(200);
      expect(m.distancia).toBeGreaterThanOrEqual(0);
      expect(m.sobra, `${size.width} px: sideways scroll`).toBeLessThanOrEqual(0);
      // The figures, the ageing table and the tax cards are all in the first screenful.
      expect(m.abajo, `${size.width} px: tax cards below the fold`).toBeLessThanOrEqual(size.height);

      await screenshot(page, `inicio-panel-${size.width}`);
      const grafico = page.getByTestId('grafico-ventas');
      await grafico
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .first()
        .waitFor({ state: 'attached' });
      // The value axis is in grouped euros.
      const ejeY = await grafico
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .allTextContents();
      expect(
        ejeY.some((t) => /^\d{1,3}(\.\d{3})+ €$/.test(t)),
        ejeY.join(' | '),
      ).toBe(true);
      // Keyboard: the chart takes the focus and the arrows show a month's tooltip.
      const superficie = grafico.locator('svg[tabindex="0"]').first();
      await superficie.focus();
      await page.keyboard.press('ArrowRight');
      await grafico.locator('.recharts-tooltip-wrapper').getByText(/€/).first().waitFor({ timeout: 5_000 });
      // Customer names never overlap: each tick is cut to fit and carries the whole name as its title.
      const clientes = page.getByTestId('grafico-clientes');
      const cajas = await clientes
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-label text')
        .evaluateAll((els) =>
          els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, left: r.left })),
        );
      for (let i = 1; i < cajas.length; i++) expect(cajas[i]!.top).toBeGreaterThanOrEqual(cajas[i - 1]!.bottom - 1);
      const izquierda = await clientes.boundingBox();
      for (const c of cajas) expect(c.left).toBeGreaterThanOrEqual(izquierda!.x);
      await page.keyboard.press('Escape');
      await expectAccessible(page, 'inicio panel');
    }
    await page.setViewportSize(DESKTOP);
  }, 120_000);

  it("the 303 card opens the 303 screen on the card's period, with that period's boxes", async () => {
    const { page } = b;
    await page.goto('/');
    const titulo = await page
      .getByTestId('panel-impuestos')
      .getByText(/^Impuestos /)
      .textContent();
    const [, periodo, anyo] = /^Impuestos (\S+) (\d{4})$/.exec(titulo?.trim() ?? '') ?? [];
    expect(periodo, titulo ?? '').toBeTruthy();
    // The screen asks for that period's computation, not the default one.
    const calculo = page.waitForResponse((r) => r.url().includes(`/modtributarios/calcular/303/${anyo}/${periodo}`));
    await page.getByTestId('impuesto-303').getByRole('link', { name: 'Modelo 303', exact: true }).click();
    await page.waitForURL(/\/modtributarios\/lista\?/);
    expect((await calculo).status()).toBe(200);
    expect(await page.getByRole('combobox', { name: 'Ejercicio', exact: true }).inputValue()).toBe(anyo);
    expect(await page.getByRole('combobox', { name: 'Periodo', exact: true }).inputValue()).toBe(
      `${periodo![0]}.º trimestre`,
    );
    await page.getByRole('table', { name: 'IVA devengado · Régimen general' }).locator('tbody tr').first().waitFor();
  }, 60_000);
});
