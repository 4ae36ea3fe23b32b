import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { empresas, matriculas, personas, tutoresAlumnos } from '../platform/db/schema.ts';

/** Demo enrolments: 'alumno' has two in ACADEMIA, 'tutor' answers for 'alumno', 'alumnoae' has one. */
export const DEMO_MATRICULAS = [
  {
    empresa: 'ACADEMIA',
    alumno: 'alumno',
    codigo: 'MAT-0001',
    codAlumno: 'ALU-0001',
    descripcion: 'Inglés B2 · 2026/27',
  },
  {
    empresa: 'ACADEMIA',
    alumno: 'alumno',
    codigo: 'MAT-0002',
    codAlumno: 'ALU-0001',
    descripcion: 'Ofimática avanzada · 2026/27',
  },
  {
    empresa: 'AUTOESCUELA',
    alumno: 'alumnoae',
    codigo: 'MAT-0001',
    codAlumno: 'ALU-0001',
    descripcion: 'Permiso B · 2026/27',
  },
] as const;

export const DEMO_TUTORES = [{ empresa: 'ACADEMIA', tutor: 'tutor', alumno: 'alumno' }] as const;

export async function seedDemoMatriculas(db: Db): Promise<void> {
  const names = [
    ...new Set([...DEMO_MATRICULAS.map((m) => m.alumno), ...DEMO_TUTORES.flatMap((t) => [t.tutor, t.alumno])]),
  ];
  const people = await db
    .select({ id: personas.id, userName: personas.userName })
    .from(personas)
    .where(inArray(personas.userName, names));
  const persona = (userName: string) => people.find((p) => p.userName === userName)!.id;
  const empresa = async (codigo: string) =>
    (await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, codigo)))[0]!.id;
  for (const m of DEMO_MATRICULAS) {
    await db.insert(matriculas).values({
      empresaId: await empresa(m.empresa),
      codigo: m.codigo,
      idPersonaAlumno: persona(m.alumno),
      codAlumno: m.codAlumno,
      descripcion: m.descripcion,
    });
  }
  for (const t of DEMO_TUTORES) {
    await db.insert(tutoresAlumnos).values({
      empresaId: await empresa(t.empresa),
      idPersonaTutor: persona(t.tutor),
      idPersonaAlumno: persona(t.alumno),
    });
  }
}
