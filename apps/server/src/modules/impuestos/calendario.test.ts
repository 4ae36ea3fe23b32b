import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, startSmtpSink } from '../../../test/smtpSink.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { avisarPlazosEmpresa } from './calendario.ts';

/**
 * The fiscal calendar of a company over 2024 (before the demo data, so the year holds only what this file saves): the
 * models that apply, each period's deadline and state (a 303 prepared, one presented with its receipt number, one
 * presented with a domiciled payment, the rest never filed and flagged), and the reminders: a notification and an
 * e-mail to each owner once per model, period and kind, however often the job runs.
 */
let t: TestApp;
let demo: Session;
const M = '/api/impuestos/modtributarios';
const C = '/api/impuestos/calendario';

interface Linea {
  Modelo: string;
  Periodo: string;
  Vence: string;
  Estado: string;
  Vencido: boolean;
  Justificante: string | null;
}

beforeAll(async () => {
  // 25 January 2025: 3T 2024 is overdue, 4T 2024 and the 390 are due within days.
  t = await createTestApp({ now: () => Date.parse('2025-01-25T10:00:00Z') });
  demo = await t.as('demo', 'DEMO');
  for (const [periodo, presentar] of [
    ['1T', { FechaPresentacion: '2024-04-19', Justificante: '3031234567890' }],
    ['2T', { FechaPresentacion: '2024-07-18', Justificante: '3031234567891', Domiciliado: true }],
    ['3T', null],
  ] as const) {
    // The second quarter is to pay (import VAT pending, typed in), so it can be domiciled.
    const cuerpo = periodo === '2T' ? { Casillas: { '77': '100' } } : {};
    const g = await demo.request('POST', `${M}/guardar/303/2024/${periodo}`, cuerpo);
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    if (!presentar) continue;
    const p = await demo.request('POST', `${M}/presentar/${g.body.Id}`, presentar);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
  }
});
afterAll(() => t.close());

