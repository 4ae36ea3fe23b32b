import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { empresaId, fkMiembro, idIdentidad, ref } from '../../platform/db/columns.ts';

/**
 * Student enrolments (minimal): what the session needs — a student's enrolments for the top bar's
 * selector and the no-enrolment rule. The student is a person who is a member of the company (FK to miembros).
 */
export const matriculas = pgTable(
  'matriculas',
  {
    empresaId: empresaId(),
    id: idIdentidad(),
    codigo: text('codigo').notNull(),
    idPersonaAlumno: ref('id_persona_alumno').notNull(),
    codAlumno: text('cod_alumno').notNull(),
    /** What the enrolment is for, e.g. the course: "Inglés B2 · 2026/27". */
    descripcion: text('descripcion').notNull(),
    baja: boolean('baja').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'matriculas_pk', columns: [t.empresaId, t.id] }),
    uniqueIndex('matriculas_codigo_uq').on(t.empresaId, t.codigo),
    index('matriculas_alumno_idx').on(t.empresaId, t.idPersonaAlumno),
    fkMiembro('matriculas_alumno_fk', t, t.idPersonaAlumno),
  ],
);

/** A tutor (guardian) and the students they answer for, both members of the company. */
export const tutoresAlumnos = pgTable(
  'tutores_alumnos',
  {
    empresaId: empresaId(),
    idPersonaTutor: ref('id_persona_tutor').notNull(),
    idPersonaAlumno: ref('id_persona_alumno').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tutores_alumnos_pk', columns: [t.empresaId, t.idPersonaTutor, t.idPersonaAlumno] }),
    fkMiembro('tutores_alumnos_tutor_fk', t, t.idPersonaTutor),
    fkMiembro('tutores_alumnos_alumno_fk', t, t.idPersonaAlumno),
  ],
);
