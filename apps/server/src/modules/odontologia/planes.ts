import { type DocumentoVentaInput, MSG_DENTAL, nombreCara, type PlanInput } from '@faro/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  clientesTable,
  col,
  documentosVenta as dv,
  odontogramaMarcas as om,
  planesTratamiento as pl,
  productosTable,
  tiposivaTable,
} from '../../platform/tenancy/tables.ts';
import { nextCode } from '../contactos/contactHooks.ts';
import { crearDocumento, preparar } from '../ventas/documentos/documentosRepository.ts';
import { comprobarDentista, paciente } from './clinica.ts';

const pr = {
  Id: col(productosTable, 'Id'),
  Codigo: col(productosTable, 'Codigo'),
  Descripcion: col(productosTable, 'Descripcion'),
  Tipo: col(productosTable, 'Tipo'),
  PrecioVenta: col(productosTable, 'PrecioVenta'),
  IdTipoIva: col(productosTable, 'IdTipoIva'),
  Baja: col(productosTable, 'Baja'),
};
const iva = {
  Id: col(tiposivaTable, 'Id'),
  Valor: col(tiposivaTable, 'Valor'),
  PorcentajeIva: col(tiposivaTable, 'PorcentajeIva'),
  Exencion: col(tiposivaTable, 'Exencion'),
  Baja: col(tiposivaTable, 'Baja'),
};

/** The treatments catalogue: the company's service products with their VAT (health care exempt E1 by default). */
export async function tratamientos(s: Scope) {
  return s
    .pick(
      {
        Id: pr.Id,
        Codigo: pr.Codigo,
        Descripcion: pr.Descripcion,
        PrecioVenta: pr.PrecioVenta,
        TipoIva: iva.Valor,
        PorcentajeIva: iva.PorcentajeIva,
        Exencion: iva.Exencion,
        Baja: pr.Baja,
      },
      productosTable,
      eq(pr.Tipo, 'servicio'),
    )
    .leftJoin(tiposivaTable, s.on(tiposivaTable, eq(iva.Id, pr.IdTipoIva)))
    .orderBy(asc(pr.Descripcion))
    .limit(1000);
}

/** The VAT type of a treatment: exempt E1 (art. 20.1.3º LIVA, health care), or the 21 % one when aesthetic. */
async function tipoIvaTratamiento(s: Scope, estetico: boolean): Promise<number> {
  const [t] = await s
    .pick(
      { Id: iva.Id },
      tiposivaTable,
      and(eq(iva.Baja, false), estetico ? eq(iva.PorcentajeIva, '21') : eq(iva.Exencion, 'E1')),
    )
    .orderBy(asc(iva.Id))
    .limit(1);
  if (!t)
    throw new AppError(400, estetico ? 'Falta un tipo de IVA del 21 % en la configuración' : MSG_DENTAL.sinTipoExento);
  return Number(t.Id);
}

export async function nuevoTratamiento(
  s: Scope,
  body: { Codigo?: string | null; Descripcion: string; PrecioVenta: number; Estetico?: boolean },
) {
  const IdTipoIva = await tipoIvaTratamiento(s, body.Estetico === true);
  return s.tx(async (t) => {
    const Codigo = body.Codigo || (await nextCode(t, productosTable));
    const [r] = await t
      .insert(productosTable, {
        Codigo,
        Descripcion: body.Descripcion,
        Tipo: 'servicio',
        PrecioVenta: body.PrecioVenta.toFixed(2),
        IdTipoIva,
        Trazabilidad: 'ninguna',
        ControlStock: false,
        Baja: false,
      } as never)
      .returning({ Id: pr.Id });
    await t.audit({
      accion: 'A',
      recurso: 'productos',
      idRegistro: Number(r!.Id),
      campos: { Codigo, Tratamiento: true },
    });
    return { Id: Number(r!.Id), Codigo, IdTipoIva };
  });
}

const planCols = {
  Id: pl.Id,
  IdCliente: pl.IdCliente,
  Paciente: col(clientesTable, 'Nombre'),
  Fecha: pl.Fecha,
  FechaAceptacion: pl.FechaAceptacion,
  IdDentista: pl.IdDentista,
  IdPresupuesto: pl.IdPresupuesto,
  Presupuesto: dv.numSerie,
  Total: dv.total,
  Observaciones: pl.Observaciones,
};

function consultar(s: Scope, where: ReturnType<typeof and>) {
  return s
    .pick(planCols, pl, where)
    .leftJoin(clientesTable, s.on(clientesTable, eq(col(clientesTable, 'Id'), pl.IdCliente)))
    .leftJoin(dv, s.on(dv, eq(dv.id, pl.IdPresupuesto)));
}

export async function listarPlanes(s: Scope, idCliente: number | null) {
  const planes = await consultar(s, and(idCliente ? eq(pl.IdCliente, idCliente) : undefined))
    .orderBy(desc(pl.Fecha), desc(pl.Id))
    .limit(500);
  return planes;
}