describe('fiscal calendar', () => {
  it('lists the year’s deadlines with their state; past ones never filed are flagged', async () => {
    const r = await demo.request('GET', `${C}?Anyo=2024`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const items = r.body.Items as Linea[];
    const de = (m: string, p: string) => items.find((i) => i.Modelo === m && i.Periodo === p);
    expect(de('303', '1T')).toMatchObject({ Vence: '2024-04-22', Estado: 'presentado', Justificante: '3031234567890' });
    expect(de('303', '1T')!.Vencido).toBe(false);
    expect(de('303', '2T')).toMatchObject({ Vence: '2024-07-22', Estado: 'domiciliado', Vencido: false });
    expect(de('303', '3T')).toMatchObject({ Vence: '2024-10-21', Estado: 'preparado', Vencido: true });
    expect(de('303', '4T')).toMatchObject({ Vence: '2025-01-30', Estado: 'sin-preparar', Vencido: false, Dias: 5 });
    expect(de('347', '0A')).toMatchObject({ Vence: '2025-02-28' });
    expect(r.body.Vencidos).toBe(items.filter((i) => i.Vencido).length);
    expect(items.map((i) => i.Vence)).toEqual(items.map((i) => i.Vence).sort());
  });

  it('the advisory firm sees its clients’ pending deadlines within 30 days and the overdue ones; others get 404', async () => {
    const firma = await t.as('asesoria', 'ASESORIA');
    const r = await firma.request('GET', '/api/asesorias/calendario');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const demoItems = (r.body.Items as (Linea & { Empresa: string; Dias: number })[]).filter((i) =>
      /demo/i.test(i.Empresa),
    );
    const clave = (i: Linea) => `${i.Modelo} ${i.Periodo} ${i.Vencido ? 'vencido' : 'pendiente'}`;
    expect(demoItems.map(clave)).toEqual(expect.arrayContaining(['303 3T vencido', '303 4T pendiente']));
    expect(demoItems.map(clave)).not.toContain('303 1T pendiente'); // presented
    expect(demoItems.some((i) => i.Modelo === '347')).toBe(false); // due in 34 days
    expect(r.body.Vencidos).toBe((r.body.Items as Linea[]).filter((i) => i.Vencido).length);
    expect((await demo.request('GET', '/api/asesorias/calendario')).status).toBe(404);
  });

  it('refuses a year that is not one, in Spanish', async () => {
    const r = await demo.request('GET', `${C}?Anyo=dosmil`);
    expect(r.status).toBe(400);
    expect(r.body.Mensaje).toBe('El ejercicio debe ser un año entre 2000 y 2100');
  });

  it('the receipt number of a presentation is 13 digits; only a result to pay is domiciled', async () => {
    const g = await demo.request('POST', `${M}/guardar/303/2024/4T`, {});
    const p = await demo.request('POST', `${M}/presentar/${g.body.Id}`, {
      FechaPresentacion: '2025-01-29',
      Justificante: '12345',
    });
    expect(p.status).toBe(400);
    expect(p.body.Errores).toEqual([{ Campo: 'Justificante', Mensaje: 'El número de justificante son 13 cifras' }]);
    const d = await demo.request('POST', `${M}/presentar/${g.body.Id}`, {
      FechaPresentacion: '2025-01-29',
      Justificante: '3031234567899',
      Domiciliado: true,
    });
    expect(d.status).toBe(400);
    expect(d.body.Errores).toEqual([
      { Campo: 'Domiciliado', Mensaje: 'Solo se domicilia una declaración con resultado a ingresar' },
    ]);
    await demo.request('POST', `${M}/presentados/delete/${g.body.Id}`);
  });

  it('reminds each owner once per model, period and kind, by notification and e-mail', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer(t.database.db, { smtpUrl: sink.url, from: 'Faro <f@faro.test>', log: () => {} });
      const empresaId = (await demo.request('GET', '/api/usuarios/usuario/contexto')).body?.Empresa?.Id as number;
      const s = companyDirectory(t.deps).scope(empresaId ?? 1);
      // 15 October 2024: 3T (due 21 October) is close and prepared only; 4T 2023 and the annual ones of 2023 are due.
      const n = await avisarPlazosEmpresa(s, mailer, '2024-10-15', 'Demo');
      expect(n).toBeGreaterThan(0);
      const textos = sink.mails.map((m) => mailText(m.raw));
      expect(textos.some((x) => x.includes('Modelo 303 3T 2024: vence el 21/10/2024'))).toBe(true);
      expect(textos.some((x) => x.includes('Modelo 303 1T 2024'))).toBe(false); // presented
      expect(textos.some((x) => x.includes('Modelo 303 2T 2024'))).toBe(false); // domiciled
      const enviados = sink.mails.length;
      expect(await avisarPlazosEmpresa(s, mailer, '2024-10-16', 'Demo')).toBe(0);
      expect(sink.mails.length).toBe(enviados);
      // Overdue is another kind: once more, then never again.
      const vencidos = await avisarPlazosEmpresa(s, mailer, '2024-10-22', 'Demo');
      expect(vencidos).toBeGreaterThan(0);
      expect(sink.mails.map((m) => mailText(m.raw)).some((x) => x.includes('3T 2024 sin presentar'))).toBe(true);
      expect(await avisarPlazosEmpresa(s, mailer, '2024-10-23', 'Demo')).toBe(0);
      const avisos = await demo.request('GET', '/api/usuarios/usuario/notificaciones/list?TotalPagina=200');
      const titulos = (avisos.body.Items as { Titulo: string; Enlace: string }[]).filter((a) =>
        a.Titulo.startsWith('Modelo 303 3T 2024'),
      );
      expect(titulos.map((a) => a.Enlace)).toEqual([
        '/calendariofiscal/lista?Anyo=2024',
        '/calendariofiscal/lista?Anyo=2024',
      ]);
    } finally {
      await sink.stop();
    }
  });
});
