import { boolean, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { creadoEn, dia, empresaId, fkEmpresa, instante, ref, tablaEmpresa } from '../../platform/db/columns.ts';

/**
 * The ledger kept in Faro (module `contabilidad`): the company's chart of accounts, its journal entries and their
 * lines, and the state of each fiscal year. Properties are the API's names (CODE_STYLE: a row is its JSON). Amounts
 * of the lines are integer cents (`Debe`, `Haber`): the reports sum them in the database without rounding.
 * An entry is never edited: a cancelled or changed document gets a reverse entry (`IdRevertido`) and a new one.
 */

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
    CreadoEn: creadoEn(),
  },
  (t) => [primaryKey({ name: 'cuentas_contables_pk', columns: [t.empresaId, t.Codigo] })],
);

/**
 * One entry. `Origen` names the document kind ('venta' | 'compra' | 'cobro' | 'pago' | 'comision' | 'manual' |
 * 'regularizacion' | 'cierre' | 'apertura') and `IdOrigen` its row; a reverse entry points at the one it reverses.
 */
export const asientosContables = tablaEmpresa(
  'asientos_contables',
  {
    Ejercicio: integer('ejercicio').notNull(),
    Numero: integer('numero').notNull(),
    Fecha: dia('fecha').notNull(),
    Concepto: text('concepto').notNull(),
    Tipo: text('tipo').notNull(),
    Origen: text('origen').notNull(),
    IdOrigen: ref('id_origen'),
    Documento: text('documento').notNull().default(''),
    IdRevertido: ref('id_revertido'),
    CreadoEn: creadoEn(),
  },
  (t) => [
    uniqueIndex('asientos_contables_numero_uq').on(t.empresaId, t.Ejercicio, t.Numero),
    index('asientos_contables_origen_idx').on(t.empresaId, t.Origen, t.IdOrigen),
    index('asientos_contables_fecha_idx').on(t.empresaId, t.Fecha, t.Id),
  ],
);

/** The lines of an entry; `Ejercicio` and `Fecha` are the entry's, kept here so the reports read one table. */
export const apuntesContables = tablaEmpresa(
  'apuntes_contables',
  {
    IdAsiento: ref('id_asiento').notNull(),
    Orden: integer('orden').notNull(),
    Ejercicio: integer('ejercicio').notNull(),
    Fecha: dia('fecha').notNull(),
    Subcuenta: text('subcuenta').notNull(),
    Contrapartida: text('contrapartida').notNull().default(''),
    Concepto: text('concepto').notNull(),
    Debe: ref('debe').notNull().default(0),
    Haber: ref('haber').notNull().default(0),
    Documento: text('documento').notNull().default(''),
    BaseImponible: numeric('base_imponible', { precision: 16, scale: 2 }),
    PorcIva: numeric('porc_iva', { precision: 5, scale: 2 }),
    PorcRecargo: numeric('porc_recargo', { precision: 5, scale: 2 }),
  },
  (t) => [
    index('apuntes_contables_asiento_idx').on(t.empresaId, t.IdAsiento, t.Orden),
    index('apuntes_contables_cuenta_idx').on(t.empresaId, t.Ejercicio, t.Subcuenta, t.Fecha),
    fkEmpresa('apuntes_contables_asiento_fk', t, t.IdAsiento, asientosContables),
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
    CerradoEn: instante('cerrado_en'),
  },
  (t) => [primaryKey({ name: 'ejercicios_contables_pk', columns: [t.empresaId, t.Ejercicio] })],
);
