import { randomUUID } from 'node:crypto';
import {
  add,
  compare,
  type DiferenciaTotal,
  type DocumentoCompraInput,
  dec,
  diferenciasTotales,
  type FacturaLeida,
  type LineaLeida,
  normalizeTaxId,
  sub,
  sum,
  toFixed,
} from '@faro/domain';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { AppError } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { col, datosCompra, ficheros, proveedoresTable, tiposivaTable } from '../../../platform/tenancy/tables.ts';
import { motorCompra } from '../../compras/ladoCompra.ts';
import { nextCode, normalizeContact } from '../../contactos/contactHooks.ts';
import { anotarRecibida } from '../estados/estados.ts';

export const MSG_RECEPCION = {
  moneda: (m: string) =>
    `La factura está en ${m}: sus importes se han copiado tal cual; conviértelos a euros antes de registrarla`,
  sinTipo: (faltan: string) =>
    `La empresa no tiene el tipo de IVA que usa la factura (${faltan}): créalo en Configuración › Tipos de IVA e impórtala de nuevo`,
  sinNif: 'La factura electrónica no identifica al proveedor con un NIF o número de IVA',
  sinLineas: 'La factura electrónica no tiene líneas',
} as const;

/** What importing one file did: the draft, its supplier and the totals that disagree with the XML. */
export interface Importada {
  Id: number;
  Proveedor: { Id: number; Nombre: string; Nif: string; Creado: boolean };
  Diferencias: DiferenciaTotal[];
  /** Set when the invoice is not in euros (Faro's documents are): its amounts are copied as they are. */
  AvisoMoneda: string | null;
}

const IMPUESTO: Record<string, string> = { L: 'IGIC', M: 'IPSI' };
/** The exemption causes a 0 % category prefers among the company's VAT types (as Faro writes them: categorias.ts). */
const CAUSAS: Record<string, (string | null)[]> = {
  Z: [null],
  E: ['E1', 'E6', 'E3', 'E4', 'E7', 'E8'],
  G: ['E2'],
  K: ['E5'],
  AE: ['S2'],
  O: ['N1', 'N2'],
};

interface FilaTipo {
  Valor: string;
  Impuesto: string;
  PorcentajeIva: string;
  PorcentajeRecargo: string | null;
  Exencion: string | null;
}

const mismo = (a: string | null | undefined, b: string) =>
  a !== null && a !== undefined && compare(dec(a), dec(b)) === 0;

/**
 * The company's VAT type of each (category, rate) of the XML: the same tax and rate, a 0 % category by its
 * exemption cause, a standard rate that is VAT + surcharge (how a supplier writes recargo de equivalencia) by
 * their sum. A rate the company has no type for is a 422 naming it: nothing is guessed.
 */
async function tiposDe(t: Scope, lineas: readonly LineaLeida[]): Promise<Map<string, string>> {
  const c = (f: string) => col(tiposivaTable, f);
  const filas = (await t.pick(
    {
      Valor: c('Valor'),
      Impuesto: c('Impuesto'),
      PorcentajeIva: c('PorcentajeIva'),
      PorcentajeRecargo: c('PorcentajeRecargo'),
      Exencion: c('Exencion'),
    },
    tiposivaTable,
    or(isNull(c('Baja')), eq(c('Baja'), false)),
  )) as FilaTipo[];
  const out = new Map<string, string>();
  const faltan: string[] = [];
  for (const l of lineas) {
    const clave = `${l.Categoria}|${l.Porcentaje}`;
    if (out.has(clave)) continue;
    const impuesto = IMPUESTO[l.Categoria] ?? 'IVA';
    const delImpuesto = filas.filter((f) => f.Impuesto === impuesto);
    const conTipo = delImpuesto.filter((f) => mismo(String(f.PorcentajeIva), l.Porcentaje));
    const causas = CAUSAS[l.Categoria];
    const porCausa = causas
      ?.map((causa) => conTipo.find((f) => (f.Exencion || null) === causa))
      .find((f) => f !== undefined);
    const fila =
      porCausa ??
      conTipo.find((f) => !f.Exencion) ??
      (causas ? undefined : conTipo[0]) ??
      delImpuesto.find((f) =>
        mismo(toFixed(add(dec(String(f.PorcentajeIva)), dec(String(f.PorcentajeRecargo ?? '0')))), l.Porcentaje),
      );
    if (fila) out.set(clave, fila.Valor);
    else
      faltan.push(`${impuesto} ${l.Porcentaje} %${causas && l.Categoria !== 'Z' ? `, categoría ${l.Categoria}` : ''}`);
  }
  if (faltan.length) throw new AppError(422, MSG_RECEPCION.sinTipo([...new Set(faltan)].join('; ')));
  return out;
}

