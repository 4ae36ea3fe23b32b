import { conceptosmovs, tesoreria } from '@faro/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { creadoEn, dia, fkEmpresa, ref, tablaEmpresa } from '../../platform/db/columns.ts';
import { col, entityTable } from '../../platform/db/entityTable.ts';
import { clientesTable, proveedoresTable } from '../contactos/tablas.ts';
import { documentosCompra } from '../documentos/tablasCompra.ts';
import { documentosVenta } from '../documentos/tablasVenta.ts';

/** Treasury accounts (bank, cash) and the concepts of movements: master data of the area. */
export const tesoreriaTable = entityTable(tesoreria);
export const conceptosmovsTable = entityTable(conceptosmovs);

/**
 * Treasury. Properties are the API's names (CODE_STYLE: a row is its JSON). A movement is "arqueado"
 * when a cash count of its account is dated on or after it, and "conciliado" when a bank statement line points at
 * it: both are computed, and both lock it.
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const tesoreriaFk = (name: string, t: { empresaId: AnyPgColumn; IdTesoreria: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.empresaId, t.IdTesoreria],
    foreignColumns: [col(tesoreriaTable, 'empresaId'), col(tesoreriaTable, 'Id')],
  });

/** The customer or supplier a movement (or the rule that creates it) is about: at most one, of the same company. */
const contacto = () => ({
  IdCliente: ref('id_cliente'),
  IdProveedor: ref('id_proveedor'),
});
const contactoFks = (
  tabla: string,
  t: { empresaId: AnyPgColumn; IdCliente: AnyPgColumn; IdProveedor: AnyPgColumn },
) => [
  fkEmpresa(`${tabla}_cliente_fk`, t, t.IdCliente, clientesTable),
  fkEmpresa(`${tabla}_proveedor_fk`, t, t.IdProveedor, proveedoresTable),
  check(`${tabla}_un_contacto`, sql`${t.IdCliente} is null or ${t.IdProveedor} is null`),
];

/**
 * Movements of a treasury account that are not a collection or a payment: manual ones with a concept, the two legs
 * of a transfer between accounts (IdTraspaso = the other leg), bank fees (of a returned receipt: IdRemesa), cash
 * count differences (IdArqueo). Importe is signed: positive in, negative out.
 */
export const movimientosTesoreria = tablaEmpresa(
  'movimientos_tesoreria',
  {
    IdTesoreria: ref('id_tesoreria').notNull(),
    Fecha: dia('fecha').notNull(),
    Importe: money('importe').notNull(),
    IdConcepto: ref('id_concepto'),
    Descripcion: text('descripcion').notNull(),
    /** 'manual' | 'traspaso' | 'comision' | 'arqueo'. */
    Clase: text('clase').notNull().default('manual'),
    IdTraspaso: ref('id_traspaso'),
    IdArqueo: ref('id_arqueo'),
    IdRemesa: ref('id_remesa'),
    ...contacto(),
    CreadoEn: creadoEn(),
  },
  (t) => [
    ...contactoFks('movimientos_tesoreria', t),
    index('movimientos_tesoreria_cuenta_idx').on(t.empresaId, t.IdTesoreria, t.Fecha, t.Id),
    index('movimientos_tesoreria_fecha_idx').on(t.empresaId, t.Fecha, t.Id),
    tesoreriaFk('movimientos_tesoreria_tesoreria_fk', t),
    fkEmpresa('movimientos_tesoreria_concepto_fk', t, t.IdConcepto, conceptosmovsTable),
  ],
);

/** SEPA direct-debit mandates of a customer's bank account (the IBAN it was signed for is kept on it). */
export const mandatosSepa = tablaEmpresa(
  'mandatos_sepa',
  {
    IdCliente: ref('id_cliente').notNull(),
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
    CreadoEn: creadoEn(),
  },
  (t) => [
    uniqueIndex('mandatos_sepa_referencia_uq').on(t.empresaId, t.Referencia),
    index('mandatos_sepa_cliente_idx').on(t.empresaId, t.IdCliente),
    fkEmpresa('mandatos_sepa_cliente_fk', t, t.IdCliente, clientesTable),
  ],
);

