// Tables of the dental practices (account type odontologia; our reading in docs/odontologia.md): chairs
// (a simple entity), the clinical file of a patient (a `clientes` row), consents, odontogram marks, treatment plans
// (each one a quote of the sales engine) and appointments per dentist (`empleados`) and chair. Re-exported by
// schema.ts and platform/tenancy/tables.ts; `tableRegistry.ts` adds `dentalEntityTables` to the generic engine.
import { ENTITIES, NUMERIC_PRECISION } from '@faro/domain';
import {
  type AnyPgColumn,
  bigint,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clientesTable, empleadosTable } from '../../modules/tablasMaestras.ts';
import { col, entityTable } from './entityTable.ts';
import { empresas } from './platformTables.ts';

export const sillonesTable = entityTable(ENTITIES.sillones);
export const dentalEntityTables = { sillones: sillonesTable } as const;

const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const ref = (name: string) => bigint(name, { mode: 'number' });
const idCol = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
const creado = () => timestamp('creado_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const cliente = (tabla: string, t: { empresaId: AnyPgColumn; IdCliente: AnyPgColumn }) =>
  foreignKey({
    name: `${tabla}_cliente_fk`,
    columns: [t.empresaId, t.IdCliente],
    foreignColumns: [col(clientesTable, 'empresaId'), col(clientesTable, 'Id')],
  });

/** The clinical file of a patient: one row per customer (special-category data, RGPD art. 9). */
export const historiasClinicas = pgTable(
  'historias_clinicas',
  {
    empresaId: empresaId(),
    IdCliente: ref('id_cliente').notNull(),
    Alergias: text('alergias'),
    Enfermedades: text('enfermedades'),
    Medicacion: text('medicacion'),
    Notas: text('notas'),
    ActualizadoEn: timestamp('actualizado_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'historias_clinicas_pk', columns: [t.empresaId, t.IdCliente] }),
    cliente('historias_clinicas', t),
  ],
);

/** A dated entry of the clinical history (what was seen and done at a visit). */
export const historiaEntradas = pgTable(
  'historia_entradas',
  {
    empresaId: empresaId(),
    Id: idCol(),
    IdCliente: ref('id_cliente').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    Texto: text('texto').notNull(),
    IdDentista: ref('id_dentista'),
    IdPersona: ref('id_persona'),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'historia_entradas_pk', columns: [t.empresaId, t.Id] }),
    index('historia_entradas_cliente_idx').on(t.empresaId, t.IdCliente, t.Fecha),
    cliente('historia_entradas', t),
  ],
);

/** A signed consent: kind, date and the signed document (a file of the document manager, `gd_ficheros`). */
export const consentimientos = pgTable(
  'consentimientos',
  {
    empresaId: empresaId(),
    Id: idCol(),
    IdCliente: ref('id_cliente').notNull(),
    Tipo: text('tipo').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    IdFichero: ref('id_fichero'),
    Observaciones: text('observaciones'),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'consentimientos_pk', columns: [t.empresaId, t.Id] }),
    index('consentimientos_cliente_idx').on(t.empresaId, t.IdCliente),
    cliente('consentimientos', t),
  ],
);

/** A treatment plan: a quote (`documentos_venta`, presupuesto) for a patient, accepted on `FechaAceptacion`. */
export const planesTratamiento = pgTable(
  'planes_tratamiento',
  {
    empresaId: empresaId(),
    Id: idCol(),
    IdCliente: ref('id_cliente').notNull(),
    IdPresupuesto: ref('id_presupuesto').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    FechaAceptacion: date('fecha_aceptacion', { mode: 'string' }),
    IdDentista: ref('id_dentista'),
    Observaciones: text('observaciones'),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'planes_tratamiento_pk', columns: [t.empresaId, t.Id] }),
    index('planes_tratamiento_cliente_idx').on(t.empresaId, t.IdCliente),
    cliente('planes_tratamiento', t),
  ],
);

/**
 * An odontogram mark: tooth (FDI), surfaces (M D O V L, '' = the whole tooth), treatment, state planificado |
 * realizado, date and dentist. A plan's treatments are its marks (`IdPlan`, with the line's price).
 */
export const odontogramaMarcas = pgTable(
  'odontograma_marcas',
  {
    empresaId: empresaId(),
    Id: idCol(),
    IdCliente: ref('id_cliente').notNull(),
    Pieza: integer('pieza'),
    Caras: text('caras').notNull().default(''),
    IdProducto: ref('id_producto'),
    Descripcion: text('descripcion').notNull(),
    Estado: text('estado').notNull().default('planificado'),
    Fecha: date('fecha', { mode: 'string' }),
    IdDentista: ref('id_dentista'),
    IdPlan: ref('id_plan'),
    Precio: numeric('precio', { precision: NUMERIC_PRECISION.money, scale: 2 }),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'odontograma_marcas_pk', columns: [t.empresaId, t.Id] }),
    index('odontograma_marcas_cliente_idx').on(t.empresaId, t.IdCliente, t.Pieza),
    index('odontograma_marcas_plan_idx').on(t.empresaId, t.IdPlan),
    cliente('odontograma_marcas', t),
    foreignKey({
      name: 'odontograma_marcas_plan_fk',
      columns: [t.empresaId, t.IdPlan],
      foreignColumns: [planesTratamiento.empresaId, planesTratamiento.Id],
    }),
  ],
);

/** An appointment: patient, dentist (an employee), chair, day, start and minutes; its agenda event (`IdActividad`). */
export const citasDentales = pgTable(
  'citas_dentales',
  {
    empresaId: empresaId(),
    Id: idCol(),
    IdCliente: ref('id_cliente').notNull(),
    IdDentista: ref('id_dentista').notNull(),
    IdSillon: ref('id_sillon').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    Hora: text('hora').notNull(),
    Minutos: integer('minutos').notNull(),
    Motivo: text('motivo'),
    Estado: text('estado').notNull().default('programada'),
    IdActividad: ref('id_actividad'),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'citas_dentales_pk', columns: [t.empresaId, t.Id] }),
    index('citas_dentales_dia_idx').on(t.empresaId, t.Fecha, t.IdDentista),
    cliente('citas_dentales', t),
    foreignKey({
      name: 'citas_dentales_dentista_fk',
      columns: [t.empresaId, t.IdDentista],
      foreignColumns: [col(empleadosTable, 'empresaId'), col(empleadosTable, 'Id')],
    }),
    foreignKey({
      name: 'citas_dentales_sillon_fk',
      columns: [t.empresaId, t.IdSillon],
      foreignColumns: [col(sillonesTable, 'empresaId'), col(sillonesTable, 'Id')],
    }),
  ],
);
