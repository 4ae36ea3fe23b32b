import { bigint, boolean, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { empresas, miembros } from './platformTables.ts';

/**
 * Student enrolments (minimal): what the session needs — a student's enrolments for the top bar's
 * selector and the no-enrolment rule. The student is a person who is a member of the company (FK to miembros).
 */
export const matriculas = pgTable(
  'matriculas',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    codigo: text('codigo').notNull(),
    idPersonaAlumno: bigint('id_persona_alumno', { mode: 'number' }).notNull(),
    codAlumno: text('cod_alumno').notNull(),
    /** What the enrolment is for, e.g. the course: "Inglés B2 · 2026/27". */
    descripcion: text('descripcion').notNull(),
    baja: boolean('baja').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'matriculas_pk', columns: [t.empresaId, t.id] }),
    uniqueIndex('matriculas_codigo_uq').on(t.empresaId, t.codigo),
    index('matriculas_alumno_idx').on(t.empresaId, t.idPersonaAlumno),
    foreignKey({
      name: 'matriculas_alumno_fk',
      columns: [t.empresaId, t.idPersonaAlumno],
      foreignColumns: [miembros.empresaId, miembros.personaId],
    }),
  ],
);

/** A tutor (guardian) and the students they answer for, both members of the company. */
export const tutoresAlumnos = pgTable(
  'tutores_alumnos',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    idPersonaTutor: bigint('id_persona_tutor', { mode: 'number' }).notNull(),
    idPersonaAlumno: bigint('id_persona_alumno', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'tutores_alumnos_pk', columns: [t.empresaId, t.idPersonaTutor, t.idPersonaAlumno] }),
    foreignKey({
      name: 'tutores_alumnos_tutor_fk',
      columns: [t.empresaId, t.idPersonaTutor],
      foreignColumns: [miembros.empresaId, miembros.personaId],
    }),
    foreignKey({
      name: 'tutores_alumnos_alumno_fk',
      columns: [t.empresaId, t.idPersonaAlumno],
      foreignColumns: [miembros.empresaId, miembros.personaId],
    }),
  ],
);
