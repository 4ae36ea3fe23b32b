// Tables of the dental practices (account type odontologia; our reading in docs/odontologia.md): chairs
// (a simple entity), the clinical file of a patient (a `clientes` row), consents, odontogram marks, treatment plans
// (each one a quote of the sales engine) and appointments per dentist (`empleados`) and chair. Re-exported by
// platform/db/schema.ts and platform/tenancy/tables.ts; the derived table registers itself for `tableOf`.
import { ENTITIES, NUMERIC_PRECISION } from '@faro/domain';
import { type AnyPgColumn, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dia, empresaId, fkEmpresa, instanteDate, ref, tablaEmpresa } from '../../platform/db/columns.ts';
import { entityTable } from '../../platform/db/entityTable.ts';
import { clientesTable } from '../contactos/tablas.ts';
import { empleadosTable } from '../rrhh/tablas.ts';

export const sillonesTable = entityTable(ENTITIES.sillones);

const creado = () => instanteDate('creado_en').notNull().defaultNow();
const cliente = (tabla: string, t: { empresaId: AnyPgColumn; IdCliente: AnyPgColumn }) =>
  fkEmpresa(`${tabla}_cliente_fk`, t, t.IdCliente, clientesTable);

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
    ActualizadoEn: instanteDate('actualizado_en').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'historias_clinicas_pk', columns: [t.empresaId, t.IdCliente] }),
    cliente('historias_clinicas', t),
  ],
);

/** A dated entry of the clinical history (what was seen and done at a visit). */
export const historiaEntradas = tablaEmpresa(
  'historia_entradas',
  {
    IdCliente: ref('id_cliente').notNull(),
    Fecha: dia('fecha').notNull(),
    Texto: text('texto').notNull(),
    IdDentista: ref('id_dentista'),
    IdPersona: ref('id_persona'),
    CreadoEn: creado(),
  },
  (t) => [
    index('historia_entradas_cliente_idx').on(t.empresaId, t.IdCliente, t.Fecha),
    cliente('historia_entradas', t),
  ],
);

/** A signed consent: kind, date and the signed document (a file of the document manager, `gd_ficheros`). */
export const consentimientos = tablaEmpresa(
  'consentimientos',
  {
    IdCliente: ref('id_cliente').notNull(),
    Tipo: text('tipo').notNull(),
    Fecha: dia('fecha').notNull(),
    IdFichero: ref('id_fichero'),
    Observaciones: text('observaciones'),
    CreadoEn: creado(),
  },
  (t) => [index('consentimientos_cliente_idx').on(t.empresaId, t.IdCliente), cliente('consentimientos', t)],
);

/** A treatment plan: a quote (`documentos_venta`, presupuesto) for a patient, accepted on `FechaAceptacion`. */
export const planesTratamiento = tablaEmpresa(
  'planes_tratamiento',
  {
    IdCliente: ref('id_cliente').notNull(),
    IdPresupuesto: ref('id_presupuesto').notNull(),
    Fecha: dia('fecha').notNull(),
    FechaAceptacion: dia('fecha_aceptacion'),
    IdDentista: ref('id_dentista'),
    Observaciones: text('observaciones'),
    CreadoEn: creado(),
  },
  (t) => [index('planes_tratamiento_cliente_idx').on(t.empresaId, t.IdCliente), cliente('planes_tratamiento', t)],
);

/**
 * An odontogram mark: tooth (FDI), surfaces (M D O V L, '' = the whole tooth), treatment, state planificado |
 * realizado, date and dentist. A plan's treatments are its marks (`IdPlan`, with the line's price).
 */
export const odontogramaMarcas = tablaEmpresa(
  'odontograma_marcas',
  {
    IdCliente: ref('id_cliente').notNull(),
    Pieza: integer('pieza'),
    Caras: text('caras').notNull().default(''),
    IdProducto: ref('id_producto'),
    Descripcion: text('descripcion').notNull(),
    Estado: text('estado').notNull().default('planificado'),
    Fecha: dia('fecha'),
    IdDentista: ref('id_dentista'),
    IdPlan: ref('id_plan'),
    Precio: numeric('precio', { precision: NUMERIC_PRECISION.money, scale: 2 }),
    CreadoEn: creado(),
  },
  (t) => [
    index('odontograma_marcas_cliente_idx').on(t.empresaId, t.IdCliente, t.Pieza),
    index('odontograma_marcas_plan_idx').on(t.empresaId, t.IdPlan),
    cliente('odontograma_marcas', t),
    fkEmpresa('odontograma_marcas_plan_fk', t, t.IdPlan, planesTratamiento),
  ],
);

/** An appointment: patient, dentist (an employee), chair, day, start and minutes; its agenda event (`IdActividad`). */
export const citasDentales = tablaEmpresa(
  'citas_dentales',
  {
    IdCliente: ref('id_cliente').notNull(),
    IdDentista: ref('id_dentista').notNull(),
    IdSillon: ref('id_sillon').notNull(),
    Fecha: dia('fecha').notNull(),
    Hora: text('hora').notNull(),
    Minutos: integer('minutos').notNull(),
    Motivo: text('motivo'),
    Estado: text('estado').notNull().default('programada'),
    IdActividad: ref('id_actividad'),
    CreadoEn: creado(),
  },
  (t) => [
    index('citas_dentales_dia_idx').on(t.empresaId, t.Fecha, t.IdDentista),
    cliente('citas_dentales', t),
    fkEmpresa('citas_dentales_dentista_fk', t, t.IdDentista, empleadosTable),
    fkEmpresa('citas_dentales_sillon_fk', t, t.IdSillon, sillonesTable),
  ],
);