export async function plan(s: Scope, id: number) {
  const [p] = await consultar(s, and(eq(pl.Id, id)));
  if (!p) throw notFound();
  const Tratamientos = await s
    .pick(
      {
        Id: om.Id,
        Pieza: om.Pieza,
        Caras: om.Caras,
        IdProducto: om.IdProducto,
        Descripcion: om.Descripcion,
        Precio: om.Precio,
        Estado: om.Estado,
        Fecha: om.Fecha,
        IdDentista: om.IdDentista,
      },
      om,
      eq(om.IdPlan, id),
    )
    .orderBy(asc(om.Id));
  const hechos = Tratamientos.filter((t) => t.Estado === 'realizado').length;
  return {
    ...p,
    Estado: !p.FechaAceptacion ? 'pendiente' : hechos === Tratamientos.length ? 'terminado' : 'aceptado',
    Tratamientos,
  };
}

/**
 * A treatment plan: ONE quote of the sales engine (`preparar` → `crearDocumento('presupuesto')`) with a line per
 * treatment (catalogue price unless given, the treatment's VAT: exempt E1 for health care), and a planned mark on
 * the odontogram per treatment, linked to the plan with its price.
 */
export async function crearPlan(s: Scope, body: PlanInput) {
  await paciente(s, body.IdCliente).catch(() => {
    throw fieldError('IdCliente', 'El paciente no existe');
  });
  await comprobarDentista(s, body.IdDentista);
  const ids = [...new Set(body.Lineas.map((l) => l.IdProducto))];
  const productos = await s
    .pick(
      { Id: pr.Id, Descripcion: pr.Descripcion, Tipo: pr.Tipo, PrecioVenta: pr.PrecioVenta, TipoIva: iva.Valor },
      productosTable,
      inArray(pr.Id, ids),
    )
    .leftJoin(tiposivaTable, s.on(tiposivaTable, eq(iva.Id, pr.IdTipoIva)));
  const lineas = body.Lineas.map((l, i) => {
    const p = productos.find((x) => Number(x.Id) === l.IdProducto);
    if (p?.Tipo !== 'servicio') throw fieldError(`Lineas[${i}].IdProducto`, MSG_DENTAL.noEsServicio);
    const donde =
      l.Pieza != null
        ? ` — pieza ${l.Pieza}${l.Caras ? ` (${[...l.Caras].map((c) => nombreCara(l.Pieza!, c as 'M')).join(', ')})` : ''}`
        : '';
    return {
      ...l,
      Descripcion: `${p.Descripcion}${donde}`.slice(0, 200),
      Nombre: String(p.Descripcion).slice(0, 200),
      Precio: (l.Precio ?? Number(p.PrecioVenta ?? 0)).toFixed(2),
      TipoIva: p.TipoIva ? String(p.TipoIva) : undefined,
    };
  });
  if (lineas.some((l) => !l.TipoIva)) throw new AppError(400, MSG_DENTAL.sinTipoExento);
  return s.tx(async (t) => {
    const input = {
      Cliente: body.IdCliente,
      Fecha: body.Fecha,
      Observaciones: body.Observaciones ?? 'Plan de tratamiento',
      Lineas: lineas.map((l) => ({
        IdProducto: l.IdProducto,
        Descripcion: l.Descripcion,
        Cantidad: String(l.Cantidad),
        Precio: l.Precio,
        TipoIva: l.TipoIva,
      })),
    } as DocumentoVentaInput;
    const prep = await preparar(t, input);
    const IdPresupuesto = await crearDocumento(t, 'presupuesto', prep, null);
    const [r] = await t
      .insert(pl, {
        IdCliente: body.IdCliente,
        IdPresupuesto,
        Fecha: body.Fecha,
        IdDentista: body.IdDentista ?? null,
        Observaciones: body.Observaciones ?? null,
      })
      .returning({ Id: pl.Id });
    const Id = Number(r!.Id);
    await t.insert(
      om,
      lineas.map((l) => ({
        IdCliente: body.IdCliente,
        Pieza: l.Pieza ?? null,
        Caras: l.Caras ?? '',
        IdProducto: l.IdProducto,
        Descripcion: l.Nombre,
        Estado: 'planificado',
        IdDentista: body.IdDentista ?? null,
        IdPlan: Id,
        Precio: (Number(l.Precio) * l.Cantidad).toFixed(2),
      })),
    );
    await t.audit({
      accion: 'A',
      recurso: 'planestrat',
      idRegistro: Id,
      campos: { IdPresupuesto, Lineas: lineas.length },
    });
    return plan(t, Id);
  });
}

/** The patient accepts the plan (its prices do not change from then on: new work is a new plan). */
export async function aceptarPlan(s: Scope, id: number, fecha: string) {
  return s.tx(async (t) => {
    const [p] = await t.pick({ FechaAceptacion: pl.FechaAceptacion, Fecha: pl.Fecha }, pl, eq(pl.Id, id)).for('update');
    if (!p) throw notFound();
    if (p.FechaAceptacion) throw new AppError(409, MSG_DENTAL.planAceptado);
    if (fecha < p.Fecha) throw fieldError('Fecha', 'La aceptación no puede ser anterior al plan');
    await t.update(pl, { FechaAceptacion: fecha }, eq(pl.Id, id));
    await t.audit({ accion: 'M', recurso: 'planestrat', idRegistro: id, campos: { FechaAceptacion: fecha } });
    return plan(t, id);
  });
}
