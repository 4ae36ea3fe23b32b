import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientesTable, conceptosmovsTable, proveedoresTable, tesoreriaTable } from '../../modules/tablasMaestras.ts';
import { col } from './entityTable.ts';
import { empresas } from './platformTables.ts';
import { documentosCompra } from './purchaseDocuments.ts';
import { documentosVenta } from './salesDocuments.ts';

/**
 * Treasury. Properties are the API's names (CODE_STYLE: a row is its JSON). A movement is "arqueado"
 * when a cash count of its account is dated on or after it, and "conciliado" when a bank statement line points at
 * it: both are computed, and both lock it.
 */
const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const id = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const dia = (name: string) => date(name, { mode: 'string' });
const creado = () => timestamp('creado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
const tesoreriaFk = (name: string, t: { empresaId: AnyPgColumn; IdTesoreria: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.empresaId, t.IdTesoreria],
    foreignColumns: [col(tesoreriaTable, 'empresaId'), col(tesoreriaTable, 'Id')],
  });

/** The customer or supplier a movement (or the rule that creates it) is about: at most one, of the same company. */
const contacto = () => ({
  IdCliente: bigint('id_cliente', { mode: 'number' }),
  IdProveedor: bigint('id_proveedor', { mode: 'number' }),
});
const contactoFks = (
  tabla: string,
  t: { empresaId: AnyPgColumn; IdCliente: AnyPgColumn; IdProveedor: AnyPgColumn },
) => [
  foreignKey({
    name: `${tabla}_cliente_fk`,
    columns: [t.empresaId, t.IdCliente],
    foreignColumns: [col(clientesTable, 'empresaId'), col(clientesTable, 'Id')],
  }),
  foreignKey({
    name: `${tabla}_proveedor_fk`,
    columns: [t.empresaId, t.IdProveedor],
    foreignColumns: [col(proveedoresTable, 'empresaId'), col(proveedoresTable, 'Id')],
  }),
  check(`${tabla}_un_contacto`, sql`${t.IdCliente} is null or ${t.IdProveedor} is null`),
];

/**
 * Movements of a treasury account that are not a collection or a payment: manual ones with a concept, the two legs
 * of a transfer between accounts (IdTraspaso = the other leg), bank fees (of a returned receipt: IdRemesa), cash
 * count differences (IdArqueo). Importe is signed: positive in, negative out.
 */
export const movimientosTesoreria = pgTable(
  'movimientos_tesoreria',
  {
    empresaId: empresaId(),
    Id: id(),
    IdTesoreria: bigint('id_tesoreria', { mode: 'number' }).notNull(),
    Fecha: dia('fecha').notNull(),
    Importe: money('importe').notNull(),
    IdConcepto: bigint('id_concepto', { mode: 'number' }),
    Descripcion: text('descripcion').notNull(),
    /** 'manual' | 'traspaso' | 'comision' | 'arqueo'. */
    Clase: text('clase').notNull().default('manual'),
    IdTraspaso: bigint('id_traspaso', { mode: 'number' }),
    IdArqueo: bigint('id_arqueo', { mode: 'number' }),
    IdRemesa: bigint('id_remesa', { mode: 'number' }),
    ...contacto(),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'movimientos_tesoreria_pk', columns: [t.empresaId, t.Id] }),
    ...contactoFks('movimientos_tesoreria', t),
    index('movimientos_tesoreria_cuenta_idx').on(t.empresaId, t.IdTesoreria, t.Fecha, t.Id),
    index('movimientos_tesoreria_fecha_idx').on(t.empresaId, t.Fecha, t.Id),
    tesoreriaFk('movimientos_tesoreria_tesoreria_fk', t),
    foreignKey({
      name: 'movimientos_tesoreria_concepto_fk',
      columns: [t.empresaId, t.IdConcepto],
      foreignColumns: [col(conceptosmovsTable, 'empresaId'), col(conceptosmovsTable, 'Id')],
    }),
  ],
);

