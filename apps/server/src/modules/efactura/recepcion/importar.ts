import {
  add,
  compare,
  type DiferenciaTotal,
  type DocumentoCompraInput,
  dec,
  diferenciasTotales,
  entitySaveSchema,
  type FacturaLeida,
  type LineaLeida,
  normalizeTaxId,
  proveedores,
  sub,
  sum,
  toFixed,
} from '@faro/domain';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import { masterRepository } from '../../../platform/crud/registerEntity.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { col, proveedoresTable, tiposivaTable } from '../../../platform/tenancy/tables.ts';
import { adjuntarOriginal } from '../../compras/adjuntos.ts';
import { OPCIONES_PROVEEDORES } from '../../compras/index.ts';
import { motorCompra } from '../../compras/ladoCompra.ts';
import { anotarRecibida } from '../estados/estados.ts';

export const MSG_RECEPCION = {
  moneda: (m: string) =>
    `La factura está en ${m}: sus importes se han copiado tal cual; conviértelos a euros antes de registrarla`,
  sinTipo: (faltan: string) =>
    `La empresa no tiene el tipo de IVA que usa la factura (${faltan}): créalo en Configuración › Tipos de IVA e impórtala de nuevo`,
  sinNif: 'La factura electrónica no identifica al proveedor con un NIF o número de IVA',
  sinLineas: 'La factura electrónica no tiene líneas',
  proveedor: (motivo: string) =>
    `El proveedor de la factura electrónica no se puede dar de alta (${motivo}): créalo en Proveedores e impórtala de nuevo`,
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
  // Not subject: the Spanish causes where the company has them, else its 0 % type without one (none is E1–E6).
  O: ['N1', 'N2', null],
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

/** The suppliers' repository as their screen has it: body rules, automatic code, normalisation, audit. */
const repositorioProveedores = masterRepository(proveedores, OPCIONES_PROVEEDORES);
const cuerpoProveedor = entitySaveSchema(proveedores, OPCIONES_PROVEEDORES.overrides);

/**
 * The new supplier's body as the suppliers screen checks it. What the screen refuses of a foreign supplier's data
 * is adapted, never invented: an id that is not an EU VAT number becomes the residence country's document (and one
 * too short even for that is left out: the draft's notes keep the file), a postal code of another format goes
 * with the town. Anything else it refuses (a Spanish NIF that is not valid) is
 * a 422 naming it: the supplier is then created by hand.
 */
function cuerpoDeProveedor(valores: Record<string, string | null>): Record<string, unknown> {
  const v = { ...valores };
  for (let intento = 0; ; intento++) {
    try {
      return parseBody(cuerpoProveedor, v);
    } catch (e) {
      if (!(e instanceof AppError) || !e.errores.length) throw e;
      const campos = new Set(e.errores.map((x) => x.Campo));
      const arreglable = intento < 3 && [...campos].every((c) => ADAPTABLES.has(c) && (c !== 'NIF' || v.Pais !== 'ES'));
      if (!arreglable) throw new AppError(422, MSG_RECEPCION.proveedor(e.errores.map((x) => x.Mensaje).join('; ')));
      // A foreign id no kind of identification takes (a placeholder): the supplier is created without it.
      if (campos.has('NIF') && v.TipoNIF === 'extranjero') v.NIF = v.TipoNIF = null;
      else if (campos.has('NIF')) v.TipoNIF = 'extranjero';
      if (campos.has('CodPostal')) {
        v.Poblacion = [v.CodPostal, v.Poblacion].filter(Boolean).join(' ').slice(0, 100) || null;
        v.CodPostal = null;
      }
      if (campos.has('Poblacion')) v.Poblacion = v.Poblacion?.slice(0, 100) ?? null;
    }
  }
}
const ADAPTABLES = new Set(['NIF', 'CodPostal', 'Poblacion']);

/**
 * The supplier with the XML's NIF, or a new one with the XML's name, NIF and address, created through the entity
 * engine as the suppliers screen creates one (its checks, its next code, its audit record).
 */
async function proveedorDe(t: Scope, f: FacturaLeida): Promise<Importada['Proveedor']> {
  const p = f.Proveedor;
  if (!p.Nif) throw new AppError(422, MSG_RECEPCION.sinNif);
  const Nif = normalizeTaxId(p.Nif);
  const existente = await proveedorConNif(t, Nif);
  if (existente) return { Id: existente.id, Nombre: existente.nombre, Nif, Creado: false };
  const cuerpo = cuerpoDeProveedor({
    Nombre: p.Nombre.slice(0, 150),
    NIF: Nif,
    TipoNIF: p.Pais === 'ES' ? 'nif' : 'nifiva',
    Direccion: p.Direccion?.slice(0, 200) ?? null,
    CodPostal: p.CodPostal,
    Poblacion: p.Poblacion,
    // Derived from a Spanish postal code (the column holds Spain's provinces, not another country's regions).
    Pais: p.Pais,
  });
  const nuevo = await repositorioProveedores(t).create(cuerpo);
  return { Id: nuevo.Id, Nombre: String(nuevo.Nombre), Nif, Creado: true };
}

/** How the file came: uploaded or dropped on the list, or to the company's e-invoice mailbox. */
export type OrigenRecepcion = 'fichero' | 'correo';

/**
 * Writes the read invoice as a draft received invoice through the purchases side of the document engine (its
 * checks, its purchase data), with the XML's totals as the paper's totals — so registering it refuses a difference
 * until it is accepted — every difference in its notes, the file as its original and the e-invoice's reception
 * (format, way, time: the four-day clock). Inside the caller's transaction: all or nothing. `nota`: what the draft
 * also keeps (the mail's sender and subject).
 */
export async function importarFacturaRecibida(
  t: Scope,
  f: FacturaLeida,
  fichero: { nombre: string; bytes: Uint8Array },
  como: { origen: OrigenRecepcion; nota?: string } = { origen: 'fichero' },
): Promise<Importada> {
  if (!f.Lineas.length) throw new AppError(422, MSG_RECEPCION.sinLineas);
  const tipos = await tiposDe(t, f.Lineas);
  const proveedor = await proveedorDe(t, f);
  const diferencias = diferenciasTotales(f);
  const iva = toFixed(sum(f.Impuestos.map((i) => dec(i.Cuota))), 2);
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
        como.nota ?? null,
        f.Rectificada ? `Rectifica la factura ${f.Rectificada.Numero}` : null,
        ...diferencias.map((d) => d.Mensaje),
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
    BasePapel: f.Totales.TaxExclusiveAmount,
    IvaPapel: iva,
    TotalPapel: conImpuestos ? toFixed(sub(dec(conImpuestos), dec(f.Retencion)), 2) : null,
  };
  const id = await motorCompra.crearDesdeCuerpo(t, 'fcompra', cuerpo);
  await adjuntarOriginal(t, { id, numero: null }, { ...fichero, tipo: 'xml' });
  await anotarRecibida(t, id, { Formato: f.Formato, Origen: como.origen });
  return {
    Id: id,
    Proveedor: proveedor,
    Diferencias: diferencias,
    AvisoMoneda: f.Moneda === 'EUR' ? null : MSG_RECEPCION.moneda(f.Moneda),
  };
}
