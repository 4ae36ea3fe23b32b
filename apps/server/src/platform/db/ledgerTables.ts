import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { empresas } from './platformTables.ts';

/**
 * The ledger kept in Faro (module `contabilidad`): the company's chart of accounts, its journal entries and their
 * lines, and the state of each fiscal year. Properties are the API's names (CODE_STYLE: a row is its JSON). Amounts
 * of the lines are integer cents (`Debe`, `Haber`): the reports sum them in the database without rounding.
 * An entry is never edited: a cancelled or changed document gets a reverse entry (`IdRevertido`) and a new one.
 */
const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const creado = () => timestamp('creado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

/** The chart: PGC PYMES accounts seeded per company on first use, and the subaccounts the entries create. */
export const cuentasContables = pgTable(
  'cuentas_contables',
  {
    empresaId: empresaId(),
    Codigo: text('codigo').notNull(),
    Nombre: text('nombre').notNull(),
    /** 'grupo' (1 digit) | 'subgrupo' (2) | 'cuenta' (3) | 'subcuenta' (the company's digits). */
    Nivel: text('nivel').notNull(),
    NIF: text('nif'),
    CreadoEn: creado(),
  },
  (t) => [primaryKey({ name: 'cuentas_contables_pk', columns: [t.empresaId, t.Codigo] })],
);

/**
 * One entry. `Origen` names the document kind ('venta' | 'compra' | 'cobro' | 'pago' | 'comision' | 'manual' |
 * 'regularizacion' | 'cierre' | 'apertura') and `IdOrigen` its row; a reverse entry points at the one it reverses.
 */
export const asientosContables = pgTable(
  'asientos_contables',
  {
    empresaId: empresaId(),
    Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    Ejercicio: integer('ejercicio').notNull(),
    Numero: integer('numero').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    Concepto: text('concepto').notNull(),
    Tipo: text('tipo').notNull(),
    Origen: text('origen').notNull(),
    IdOrigen: bigint('id_origen', { mode: 'number' }),
    Documento: text('documento').notNull().default(''),
    IdRevertido: bigint('id_revertido', { mode: 'number' }),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'asientos_contables_pk', columns: [t.empresaId, t.Id] }),
    uniqueIndex('asientos_contables_numero_uq').on(t.empresaId, t.Ejercicio, t.Numero),
    index('asientos_contables_origen_idx').on(t.empresaId, t.Origen, t.IdOrigen),
    index('asientos_contables_fecha_idx').on(t.empresaId, t.Fecha, t.Id),
  ],
);

/** The lines of an entry; `Ejercicio` and `Fecha` are the entry's, kept here so the reports read one table. */
export const apuntesContables = pgTable(
  'apuntes_contables',
  {
    empresaId: empresaId(),
    Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    IdAsiento: bigint('id_asiento', { mode: 'number' }).notNull(),
    Orden: integer('orden').notNull(),
    Ejercicio: integer('ejercicio').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    Subcuenta: text('subcuenta').notNull(),
    Contrapartida: text('contrapartida').notNull().default(''),
    Concepto: text('concepto').notNull(),
    Debe: bigint('debe', { mode: 'number' }).notNull().default(0),
    Haber: bigint('haber', { mode: 'number' }).notNull().default(0),
    Documento: text('documento').notNull().default(''),
    BaseImponible: numeric('base_imponible', { precision: 16, scale: 2 }),
    PorcIva: numeric('porc_iva', { precision: 5, scale: 2 }),
    PorcRecargo: numeric('porc_recargo', { precision: 5, scale: 2 }),
  },
  (t) => [
    primaryKey({ name: 'apuntes_contables_pk', columns: [t.empresaId, t.Id] }),
    index('apuntes_contables_asiento_idx').on(t.empresaId, t.IdAsiento, t.Orden),
    index('apuntes_contables_cuenta_idx').on(t.empresaId, t.Ejercicio, t.Subcuenta, t.Fecha),
    foreignKey({
      name: 'apuntes_contables_asiento_fk',
      columns: [t.empresaId, t.IdAsiento],
      foreignColumns: [asientosContables.empresaId, asientosContables.Id],
    }),
  ],
);

/** A fiscal year of the ledger: once closed, its entries are immutable and nothing is posted into it. */
export const ejerciciosContables = pgTable(
  'ejercicios_contables',
  {
    empresaId: empresaId(),
    Ejercicio: integer('ejercicio').notNull(),
    Cerrado: boolean('cerrado').notNull().default(false),
    /** The year's entry counter: an upsert moves it and locks the row until commit (numbers without gaps). */
    UltimoNumero: integer('ultimo_numero').notNull().default(0),
    CerradoEn: timestamp('cerrado_en', { withTimezone: true, mode: 'string' }),
  },
  (t) => [primaryKey({ name: 'ejercicios_contables_pk', columns: [t.empresaId, t.Ejercicio] })],
);
