import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * The advisers' work queue flags every past quarter whose 303 (and 111 / 130 for clients that file them) deadline
 * passed with no return marked as presented: on 28 November 2026 the 3rd quarter's deadline (20 October) is gone.
 */
const clock = Date.parse('2026-11-28T10:00:00Z');
const t = appDePruebas({ now: () => clock });

async function idDe(codigo: string): Promise<number> {
  const [e] = await t.database.query<{ id: number }>('select id::int as id from empresas where codigo = $1', [codigo]);
  return e!.id;
}

interface Trimestre {
  Anyo: number;
  Periodo: string;
  Fecha: string;
  Modelos: string[];
}

describe('work queue: quarters never marked as filed', () => {
  it('flags each past quarter whose deadline passed unmarked, per client and model, newest first', async () => {
    const demo = await idDe('DEMO');
    const academia = await idDe('ACADEMIA');
    await t.database.query('delete from modelos_presentados where empresa_id = any($1::bigint[])', [
      `{${demo},${academia}}`,
    ]);
    // DEMO filed 303 and 111 for 4T 2025 to 2T 2026; 3T 2026 has a 303 draft and its 111 is presented; 130 never.
    const filas: [string, number, string, string][] = [
      ['303', 2025, '4T', 'presentada'],
      ['111', 2025, '4T', 'presentada'],
      ['303', 2026, '1T', 'presentada'],
      ['111', 2026, '1T', 'presentada'],
      ['303', 2026, '2T', 'presentada'],
      ['111', 2026, '2T', 'presentada'],
      ['303', 2026, '3T', 'borrador'],
      ['111', 2026, '3T', 'presentada'],
      // The current quarter (deadline 30 January 2027) is not due yet: never flagged.
      ['303', 2026, '4T', 'borrador'],
    ];
    for (const [modelo, anyo, periodo, estado] of filas)
      await t.database.query(
        'insert into modelos_presentados (empresa_id, modelo, anyo, periodo, estado) values ($1, $2, $3, $4, $5)',
        [demo, modelo, anyo, periodo, estado],
      );
    const firma = await t.as('asesoria', 'ASESORIA');
    const res = await firma.request<{ Items: { Codigo: string; TrimestresSinPresentar: Trimestre[] }[] }>(
      'GET',
      '/api/asesorias/aseempresas/list',
    );
    expect(res.status).toBe(200);
    const de = (c: string) => res.body.Items.find((x) => x.Codigo === c)!.TrimestresSinPresentar;
    expect(de('DEMO')).toEqual([{ Anyo: 2026, Periodo: '3T', Fecha: '2026-10-20', Modelos: ['303'] }]);
    // A client that never marked anything: the last four due quarters, 303 only (it files no 111 / 130).
    expect(de('ACADEMIA')).toEqual([
      { Anyo: 2026, Periodo: '3T', Fecha: '2026-10-20', Modelos: ['303'] },
      { Anyo: 2026, Periodo: '2T', Fecha: '2026-07-20', Modelos: ['303'] },
      { Anyo: 2026, Periodo: '1T', Fecha: '2026-04-20', Modelos: ['303'] },
      { Anyo: 2025, Periodo: '4T', Fecha: '2026-01-30', Modelos: ['303'] },
    ]);
    // Marking DEMO's 3T 303 as presented clears the flag; a 130 draft then flags every due quarter's 130.
    await t.database.query(
      `update modelos_presentados set estado = 'presentada' where empresa_id = $1 and modelo = '303' and anyo = 2026 and periodo = '3T'`,
      [demo],
    );
    await t.database.query(
      `insert into modelos_presentados (empresa_id, modelo, anyo, periodo, estado) values ($1, '130', 2026, '3T', 'borrador')`,
      [demo],
    );
    const otra = await firma.request<{ Items: { Codigo: string; TrimestresSinPresentar: Trimestre[] }[] }>(
      'GET',
      '/api/asesorias/aseempresas/list',
    );
    const demoAhora = otra.body.Items.find((x) => x.Codigo === 'DEMO')!.TrimestresSinPresentar;
    expect(demoAhora.map((q) => [q.Periodo, q.Anyo, q.Modelos])).toEqual([
      ['3T', 2026, ['130']],
      ['2T', 2026, ['130']],
      ['1T', 2026, ['130']],
      ['4T', 2025, ['130']],
    ]);
  });
});

describe('the company switcher’s list (Empresas of the context)', () => {
  it('says which companies an adviser serves as a client and which is the firm; own companies say nothing', async () => {
    const firma = await t.as('asesoria', 'ASESORIA');
    const demo = await idDe('DEMO');
    expect((await firma.request('POST', `/api/asesorias/aseempresas/entrar/${demo}`)).status).toBe(200);
    const dentro = await firma.request<{ Token: string }>('GET', `/api/usuarios/usuario/cambiarempre/${demo}/web`);
    const ctx = await t
      .session(dentro.body.Token)
      .request<{ Empresas: { Codigo: string; Relacion?: string }[] }>('GET', '/api/usuarios/usuario/infoempre');
    const rel = Object.fromEntries(ctx.body.Empresas.map((e) => [e.Codigo, e.Relacion ?? 'propia']));
    expect(rel).toEqual({ DEMO: 'cliente', ASESORIA: 'asesoria' });
    const duena = await t.as('demo', 'DEMO');
    const suyas = await duena.request<{ Empresas: { Codigo: string; Relacion?: string }[] }>(
      'GET',
      '/api/usuarios/usuario/infoempre',
    );
    expect(suyas.body.Empresas.map((e) => [e.Codigo, e.Relacion])).toEqual([
      ['DEMO', undefined],
      ['DEMO2', undefined],
    ]);
  });
});
