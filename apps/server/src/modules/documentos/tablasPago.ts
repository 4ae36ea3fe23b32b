import { foreignKey, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { creadoEn, dia, empresaId, fkEmpresa, ref, tablaEmpresa } from '../../platform/db/columns.ts';
import { conceptosmovsTable, tesoreriaTable } from '../tesoreria/tablas.ts';
import { type TablaCabecera, tablaStockDocumento } from './tablas.ts';
import { documentosCompra } from './tablasCompra.ts';
import { documentosVenta } from './tablasVenta.ts';

/** What makes one side's payment tables: their names and the header table their invoices live in. */
export interface LadoTablasPago {
  /** Payments of the side's invoices: `cobros_venta` (collections), `pagos_compra` (payments to suppliers). */
  pagos: string;
  /** Due dates of the side's invoices: `vencimientos_venta`, `vencimientos_compra`. */
  vencimientos: string;
  /** The column of an instalment's settled amount: `cobrado` (sales), `pagado` (purchases). */
  liquidado: string;
  cabecera: TablaCabecera;
}

/**
 * The payment tables of one side of the document engine: the payments of its invoices (full or
 * partial, from / into a treasury account, by concept; each insert or delete recomputes the invoice's
 * EstadoCobro / EstadoPago) and their due dates (one row per instalment, computed from the payment method when the
 * invoice is issued / registered; `Liquidado` is how much of the instalment the payments settle, in date order).
 * Properties are the API's names (CODE_STYLE: a row is its JSON) except `Liquidado`, which the side names
 * (`Cobrado` / `Pagado`). Not generic on purpose: both sides get the very same TypeScript type.
 */
export function tablasPago(o: LadoTablasPago) {
  const p = o.pagos;
  const pagos = tablaEmpresa(
    p,
    {
      IdFactura: ref('id_factura').notNull(),
      Fecha: dia('fecha').notNull(),
      Importe: numeric('importe', { precision: 16, scale: 2 }).notNull(),
      IdTesoreria: ref('id_tesoreria').notNull(),
      IdConcepto: ref('id_concepto'),
      Notas: text('notas'),
      CreadoEn: creadoEn(),
    },
    (t) => [
      index(`${p}_factura_idx`).on(t.empresaId, t.IdFactura),
      index(`${p}_lista_idx`).on(t.empresaId, t.Fecha, t.Id),
      foreignKey({
        name: `${p}_factura_fk`,
        columns: [t.empresaId, t.IdFactura],
        foreignColumns: [o.cabecera.empresaId, o.cabecera.id],
      }),
      fkEmpresa(`${p}_tesoreria_fk`, t, t.IdTesoreria, tesoreriaTable),
      fkEmpresa(`${p}_concepto_fk`, t, t.IdConcepto, conceptosmovsTable),
    ],
  );
  const v = o.vencimientos;
  const vencimientos = pgTable(
    v,
    {
      empresaId: empresaId(),
      IdFactura: ref('id_factura').notNull(),
      Plazo: integer('plazo').notNull(),
      Fecha: dia('fecha').notNull(),
      Importe: numeric('importe', { precision: 16, scale: 2 }).notNull(),
      Liquidado: numeric(o.liquidado, { precision: 16, scale: 2 }).notNull().default('0'),
    },
    (t) => [
      primaryKey({ name: `${v}_pk`, columns: [t.empresaId, t.IdFactura, t.Plazo] }),
      index(`${v}_fecha_idx`).on(t.empresaId, t.Fecha),
      foreignKey({
        name: `${v}_factura_fk`,
        columns: [t.empresaId, t.IdFactura],
        foreignColumns: [o.cabecera.empresaId, o.cabecera.id],
      }),
    ],
  );
  return { pagos, vencimientos };
}
export type TablasPago = ReturnType<typeof tablasPago>;
export type TablaPagos = TablasPago['pagos'];
export type TablaVencimientos = TablasPago['vencimientos'];

/** Collections of issued sales invoices (`movstesoreriac`) and their due dates (SQL as in migrations 0007/0009). */
export const { pagos: cobrosVenta, vencimientos: vencimientosVenta } = tablasPago({
  pagos: 'cobros_venta',
  vencimientos: 'vencimientos_venta',
  liquidado: 'cobrado',
  cabecera: documentosVenta,
});

/** Payments of registered purchase invoices (`movstesoreriap`) and their due dates. */
export const { pagos: pagosCompra, vencimientos: vencimientosCompra } = tablasPago({
  pagos: 'pagos_compra',
  vencimientos: 'vencimientos_compra',
  liquidado: 'pagado',
  cabecera: documentosCompra,
});

/**
 * Stock taken out by a sales document (a delivery note sent, an invoice issued that does not come from a delivery
 * note): the warehouse chosen on the header (IdAlmacen) and the quantities moved out, per product. Kept so a later
 * change (cancellation, a sent delivery note edited, back to Pendiente) moves exactly the difference.
 */
export const stockDocumentosVenta = tablaStockDocumento('venta', documentosVenta);
