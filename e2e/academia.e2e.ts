import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiGet, entrar, irA, login, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

/**
 * The academy end to end: the office enrols a minor paid by her tutor, puts her in a course, sees the
 * timetable, the teacher takes attendance on a phone, the office generates the month's charges and invoices them;
 * the tutor logs in and sees the balance and the invoices. Every screen audited by axe at 1366 and 390 px.
 */
describe('academia: enrol a minor with a tutor → timetable → attendance on a phone → charges → invoices → tutor portal', () => {
  const navegador = navegadorDelBloque();

  const elegir = async (label: string, texto: string | RegExp) => {
    const { page } = navegador();
    const campo = page.getByRole('combobox', { name: label, exact: true });
    await campo.click();
    await page.getByRole('option', { name: texto }).first().click();
  };

  let alumno: { apellidos: string; id: number } | undefined;

  it('enrols a minor paid by her tutor: codes from the counters, the file passes axe', async () => {
    const page = await entrar(navegador(), 'academia', 'ACADEMIA');
    const apellidos = `Journey ${Date.now().toString().slice(-6)}`;

    // 1. A minor's file: codes come from the counters; the tutor (Marta López) pays.
    await page.goto('/matriculas/nuevo');
    await page.getByRole('textbox', { name: /^Nombre/ }).fill('Nora');
    await page.getByRole('textbox', { name: /^Apellidos/ }).fill(apellidos);
    const nacimiento = page.getByLabel('Fecha de nacimiento');
    await nacimiento.fill(`15/03/${new Date().getFullYear() - 12}`);
    await nacimiento.press('Enter');
    await elegir('Tutor', /Marta/);
    await page.getByLabel('Paga el tutor').check();
    await elegir('Estado', 'Activo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await page.waitForURL(/\/matriculas\/editar\/\d+$/);
    const idAlumno = Number(page.url().split('/').pop());
    await expect.poll(() => page.getByLabel('Código de matrícula').inputValue()).toMatch(/^MAT-\d{4}$/);
    await page.locator('.mantine-Notification-root').waitFor({ state: 'detached', timeout: 15_000 });
    await expectAccessibleBothWidths(page, 'matriculas ficha');
    alumno = { apellidos, id: idAlumno };
  });

  // Each step of the month is its own test (they share the browser and the student): a failure names its step.
  it('puts her in English B2 group A from the 1st; the week timetable passes axe', async () => {
    const { page } = navegador();
    const { apellidos } = alumno!;
    await page.goto('/cursando/nuevo');
    await elegir('Alumno', `Nora ${apellidos}`);
    await elegir('Curso', 'Inglés B2');
    await page.getByLabel('Grupo').fill('A');
    const alta = page.getByLabel('Fecha de alta');
    const hoy = new Date();
    await alta.fill(`01/${String(hoy.getMonth() + 1).padStart(2, '0')}/${hoy.getFullYear()}`);
    // Not Enter: Enter in a field submits the form, so the click below found nothing to save and its toast said
    // 'No hay cambios para guardar' (what hid the confirmation of this step before).
    await alta.press('Tab');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await page.waitForURL(/\/cursando\/editar\/\d+$/);

    await page.goto('/horario/lista');
    await page.getByRole('region', { name: 'Horario semanal' }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Horario semanal' }).textContent()).toContain('Inglés B2');
    await expectAccessibleBothWidths(page, 'horario semana');
    await screenshot(page, 'academia-horario');
  });

  it('the teacher, on a phone: attendance in two taps, then her marks (weighted mean)', async () => {
    const b = navegador();
    const { page } = b;
    const { apellidos } = alumno!;
    await login(b, 'profesor', undefined, 'ACADEMIA');
    await page.setViewportSize({ width: 390, height: 844 });
    const mio = await apiGet<{ Sesiones: { Id: number; IdCurso: number; Curso: string }[] }>(
      page,
      'formacion/horario/mio',
    );
    const sesion = mio.Sesiones.find((s) => s.Curso === 'Inglés B2')!;
    await page.goto(`/horario/asistencia/${sesion.Id}`);
    const tarjeta = page.locator('.mantine-Card-root', { hasText: `Nora ${apellidos}` });
    await tarjeta.waitFor();
    await tarjeta.getByText('Falta', { exact: true }).click();
    await tarjeta.locator('.mantine-Badge-root', { hasText: 'Falta' }).waitFor();
    await screenshot(page, 'academia-asistencia-telefono');
    await expectAccessibleBothWidths(page, 'horario asistencia');

    // Marks of the 1st term: written exam 8 (weight 60), speaking 6 (weight 40) → 7,20.
    await page.goto(`/alumnosprofe/evaluacion/${sesion.IdCurso}`);
    const ficha = page.locator('.mantine-Card-root', { hasText: `Nora ${apellidos}` });
    await ficha.waitFor();
    await ficha.getByLabel(/^Examen escrito/).fill('8');
    await ficha.getByLabel(/^Expresión oral/).fill('6');
    await ficha.getByLabel(/^Expresión oral/).press('Tab');
    await ficha.getByText('Nota final: 7,20').waitFor();
    await expectAccessibleBothWidths(page, 'evaluacion');
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it("the office: the month's fees, invoiced per payer by direct debit, ready for the SEPA batch", async () => {
    const b = navegador();
    const { page } = b;
    const { apellidos, id: idAlumno } = alumno!;
    await login(b, 'academia', undefined, 'ACADEMIA');
    await page.goto('/factcobros/lista');
    await page.getByRole('button', { name: 'Generar cuotas del mes' }).click();
    await page.locator('.mantine-Notification-root').first().waitFor();
    await page.getByRole('tab', { name: /Pendientes de facturar/ }).click();
    await page.getByRole('link', { name: `Nora ${apellidos}` }).waitFor();
    await expectAccessibleBothWidths(page, 'factcobros');
    await page.getByRole('button', { name: 'Facturar cargos pendientes' }).click();
    await waitToast(page, 'facturas');
    const cargos = await apiGet<{ Items: { IdFactura: number | null }[] }>(
      page,
      `formacion/cargos/list?Filtros=${encodeURIComponent(JSON.stringify({ IdAlumno: idAlumno }))}`,
    );
    expect(cargos.Items.length).toBeGreaterThan(0);
    expect(cargos.Items.every((c) => c.IdFactura)).toBe(true);
    // The invoice's receipt is one the treasury can put in a SEPA direct-debit batch (under the tutor's mandate).
    const recibos = await apiGet<{
      Items: { IdFactura: number; MandatoRef: string | null; Problema: string | null }[];
    }>(page, 'tesoreria/remesas/recibos');
    const suyo = recibos.Items.find((r) => r.IdFactura === cargos.Items[0]!.IdFactura);
    expect(suyo?.MandatoRef).toBeTruthy();
    expect(suyo?.Problema).toBeNull();
  });

  it("the tutor sees her balance and downloads the invoices in 'Mis gestiones'", async () => {
    const b = navegador();
    const { page } = b;
    await login(b, 'tutor', undefined, 'ACADEMIA');
    await irA(page, '/portalusaldo/lista', 'Mi saldo');
    await page
      .getByText(/Marta López/)
      .first()
      .waitFor();
    await expectAccessibleBothWidths(page, 'portalusaldo');
    await page.goto('/portalufacturas/lista');
    await page
      .getByRole('button', { name: /^Descargar / })
      .first()
      .waitFor();
    await expectAccessibleBothWidths(page, 'portalufacturas');
    await screenshot(page, 'academia-portal-facturas');
  });

  it("the tutor sends the academy a signed PDF for her daughter from 'Mis documentos'", async () => {
    const { page } = navegador();
    await page.goto('/portaludocumentos/lista');
    await page.getByRole('button', { name: 'Subir un documento de Lucía' }).waitFor();
    const nombre = `autorizacion-${Date.now().toString().slice(-6)}.pdf`;
    const buffer = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    // One hidden file input per child, in the order of the buttons: Lucía's is the one after her button.
    const botones = await page.getByRole('button', { name: /^Subir un documento de / }).allTextContents();
    const indice = botones.findIndex((t) => t.includes('Lucía'));
    await page
      .locator('input[type=file]')
      .nth(indice)
      .setInputFiles({ name: nombre, mimeType: 'application/pdf', buffer });
    await waitToast(page, `Documento ${nombre} subido`);
    await page.getByRole('button', { name: new RegExp(`^${nombre} \\(Lucía`) }).waitFor();
    await expectAccessibleBothWidths(page, 'portaludocumentos');
  });
});
