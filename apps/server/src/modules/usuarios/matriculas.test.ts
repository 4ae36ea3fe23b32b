import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/** infoempre's Matriculas (spec section 3: Codigo, CodAlumno, Desc): a student's own, a tutor's students'. */
const t = appDePruebas();

const matriculasDe = async (userName: string, empresa?: string) => {
  const { status, body } = await (await t.as(userName, empresa)).request('GET', '/api/usuarios/usuario/infoempre');
  expect(status).toBe(200);
  return body.Matriculas as { Codigo: string; CodAlumno: string; Desc: string }[];
};
const q = (sql: string, params: unknown[] = []) => t.database.query(sql, params);
const idDe = async (userName: string) =>
  Number((await q('select id from personas where user_name = $1', [userName]))[0]!.id);
const empresaDe = async (codigo: string) =>
  Number((await q('select id from empresas where codigo = $1', [codigo]))[0]!.id);

describe('usuario/infoempre Matriculas', () => {
  it('gives a student their own enrolments, ordered by code', async () => {
    expect(await matriculasDe('alumno')).toEqual([
      { Codigo: 'MAT-0001', CodAlumno: 'ALU-0001', Desc: 'Inglés B2 · 2026/27' },
      { Codigo: 'MAT-0002', CodAlumno: 'ALU-0001', Desc: 'Ofimática avanzada · 2026/27' },
    ]);
    expect(await matriculasDe('alumnoae')).toEqual([
      { Codigo: 'MAT-0001', CodAlumno: 'ALU-0001', Desc: 'Permiso B · 2026/27' },
    ]);
  });

  it('gives a tutor their students’ enrolments', async () => {
    expect((await matriculasDe('tutor')).map((m) => m.Codigo)).toEqual(['MAT-0001', 'MAT-0002']);
  });

  it('gives every other role none', async () => {
    expect(await matriculasDe('demo')).toEqual([]);
    expect(await matriculasDe('profesor')).toEqual([]);
  });

  it('leaves out enrolments in Baja', async () => {
    const academia = await empresaDe('ACADEMIA');
    await q("update matriculas set baja = true where empresa_id = $1 and codigo = 'MAT-0002'", [academia]);
    try {
      expect((await matriculasDe('alumno')).map((m) => m.Codigo)).toEqual(['MAT-0001']);
      expect((await matriculasDe('tutor')).map((m) => m.Codigo)).toEqual(['MAT-0001']);
    } finally {
      await q("update matriculas set baja = false where empresa_id = $1 and codigo = 'MAT-0002'", [academia]);
    }
  });

  it('never shows another company’s enrolments or tutor links (tenant isolation)', async () => {
    const auto = await empresaDe('AUTOESCUELA');
    const [alumno, tutor, alumnoae] = [await idDe('alumno'), await idDe('tutor'), await idDe('alumnoae')];
    // alumno and tutor also join AUTOESCUELA: alumno enrolled there, tutor answering for alumnoae there.
    await q(
      'insert into miembros (empresa_id, persona_id, roles) values ($1, $2, \'["alumno"]\'), ($1, $3, \'["tutor"]\')',
      [auto, alumno, tutor],
    );
    await q(
      "insert into matriculas (empresa_id, codigo, id_persona_alumno, cod_alumno, descripcion) values ($1, 'MAT-B', $2, 'ALU-B', 'Sentinela B')",
      [auto, alumno],
    );
    await q('insert into tutores_alumnos (empresa_id, id_persona_tutor, id_persona_alumno) values ($1, $2, $3)', [
      auto,
      tutor,
      alumnoae,
    ]);
    const enAcademia = [...(await matriculasDe('alumno', 'ACADEMIA')), ...(await matriculasDe('tutor', 'ACADEMIA'))];
    expect(enAcademia.map((m) => m.Desc)).not.toContain('Sentinela B');
    expect(enAcademia.map((m) => m.Desc)).not.toContain('Permiso B · 2026/27');
    expect(enAcademia).toHaveLength(4);
    expect((await matriculasDe('alumno', 'AUTOESCUELA')).map((m) => m.Desc)).toEqual(['Sentinela B']);
    expect((await matriculasDe('tutor', 'AUTOESCUELA')).map((m) => m.Desc)).toEqual(['Permiso B · 2026/27']);
  });

  it('keeps codes unique per company and students members of it', async () => {
    const academia = await empresaDe('ACADEMIA');
    await expect(
      q(
        "insert into matriculas (empresa_id, codigo, id_persona_alumno, cod_alumno, descripcion) values ($1, 'MAT-0001', $2, 'X', 'X')",
        [academia, await idDe('alumno')],
      ),
    ).rejects.toThrow();
    await expect(
      q(
        "insert into matriculas (empresa_id, codigo, id_persona_alumno, cod_alumno, descripcion) values ($1, 'MAT-9', $2, 'X', 'X')",
        [academia, await idDe('alumnoae')],
      ),
    ).rejects.toThrow();
  });
});