/** SEPA direct-debit mandates of a customer's bank account (the IBAN it was signed for is kept on it). */
export const mandatosSepa = pgTable(
  'mandatos_sepa',
  {
    empresaId: empresaId(),
    Id: id(),
    IdCliente: bigint('id_cliente', { mode: 'number' }).notNull(),
    Referencia: text('referencia').notNull(),
    IBAN: text('iban').notNull(),
    BIC: text('bic'),
    FechaFirma: dia('fecha_firma').notNull(),
    /** 'CORE' | 'B2B'. */
    Esquema: text('esquema').notNull().default('CORE'),
    /** Sequence of its next collection: 'FRST' | 'RCUR' | 'OOFF' (a used OOFF mandate is 'FNAL'-done: Estado cancelado). */
    Secuencia: text('secuencia').notNull().default('FRST'),
    /** 'activo' | 'bloqueado' (a return said so) | 'cancelado'. */
    Estado: text('estado').notNull().default('activo'),
    Motivo: text('motivo'),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'mandatos_sepa_pk', columns: [t.empresaId, t.Id] }),
    uniqueIndex('mandatos_sepa_referencia_uq').on(t.empresaId, t.Referencia),
    index('mandatos_sepa_cliente_idx').on(t.empresaId, t.IdCliente),
    foreignKey({
      name: 'mandatos_sepa_cliente_fk',
      columns: [t.empresaId, t.IdCliente],
      foreignColumns: [col(clientesTable, 'empresaId'), col(clientesTable, 'Id')],
    }),
  ],
);

/** Batches: direct debits of customer receipts (Tipo cobro, pain.008) or supplier transfers (Tipo pago, pain.001). */
export const remesas = pgTable(
  'remesas',
  {
    empresaId: empresaId(),
    Id: id(),
    /** 'cobro' | 'pago'. */
    Tipo: text('tipo').notNull(),
    IdTesoreria: bigint('id_tesoreria', { mode: 'number' }).notNull(),
    /** Collection date (ReqdColltnDt) or execution date (ReqdExctnDt). */
    Fecha: dia('fecha').notNull(),
    /** 'CORE' | 'B2B' (cobro); null for transfers. */
    Esquema: text('esquema'),
    /** 'preparada' | 'enviada'. */
    Estado: text('estado').notNull().default('preparada'),
    Descripcion: text('descripcion').notNull(),
    NumRecibos: integer('num_recibos').notNull().default(0),
    Total: money('total').notNull().default('0'),
    MsgId: text('msg_id').notNull(),
    FechaEnvio: dia('fecha_envio'),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'remesas_pk', columns: [t.empresaId, t.Id] }),
    index('remesas_fecha_idx').on(t.empresaId, t.Tipo, t.Fecha, t.Id),
    uniqueIndex('remesas_msg_uq').on(t.empresaId, t.MsgId),
    tesoreriaFk('remesas_tesoreria_fk', t),
  ],
);

/**
 * The receipts (due dates of an invoice: IdFactura + Plazo) in a batch. Estado: 'remesado' (in the batch),
 * 'cobrado' (batch sent: IdCobro is the collection it made), 'devuelto' (returned: Motivo, Comision, the fee's
 * movement). A receipt is in at most one live line (unique while not returned); a returned one goes into a new batch
 * only when re-presented (Representar = its new due date).
 */
