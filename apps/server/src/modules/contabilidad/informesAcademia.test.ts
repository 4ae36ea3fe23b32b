import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * Spec §9 reports of the academy, on the DEMO ACADEMIA: attendance per course and
 * student from the marks taken, evaluation as each student's weighted average per course and term.
 */
const t = appDePruebas();
const oficina = t.sesion('academia', 'ACADEMIA');

type Alumno = { IdAlumno: number; Nombre: string };

describe('academy reports', () => {
  it('attendance: sessions marked, present, late, absent and the % per course (chart)', async () => {
    const semana = await oficina.request('GET', '/api/formacion/horario/semana');
    const sesion = (semana.body.Sesiones as { Id: number; Curso: string }[]).find((x) => x.Curso === 'Inglés B2')!;
    const hoja = await oficina.request('GET', `/api/formacion/asistencia/${sesion.Id}?fecha=2098-03-02`);
    expect(hoja.status, JSON.stringify(hoja.body)).toBe(200);
    const [a1, a2] = hoja.body.Alumnos as Alumno[];
    expect(a2, 'the course has two students').toBeTruthy();
    const marcar = async (Fecha: string, IdAlumno: number, Estado: string) => {
      const r = await oficina.request('PUT', `/api/formacion/asistencia/${sesion.Id}`, { Fecha, IdAlumno, Estado });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    // a1: present, late, absent (2 of 3 = 66.67 %); a2: present twice; an 'anulada' mark does not count.
    await marcar('2098-03-02', a1!.IdAlumno, 'a');
    await marcar('2098-03-09', a1!.IdAlumno, 'r');
    await marcar('2098-03-16', a1!.IdAlumno, 'f');
    await marcar('2098-03-02', a2!.IdAlumno, 'a');
    await marcar('2098-03-09', a2!.IdAlumno, 'a');
    await marcar('2098-03-16', a2!.IdAlumno, 'n');
    const r = await oficina.request('GET', '/api/informes/asistencia?FechaDesde=2098-01-01&FechaHasta=2098-12-31');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Titulo).toBe('Asistencia por curso y alumno');
    const fila = (n: string) => r.body.Filas.find((f: { Alumno: string }) => f.Alumno === n.trim());
    expect(fila(a1!.Nombre)).toMatchObject({
      Curso: 'Inglés B2',
      Sesiones: 3,
      Asiste: 1,
      Retrasos: 1,
      Faltas: 1,
      Porcentaje: '66.67',
    });
    expect(fila(a2!.Nombre)).toMatchObject({ Sesiones: 2, Asiste: 2, Faltas: 0, Porcentaje: '100.00' });
    // The course: 4 present or late out of 5 marks.
    expect(r.body.Grafico.Puntos).toEqual([{ Etiqueta: 'Inglés B2', Valor: 80 }]);
    const x = await t.app.inject({
      method: 'GET',
      url: '/api/informes/asistencia/export?Formato=html&FechaDesde=2098-01-01&FechaHasta=2098-12-31',
      headers: { authorization: `Bearer ${oficina.token}` },
    });
    expect(x.statusCode).toBe(200);
    expect(x.body).toContain('66,67');
  });

  it('evaluation: the weighted average per course, term and student, passed or not', async () => {
    const semana = await oficina.request('GET', '/api/formacion/horario/semana');
    const { IdCurso } = (semana.body.Sesiones as { IdCurso: number; Curso: string }[]).find(
      (x) => x.Curso === 'Inglés B2',
    )!;
    const hoja = await oficina.request('GET', `/api/formacion/evaluacion/${IdCurso}?trimestre=1`);
    expect(hoja.status, JSON.stringify(hoja.body)).toBe(200);
    const items = hoja.body.Items as { Id: number; Nombre: string; Peso: number }[];
    const [a1, a2] = hoja.body.Alumnos as Alumno[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    const [i1, i2] = items;
    const g = await oficina.request('PUT', `/api/formacion/evaluacion/${IdCurso}`, {
      Trimestre: 1,
      Notas: [
        { IdEvaluacion: i1!.Id, IdAlumno: a1!.IdAlumno, Nota: 8 },
        { IdEvaluacion: i2!.Id, IdAlumno: a1!.IdAlumno, Nota: 6 },
        { IdEvaluacion: i1!.Id, IdAlumno: a2!.IdAlumno, Nota: 3 },
        { IdEvaluacion: i2!.Id, IdAlumno: a2!.IdAlumno, Nota: 4 },
      ],
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    const r = await oficina.request('GET', '/api/informes/evaluacion?FechaDesde=2026-01-01&FechaHasta=2026-12-31');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const media1 = (8 * i1!.Peso + 6 * i2!.Peso) / (i1!.Peso + i2!.Peso);
    const mias = r.body.Filas.filter((f: { Curso: string; Trimestre: string }) => f.Curso === 'Inglés B2');
    expect(mias.find((f: { Alumno: string }) => f.Alumno === a1!.Nombre.trim())).toMatchObject({
      Trimestre: '1.ª evaluación',
      Notas: 2,
      Media: media1.toFixed(2),
      Resultado: media1 >= 5 ? 'Aprobado' : 'Suspenso',
    });
    const media2 = (3 * i1!.Peso + 4 * i2!.Peso) / (i1!.Peso + i2!.Peso);
    expect(mias.find((f: { Alumno: string }) => f.Alumno === a2!.Nombre.trim())).toMatchObject({
      Notas: 2,
      Media: media2.toFixed(2),
      Resultado: 'Suspenso',
    });
    expect(r.body.Grafico.Series).toEqual(['Nota media']);
  });

  it('another company (DEMO) sees none of the academy’s marks', async () => {
    const demo = await t.as('demo', 'DEMO');
    const r = await demo.request('GET', '/api/informes/asistencia?FechaDesde=2098-01-01&FechaHasta=2098-12-31');
    expect(r.status).toBe(200);
    expect(r.body.Filas).toEqual([]);
  });
});
