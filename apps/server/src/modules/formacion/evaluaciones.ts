import { formatNumber, MSG, MSG_ACADEMIA, notaFinal } from '@faro/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { cabeceraEmpresa, documentoPdf } from '../../platform/export/documentoPdf.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  cursosTable as cs,
  cursosCols as csC,
  cursandoTable as cu,
  cursandoCols as cuC,
  empresa,
  evaluacionesTable as ev,
  evaluacionesCols as evC,
  notas,
  notasFinales,
} from '../../platform/tenancy/tables.ts';

const nota = z.coerce
  .number({ error: MSG_ACADEMIA.nota })
  .min(0, { error: MSG_ACADEMIA.nota })
  .max(10, { error: MSG_ACADEMIA.nota })
  .nullable();
export const notasSchema = z.object({
  Trimestre: z.coerce.number({ error: MSG.format }).int().min(1).max(4),
  Notas: z
    .array(
      z.object({
        IdEvaluacion: z.coerce.number().int().positive(),
        IdAlumno: z.coerce.number().int().positive(),
        Nota: nota,
      }),
    )
    .max(5000)
    .default([]),
  Finales: z
    .array(z.object({ IdAlumno: z.coerce.number().int().positive(), Nota: nota }))
    .max(1000)
    .default([]),
});
export type NotasInput = z.infer<typeof notasSchema>;

/** The course's evaluation sheet of a term: items, students (active enrolments), marks and each final mark. */
export async function hojaEvaluacion(s: Scope, idCurso: number, trimestre: number, soloAlumnos?: number[]) {
  const [curso] = await s.select(cs, eq(csC.Id, idCurso));
  if (!curso) throw notFound();
  const items = await s.select(ev, and(eq(evC.IdCurso, idCurso), eq(evC.Trimestre, trimestre))).orderBy(asc(evC.Id));
  const filas = await s
    .pick(
      { Id: alC.Id, Nombre: alC.Nombre, Apellidos: alC.Apellidos },
      al,
      soloAlumnos ? inArray(alC.Id, soloAlumnos) : undefined,
    )
    .innerJoin(cu, s.on(cu, and(eq(cuC.IdAlumno, alC.Id), eq(cuC.IdCurso, idCurso), eq(cuC.Baja, false))))
    .orderBy(asc(alC.Apellidos), asc(alC.Nombre));
  const alumnos = [...new Map(filas.map((f) => [Number(f.Id), f])).values()];
  const ids = alumnos.map((a) => Number(a.Id));
  const marcas =
    items.length && ids.length
      ? await s.select(
          notas,
          and(
            inArray(
              notas.IdEvaluacion,
              items.map((i) => Number(i.Id)),
            ),
            inArray(notas.IdAlumno, ids),
          ),
        )
      : [];
  const finales = ids.length
    ? await s.select(
        notasFinales,
        and(
          eq(notasFinales.IdCurso, idCurso),
          eq(notasFinales.Trimestre, trimestre),
          inArray(notasFinales.IdAlumno, ids),
        ),
      )
    : [];
  const calculo = (curso.CalculoEvaluacion as string | null) ?? 'media';
  return {
    Curso: { Id: idCurso, Nombre: curso.Nombre, CalculoEvaluacion: calculo },
    Trimestre: trimestre,
    Items: items.map((i) => ({ Id: Number(i.Id), Nombre: i.Nombre, Peso: Number(i.Peso) })),
    Alumnos: alumnos.map((a) => {
      const suyas = items.map((i) => {
        const m = marcas.find((x) => x.IdAlumno === Number(a.Id) && x.IdEvaluacion === Number(i.Id));
        return { IdEvaluacion: Number(i.Id), Nota: m?.Nota == null ? null : Number(m.Nota), peso: Number(i.Peso) };
      });
      const manual = finales.find((f) => f.IdAlumno === Number(a.Id))?.Nota;
      return {
        IdAlumno: Number(a.Id),
        Nombre: `${a.Nombre} ${a.Apellidos}`,
        Notas: suyas.map(({ IdEvaluacion, Nota }) => ({ IdEvaluacion, Nota })),
        Final: notaFinal(
          calculo,
          suyas.map((n) => ({ nota: n.Nota, peso: n.peso })),
          manual == null ? null : Number(manual),
        ),
      };
    }),
  };
}