export const recibosRemesa = pgTable(
  'recibos_remesa',
  {
    empresaId: empresaId(),
    Id: id(),
    IdRemesa: bigint('id_remesa', { mode: 'number' }).notNull(),
    /** Sales invoice (cobro batches) or purchase invoice (pago batches): one of them. */
    IdFactura: bigint('id_factura', { mode: 'number' }),
    IdFacturaCompra: bigint('id_factura_compra', { mode: 'number' }),
    Plazo: integer('plazo').notNull(),
    NumSerie: text('num_serie'),
    IdTercero: bigint('id_tercero', { mode: 'number' }).notNull(),
    TerceroNombre: text('tercero_nombre').notNull(),
    IdMandato: bigint('id_mandato', { mode: 'number' }),
    MandatoRef: text('mandato_ref'),
    MandatoFecha: dia('mandato_fecha'),
    IBAN: text('iban').notNull(),
    BIC: text('bic'),
    Importe: money('importe').notNull(),
    Vencimiento: dia('vencimiento').notNull(),
    EndToEndId: text('end_to_end_id').notNull(),
    Secuencia: text('secuencia'),
    Estado: text('estado').notNull().default('remesado'),
    IdCobro: bigint('id_cobro', { mode: 'number' }),
    Motivo: text('motivo'),
    FechaDevolucion: dia('fecha_devolucion'),
    Comision: money('comision'),
    IdMovComision: bigint('id_mov_comision', { mode: 'number' }),
    Representar: dia('representar'),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'recibos_remesa_pk', columns: [t.empresaId, t.Id] }),
    index('recibos_remesa_remesa_idx').on(t.empresaId, t.IdRemesa, t.Id),
    uniqueIndex('recibos_remesa_e2e_uq').on(t.empresaId, t.EndToEndId),
    uniqueIndex('recibos_remesa_vivo_uq')
      .on(t.empresaId, t.IdFactura, t.Plazo)
      .where(sql`estado <> 'devuelto' and id_factura is not null`),
    uniqueIndex('recibos_remesa_vivo_compra_uq')
      .on(t.empresaId, t.IdFacturaCompra, t.Plazo)
      .where(sql`estado <> 'devuelto' and id_factura_compra is not null`),
    index('recibos_remesa_factura_idx').on(t.empresaId, t.IdFactura, t.Plazo),
    foreignKey({
      name: 'recibos_remesa_factura_fk',
      columns: [t.empresaId, t.IdFactura],
      foreignColumns: [documentosVenta.empresaId, documentosVenta.id],
    }),
    foreignKey({
      name: 'recibos_remesa_factura_compra_fk',
      columns: [t.empresaId, t.IdFacturaCompra],
      foreignColumns: [documentosCompra.empresaId, documentosCompra.id],
    }),
    foreignKey({
      name: 'recibos_remesa_mandato_fk',
      columns: [t.empresaId, t.IdMandato],
      foreignColumns: [mandatosSepa.empresaId, mandatosSepa.Id],
    }),
    foreignKey({
      name: 'recibos_remesa_remesa_fk',
      columns: [t.empresaId, t.IdRemesa],
      foreignColumns: [remesas.empresaId, remesas.Id],
    }).onDelete('cascade'),
  ],
);

/** Cash counts: notes and coins counted (Desglose: { "50": 3, "0.20": 7 }), expected vs counted, the difference. */
export const arqueos = pgTable(
  'arqueos',
  {
    empresaId: empresaId(),
    Id: id(),
    IdTesoreria: bigint('id_tesoreria', { mode: 'number' }).notNull(),
    Fecha: dia('fecha').notNull(),
    Esperado: money('esperado').notNull(),
    Contado: money('contado').notNull(),
    Diferencia: money('diferencia').notNull(),
    Motivo: text('motivo'),
    Desglose: jsonb('desglose').$type<Record<string, number>>().notNull(),
    IdMovimiento: bigint('id_movimiento', { mode: 'number' }),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'arqueos_pk', columns: [t.empresaId, t.Id] }),
    index('arqueos_cuenta_idx').on(t.empresaId, t.IdTesoreria, t.Fecha),
    tesoreriaFk('arqueos_tesoreria_fk', t),
  ],
);

