import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { ARTIFACTS, apiGet, entrar, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

/**
 * The driving school end to end, on days of 2099 so the demo's week never gets in the way: the office
 * books a class with the form and another by dragging a student onto the calendar, the instructor confirms his on a
 * 390 px phone, the exam day gets an APTO, the pass statistics show it, and the exam forms PDF carries the student
 * (read back with pdftotext). Every screen audited by axe at 1366 and 390 px.
 */
const DIA = '2099-03-02';
const EXAMEN = '2099-03-10';

/** POST to the API with the page's session and CSRF cookie. */
async function apiPost<T>(page: Page, apiPath: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ p, b }) => {
      const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '';
      const r = await fetch(`/api/${p}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('faro.token')}`,
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: JSON.stringify(b),
      });
      return r.json();
    },
    { p: apiPath, b: body },
  );
}

describe('autoescuela: book classes → instructor confirms on a phone → exam → APTO → statistics → exam forms PDF', () => {
  const navegador = navegadorDelBloque();
  const id = { sergio: 0, lucia: 0, hugo: 0 };

  it('the office books a class with the form and another by dragging a student onto a free slot', async () => {
    const page = await entrar(navegador(), 'autoescuela', 'AUTOESCUELA');
    const profes = await apiGet<{ Items: { Id: number; Email: string }[] }>(
      page,
      'formacion/profesores/list?TotalPagina=200',
    );
    id.sergio = profes.Items.find((p) => p.Email === 'instructor@faro.local')!.Id;
    const alumnos = await apiGet<{ Items: { Id: number; Nombre: string }[] }>(
      page,
      'formacion/alumnos/list?TotalPagina=200',
    );
    id.lucia = alumnos.Items.find((a) => a.Nombre === 'Lucía')!.Id;
    id.hugo = alumnos.Items.find((a) => a.Nombre === 'Hugo')!.Id;

    await page.goto(`/clases/lista?dia=${DIA}&vista=semana&profesor=${id.sergio}`);
    const semana = page.getByRole('region', { name: 'Semana del 02/03/2099' });
    await semana.waitFor();
    // The keyboard way: the form.
    await page.getByRole('button', { name: 'Nueva clase' }).click();
    const form = page.getByRole('region', { name: 'Nueva clase' });
    await form.getByLabel('Alumno').selectOption({ label: 'Lucía García Martín' });
    await form.getByLabel('Vehículo').selectOption({ index: 1 });
    await form.getByLabel('Fecha').fill(DIA);
    await form.getByLabel('Hora').fill('10:00');
    await form.getByLabel('Punto de recogida').fill('Plaza de España');
    await form.getByRole('button', { name: 'Reservar' }).click();
    await waitToast(page, 'Clase reservada');
    await semana.getByText('10:00 · Lucía García Martín').waitFor();

    // Dragging: Hugo onto Tuesday 11:00 opens the form filled in; a clash would be named in Spanish.
    await page
      .locator('[aria-label="Alumnos para arrastrar"] >> text=Hugo Fernández López')
      .dragTo(page.locator(`[data-hueco="2099-03-03|${id.sergio}|11:00"]`));
    const arrastrada = page.getByRole('region', { name: 'Nueva clase' });
    await expect.poll(() => arrastrada.getByLabel('Hora').inputValue()).toBe('11:00');
    await arrastrada.getByRole('button', { name: 'Reservar' }).click();
    await semana.getByText('11:00 · Hugo Fernández López').waitFor();
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
    await expectAccessibleBothWidths(page, 'clases semana');
    await screenshot(page, 'autoescuela-clases');
  });

  it('the instructor confirms his class on a 390 px phone', async () => {
    const page = await entrar(navegador(), 'instructor', 'AUTOESCUELA');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/clases/lista?dia=${DIA}`);
    const tarjeta = page.locator('.mantine-Card-root', { hasText: 'Lucía García Martín' });
    await tarjeta.getByRole('button', { name: 'Confirmar' }).click();
    await tarjeta.getByText('Confirmada').waitFor();
    await screenshot(page, 'autoescuela-instructor-telefono');
    await expectAccessibleBothWidths(page, 'clases instructor');
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('the exam: Lucía is APTO, the statistics count her, the forms PDF carries her data', async () => {
    const page = await entrar(navegador(), 'autoescuela', 'AUTOESCUELA');
    const examen = await apiPost<{ Id: number }>(page, 'formacion/calexamenes/save', {
      Fecha: EXAMEN,
      TipoExamen: 'circulacion',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      IdAlumno: id.lucia,
      IdProfesor: id.sergio,
      Asistencia: 'c',
    });
    expect(examen.Id).toBeGreaterThan(0);
    await page.goto(`/calexamenes/resultados?fecha=${EXAMEN}`);
    await page.getByLabel('Resultado de Lucía García Martín').selectOption('APTO');
    await waitToast(page, 'Guardado: Lucía García Martín');
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
    await expectAccessibleBothWidths(page, 'calexamenes resultados');

    await page.goto('/calexamenes/estadisticas?desde=2099-01-01&hasta=2099-12-31');
    // The chart of pass rates per instructor, with its figures as a table for screen readers.
    const porProfesor = page.getByRole('table', { name: 'Por profesor' });
    await porProfesor.waitFor({ state: 'attached' });
    expect(await porProfesor.getByRole('row', { name: /Sergio Molina Ortega/ }).textContent()).toContain('100 %');
    await page.getByText('Sergio Molina Ortega: 100 % (1 de 1)').waitFor();
    await expectAccessibleBothWidths(page, 'calexamenes estadisticas');

    await page.goto(`/imprexamenes/lista?fecha=${EXAMEN}`);
    await page.getByRole('cell', { name: 'Lucía García Martín' }).waitFor();
    await expectAccessibleBothWidths(page, 'imprexamenes');
    const base64 = await page.evaluate(async (fecha) => {
      const r = await fetch(`/api/formacion/imprexamenes/pdf?fecha=${fecha}&impreso=relacion`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('faro.token')}` },
      });
      const bytes = new Uint8Array(await r.arrayBuffer());
      let s = '';
      for (const x of bytes) s += String.fromCharCode(x);
      return btoa(s);
    }, EXAMEN);
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, 'autoescuela-impreso.pdf');
    writeFileSync(file, Buffer.from(base64, 'base64'));
    const texto = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(texto).toContain('Relación de alumnos presentados a examen');
    expect(texto).toContain('Fecha del examen: 10/03/2099');
    expect(texto).toContain('Lucía García Martín');
    expect(texto).toContain('Total de alumnos: 1');
  });
});