/** Saves marks of a course and term (upserts; a null mark clears it). Students must attend the course. */
export async function guardarNotas(s: Scope, idCurso: number, input: NotasInput) {
  const hoja = await hojaEvaluacion(s, idCurso, input.Trimestre);
  const alumnos = new Set(hoja.Alumnos.map((a) => a.IdAlumno));
  const items = new Set(hoja.Items.map((i) => i.Id));
  for (const n of input.Notas) {
    if (!alumnos.has(n.IdAlumno)) throw fieldError('IdAlumno', MSG.notFound);
    if (!items.has(n.IdEvaluacion)) throw fieldError('IdEvaluacion', MSG.notFound);
    await s
      .insert(notas, {
        IdEvaluacion: n.IdEvaluacion,
        IdAlumno: n.IdAlumno,
        Nota: n.Nota == null ? null : String(n.Nota),
      })
      .onConflictDoUpdate({
        target: [notas.empresaId, notas.IdEvaluacion, notas.IdAlumno],
        set: { Nota: n.Nota == null ? null : String(n.Nota) },
      });
  }
  for (const f of input.Finales) {
    if (!alumnos.has(f.IdAlumno)) throw fieldError('IdAlumno', MSG.notFound);
    await s
      .insert(notasFinales, {
        IdCurso: idCurso,
        IdAlumno: f.IdAlumno,
        Trimestre: input.Trimestre,
        Nota: f.Nota == null ? null : String(f.Nota),
      })
      .onConflictDoUpdate({
        target: [notasFinales.empresaId, notasFinales.IdCurso, notasFinales.IdAlumno, notasFinales.Trimestre],
        set: { Nota: f.Nota == null ? null : String(f.Nota) },
      });
  }
  return hojaEvaluacion(s, idCurso, input.Trimestre);
}

/** A student's marks of every course they attend in a term (report card and portal). */
export async function expediente(s: Scope, idAlumno: number, trimestre: number) {
  const cursos = await s.pick({ IdCurso: cuC.IdCurso }, cu, and(eq(cuC.IdAlumno, idAlumno), eq(cuC.Baja, false)));
  const out = [];
  for (const idCurso of [...new Set(cursos.map((c) => Number(c.IdCurso)))]) {
    const hoja = await hojaEvaluacion(s, idCurso, trimestre, [idAlumno]);
    const mia = hoja.Alumnos[0];
    out.push({
      IdCurso: idCurso,
      Curso: String(hoja.Curso.Nombre),
      Items: hoja.Items.map((i) => ({ ...i, Nota: mia?.Notas.find((n) => n.IdEvaluacion === i.Id)?.Nota ?? null })),
      Final: mia?.Final ?? null,
    });
  }
  return out;
}

/** The report card PDF of a student and term (pdfkit, A4). */
export async function boletinPdf(s: Scope, idAlumno: number, trimestre: number): Promise<Buffer> {
  const [a] = await s.select(al, eq(alC.Id, idAlumno));
  if (!a) throw notFound();
  const cursos = await expediente(s, idAlumno, trimestre);
  const [emp] = await s.company({ nombre: empresa.nombre, nif: empresa.nif });
  const { doc, terminar } = await documentoPdf({ Title: `Boletín de notas ${a.Nombre} ${a.Apellidos}` });
  const fmt = (n: number | null) => (n == null ? '—' : formatNumber(n));
  cabeceraEmpresa(doc, emp, 16);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(`Boletín de notas · ${trimestre}ª evaluación`);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`Alumno: ${a.Nombre} ${a.Apellidos}${a.CodAlumno ? ` (${a.CodAlumno})` : ''}`);
  doc.moveDown();
  for (const c of cursos) {
    doc.font('Helvetica-Bold').fontSize(12).text(c.Curso);
    doc.font('Helvetica').fontSize(10);
    for (const i of c.Items) doc.text(`   ${i.Nombre} (peso ${i.Peso}): ${fmt(i.Nota)}`);
    doc.font('Helvetica-Bold').text(`   Nota final: ${fmt(c.Final)}`);
    doc.moveDown(0.5);
  }
  if (!cursos.length) doc.text('Sin cursos en esta evaluación.');
  return terminar();
}