/** An imported bank statement (Norma 43 account block). */
export const extractosBancarios = pgTable(
  'extractos_bancarios',
  {
    empresaId: empresaId(),
    Id: id(),
    IdTesoreria: bigint('id_tesoreria', { mode: 'number' }).notNull(),
    Fichero: text('fichero').notNull(),
    Cuenta: text('cuenta').notNull(),
    FechaDesde: dia('fecha_desde').notNull(),
    FechaHasta: dia('fecha_hasta').notNull(),
    SaldoInicial: money('saldo_inicial').notNull(),
    SaldoFinal: money('saldo_final').notNull(),
    NumApuntes: integer('num_apuntes').notNull(),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'extractos_bancarios_pk', columns: [t.empresaId, t.Id] }),
    index('extractos_bancarios_cuenta_idx').on(t.empresaId, t.IdTesoreria, t.FechaDesde),
    tesoreriaFk('extractos_bancarios_tesoreria_fk', t),
  ],
);

/**
 * A statement line (record 22 + its 23s). Reconciled when ConciliadoCon ('cobro' | 'pago' | 'remesa' |
 * 'movimiento') and IdConciliado name what it matches; each of those is matched by one line at most.
 */
export const apuntesBancarios = pgTable(
  'apuntes_bancarios',
  {
    empresaId: empresaId(),
    Id: id(),
    IdExtracto: bigint('id_extracto', { mode: 'number' }).notNull(),
    IdTesoreria: bigint('id_tesoreria', { mode: 'number' }).notNull(),
    Linea: integer('linea').notNull(),
    FechaOperacion: dia('fecha_operacion').notNull(),
    FechaValor: dia('fecha_valor').notNull(),
    ConceptoComun: text('concepto_comun').notNull(),
    ConceptoPropio: text('concepto_propio').notNull(),
    Importe: money('importe').notNull(),
    Documento: text('documento').notNull(),
    Referencia1: text('referencia1').notNull(),
    Referencia2: text('referencia2').notNull(),
    Concepto: text('concepto').notNull(),
    ConciliadoCon: text('conciliado_con'),
    IdConciliado: bigint('id_conciliado', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'apuntes_bancarios_pk', columns: [t.empresaId, t.Id] }),
    index('apuntes_bancarios_extracto_idx').on(t.empresaId, t.IdExtracto, t.Linea),
    uniqueIndex('apuntes_bancarios_conciliado_uq')
      .on(t.empresaId, t.ConciliadoCon, t.IdConciliado)
      .where(sql`id_conciliado is not null`),
    foreignKey({
      name: 'apuntes_bancarios_extracto_fk',
      columns: [t.empresaId, t.IdExtracto],
      foreignColumns: [extractosBancarios.empresaId, extractosBancarios.Id],
    }).onDelete('cascade'),
  ],
);

/**
 * Reconciliation rules the company remembers: a statement line whose texts contain `Texto` (accents and case
 * ignored) is proposed as a new movement of the concept `IdConcepto` (its accounting account, e.g. 626) with
 * `Descripcion`, about the customer or supplier it names (`IdCliente` | `IdProveedor`, optional). One rule per text.
 */
export const reglasConciliacion = pgTable(
  'reglas_conciliacion',
  {
    empresaId: empresaId(),
    Id: id(),
    Texto: text('texto').notNull(),
    IdConcepto: bigint('id_concepto', { mode: 'number' }).notNull(),
    Descripcion: text('descripcion').notNull(),
    ...contacto(),
    CreadoEn: creado(),
  },
  (t) => [
    primaryKey({ name: 'reglas_conciliacion_pk', columns: [t.empresaId, t.Id] }),
    ...contactoFks('reglas_conciliacion', t),
    uniqueIndex('reglas_conciliacion_texto_uq').on(t.empresaId, sql`lower(${t.Texto})`),
    foreignKey({
      name: 'reglas_conciliacion_concepto_fk',
      columns: [t.empresaId, t.IdConcepto],
      foreignColumns: [col(conceptosmovsTable, 'empresaId'), col(conceptosmovsTable, 'Id')],
    }).onDelete('cascade'),
  ],
);