/** Batches: direct debits of customer receipts (Tipo cobro, pain.008) or supplier transfers (Tipo pago, pain.001). */
export const remesas = tablaEmpresa(
  'remesas',
  {
    /** 'cobro' | 'pago'. */
    Tipo: text('tipo').notNull(),
    IdTesoreria: ref('id_tesoreria').notNull(),
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
    CreadoEn: creadoEn(),
  },
  (t) => [
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
export const recibosRemesa = tablaEmpresa(
  'recibos_remesa',
  {
    IdRemesa: ref('id_remesa').notNull(),
    /** Sales invoice (cobro batches) or purchase invoice (pago batches): one of them. */
    IdFactura: ref('id_factura'),
    IdFacturaCompra: ref('id_factura_compra'),
    Plazo: integer('plazo').notNull(),
    NumSerie: text('num_serie'),
    IdTercero: ref('id_tercero').notNull(),
    TerceroNombre: text('tercero_nombre').notNull(),
    IdMandato: ref('id_mandato'),
    MandatoRef: text('mandato_ref'),
    MandatoFecha: dia('mandato_fecha'),
    IBAN: text('iban').notNull(),
    BIC: text('bic'),
    Importe: money('importe').notNull(),
    Vencimiento: dia('vencimiento').notNull(),
    EndToEndId: text('end_to_end_id').notNull(),
    Secuencia: text('secuencia'),
    Estado: text('estado').notNull().default('remesado'),
    IdCobro: ref('id_cobro'),
    Motivo: text('motivo'),
    FechaDevolucion: dia('fecha_devolucion'),
    Comision: money('comision'),
    IdMovComision: ref('id_mov_comision'),
    Representar: dia('representar'),
    CreadoEn: creadoEn(),
  },
  (t) => [
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
    fkEmpresa('recibos_remesa_mandato_fk', t, t.IdMandato, mandatosSepa),
    fkEmpresa('recibos_remesa_remesa_fk', t, t.IdRemesa, remesas).onDelete('cascade'),
  ],
);

/** Cash counts: notes and coins counted (Desglose: { "50": 3, "0.20": 7 }), expected vs counted, the difference. */
export const arqueos = tablaEmpresa(
  'arqueos',
  {
    IdTesoreria: ref('id_tesoreria').notNull(),
    Fecha: dia('fecha').notNull(),
    Esperado: money('esperado').notNull(),
    Contado: money('contado').notNull(),
    Diferencia: money('diferencia').notNull(),
    Motivo: text('motivo'),
    Desglose: jsonb('desglose').$type<Record<string, number>>().notNull(),
    IdMovimiento: ref('id_movimiento'),
    CreadoEn: creadoEn(),
  },
  (t) => [index('arqueos_cuenta_idx').on(t.empresaId, t.IdTesoreria, t.Fecha), tesoreriaFk('arqueos_tesoreria_fk', t)],
);

/** An imported bank statement (Norma 43 account block). */
export const extractosBancarios = tablaEmpresa(
  'extractos_bancarios',
  {
    IdTesoreria: ref('id_tesoreria').notNull(),
    Fichero: text('fichero').notNull(),
    Cuenta: text('cuenta').notNull(),
    FechaDesde: dia('fecha_desde').notNull(),
    FechaHasta: dia('fecha_hasta').notNull(),
    SaldoInicial: money('saldo_inicial').notNull(),
    SaldoFinal: money('saldo_final').notNull(),
    NumApuntes: integer('num_apuntes').notNull(),
    CreadoEn: creadoEn(),
  },
  (t) => [
    index('extractos_bancarios_cuenta_idx').on(t.empresaId, t.IdTesoreria, t.FechaDesde),
    tesoreriaFk('extractos_bancarios_tesoreria_fk', t),
  ],
);

/**
 * A statement line (record 22 + its 23s). Reconciled when ConciliadoCon ('cobro' | 'pago' | 'remesa' |
 * 'movimiento') and IdConciliado name what it matches; each of those is matched by one line at most.
 */
export const apuntesBancarios = tablaEmpresa(
  'apuntes_bancarios',
  {
    IdExtracto: ref('id_extracto').notNull(),
    IdTesoreria: ref('id_tesoreria').notNull(),
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
    IdConciliado: ref('id_conciliado'),
  },
  (t) => [
    index('apuntes_bancarios_extracto_idx').on(t.empresaId, t.IdExtracto, t.Linea),
    uniqueIndex('apuntes_bancarios_conciliado_uq')
      .on(t.empresaId, t.ConciliadoCon, t.IdConciliado)
      .where(sql`id_conciliado is not null`),
    fkEmpresa('apuntes_bancarios_extracto_fk', t, t.IdExtracto, extractosBancarios).onDelete('cascade'),
  ],
);

/**
 * Reconciliation rules the company remembers: a statement line whose texts contain `Texto` (accents and case
 * ignored) is proposed as a new movement of the concept `IdConcepto` (its accounting account, e.g. 626) with
 * `Descripcion`, about the customer or supplier it names (`IdCliente` | `IdProveedor`, optional). One rule per text.
 */
export const reglasConciliacion = tablaEmpresa(
  'reglas_conciliacion',
  {
    Texto: text('texto').notNull(),
    IdConcepto: ref('id_concepto').notNull(),
    Descripcion: text('descripcion').notNull(),
    ...contacto(),
    CreadoEn: creadoEn(),
  },
  (t) => [
    ...contactoFks('reglas_conciliacion', t),
    uniqueIndex('reglas_conciliacion_texto_uq').on(t.empresaId, sql`lower(${t.Texto})`),
    fkEmpresa('reglas_conciliacion_concepto_fk', t, t.IdConcepto, conceptosmovsTable).onDelete('cascade'),
  ],
);