/** The company's first active supplier with this NIF. */
async function proveedorConNif(t: Scope, nif: string): Promise<{ id: number; nombre: string } | undefined> {
  const c = (x: string) => col(proveedoresTable, x);
  const [row] = await t
    .pick(
      { id: c('Id'), nombre: c('Nombre') },
      proveedoresTable,
      and(eq(c('NIF'), nif), or(isNull(c('Baja')), eq(c('Baja'), false))),
    )
    .orderBy(asc(c('Id')))
    .limit(1);
  return row as { id: number; nombre: string } | undefined;
}

/** The supplier with the XML's NIF, or a new one with the XML's name, NIF and address. */
async function proveedorDe(t: Scope, f: FacturaLeida): Promise<Importada['Proveedor']> {
  const p = f.Proveedor;
  if (!p.Nif) throw new AppError(422, MSG_RECEPCION.sinNif);
  const Nif = normalizeTaxId(p.Nif);
  const existente = await proveedorConNif(t, Nif);
  if (existente) return { Id: existente.id, Nombre: existente.nombre, Nif, Creado: false };
  const valores = normalizeContact({
    Codigo: await nextCode(t, proveedoresTable),
    Nombre: p.Nombre.slice(0, 100),
    NIF: Nif,
    TipoNIF: p.Pais === 'ES' ? 'nif' : 'nifiva',
    Direccion: p.Direccion,
    CodPostal: p.CodPostal,
    Poblacion: p.Poblacion,
    // Derived from a Spanish postal code (the column holds Spain's provinces, not another country's regions).
    Provincia: null,
    Pais: p.Pais,
  });
  await t.insert(proveedoresTable, valores as never);
  const nuevo = (await proveedorConNif(t, Nif))!;
  return { Id: nuevo.id, Nombre: nuevo.nombre, Nif, Creado: true };
}

/**
 * Writes the read invoice as a draft received invoice through the purchases side of the document engine (its
 * checks, its purchase data), with the XML's totals as the paper's totals — so registering it refuses a difference
 * until it is accepted — and the file as its original. Inside the caller's transaction: all or nothing.
 */
export async function importarFacturaRecibida(
  t: Scope,
  f: FacturaLeida,
  fichero: { nombre: string; bytes: Uint8Array },
): Promise<Importada> {
  if (!f.Lineas.length) throw new AppError(422, MSG_RECEPCION.sinLineas);
  const tipos = await tiposDe(t, f.Lineas);
  const proveedor = await proveedorDe(t, f);
  const iva = toFixed(sum(f.Impuestos.map((i) => dec(i.Cuota))), 2);
  const base = f.Totales.TaxExclusiveAmount;
  const conImpuestos = f.Totales.TaxInclusiveAmount;
  const cuerpo: DocumentoCompraInput = {
    Proveedor: proveedor.Id,
    Fecha: f.Fecha,
    NumFacturaProveedor: f.Numero.slice(0, 50),
    FechaFacturaProveedor: f.Fecha,
    PorcRetencion: f.PorcRetencion === '0' ? null : f.PorcRetencion,
    Observaciones:
      [
        `Importada de la factura electrónica ${f.Formato} ${f.Numero}${f.Moneda === 'EUR' ? '' : ` (importes en ${f.Moneda})`}`,
        f.Rectificada ? `Rectifica la factura ${f.Rectificada.Numero}` : null,
        ...f.Notas,
      ]
        .filter(Boolean)
        .join('\n')
        .slice(0, 4000) || null,
    Lineas: f.Lineas.map((l) => ({
      Descripcion: l.Descripcion.slice(0, 500),
      Cantidad: l.Cantidad,
      Precio: l.Precio,
      TipoIva: tipos.get(`${l.Categoria}|${l.Porcentaje}`)!,
    })) as never,
    BasePapel: base,
    IvaPapel: iva,
    TotalPapel: conImpuestos ? toFixed(sub(dec(conImpuestos), dec(f.Retencion)), 2) : null,
  };
  const id = await motorCompra.crearDesdeCuerpo(t, 'fcompra', cuerpo);
  await anotarRecibida(t, id, { Formato: f.Formato });
  const [guardado] = await t
    .insert(ficheros, {
      clave: randomUUID(),
      nombre: fichero.nombre.slice(0, 200),
      tipo: 'xml',
      tamano: fichero.bytes.length,
      datos: fichero.bytes,
    })
    .returning({ id: ficheros.id });
  await t.update(datosCompra, { idFichero: guardado!.id }, eq(datosCompra.idDocumento, id));
  return {
    Id: id,
    Proveedor: proveedor,
    Diferencias: diferenciasTotales(f),
    AvisoMoneda: f.Moneda === 'EUR' ? null : MSG_RECEPCION.moneda(f.Moneda),
  };
}
