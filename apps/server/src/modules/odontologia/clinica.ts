import {
  type consentimientoSchema,
  type entradaHistoriaSchema,
  type historiaSchema,
  type MarcaInput,
  MSG,
  MSG_DENTAL,
} from '@faro/domain';
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  clientesTable,
  consentimientos as co,
  col,
  empleadosTable,
  gdFicheros,
  historiasClinicas as hc,
  historiaEntradas as he,
  odontogramaMarcas as om,
  planesTratamiento as pl,
  productosTable,
} from '../../platform/tenancy/tables.ts';

const cli = {
  Id: col(clientesTable, 'Id'),
  Nombre: col(clientesTable, 'Nombre'),
  NIF: col(clientesTable, 'NIF'),
  Telefono: col(clientesTable, 'Telefono'),
  Email: col(clientesTable, 'Email'),
  Baja: col(clientesTable, 'Baja'),
};

/** Patients: the customers, searched by name, tax id or phone (a clinic's customers are its patients). */
export async function pacientes(s: Scope, buscar: string, pagina: number) {
  const q = buscar.trim();
  const where: SQL | undefined = q
    ? or(ilike(cli.Nombre, `%${q}%`), ilike(cli.NIF, `%${q}%`), ilike(cli.Telefono, `%${q}%`))
    : undefined;
  const Items = await s
    .pick(
      { Id: cli.Id, Nombre: cli.Nombre, NIF: cli.NIF, Telefono: cli.Telefono, Email: cli.Email },
      clientesTable,
      where,
    )
    .orderBy(asc(cli.Nombre), asc(cli.Id))
    .limit(51)
    .offset((pagina - 1) * 50);
  return { Items: Items.slice(0, 50), HayMas: Items.length > 50 };
}

/** The patient's name, or 404 (another company's customer is simply not found). */
export async function paciente(s: Scope, id: number) {
  const [p] = await s.pick({ Id: cli.Id, Nombre: cli.Nombre, NIF: cli.NIF }, clientesTable, eq(cli.Id, id));
  if (!p) throw notFound();
  return p;
}

/** Every read of a clinical file is audited (RGPD art. 9), not only changes. */
const auditarLectura = (s: Scope, recurso: string, id: number) =>
  s.audit({ accion: 'L', recurso, idRegistro: id, campos: {} });

export async function historia(s: Scope, id: number) {
  const Paciente = await paciente(s, id);
  const [h] = await s.select(hc, eq(hc.IdCliente, id));
  const Entradas = await s
    .pick(
      {
        Id: he.Id,
        Fecha: he.Fecha,
        Texto: he.Texto,
        IdDentista: he.IdDentista,
        Dentista: col(empleadosTable, 'Nombre'),
      },
      he,
      eq(he.IdCliente, id),
    )
    .leftJoin(empleadosTable, s.on(empleadosTable, eq(col(empleadosTable, 'Id'), he.IdDentista)))
    .orderBy(desc(he.Fecha), desc(he.Id))
    .limit(500);
  const Consentimientos = await s
    .pick(
      {
        Id: co.Id,
        Tipo: co.Tipo,
        Fecha: co.Fecha,
        IdFichero: co.IdFichero,
        Fichero: gdFicheros.Nombre,
        Observaciones: co.Observaciones,
      },
      co,
      eq(co.IdCliente, id),
    )
    .leftJoin(gdFicheros, s.on(gdFicheros, eq(gdFicheros.Id, co.IdFichero)))
    .orderBy(desc(co.Fecha), desc(co.Id));
  await auditarLectura(s, 'historiaclinica', id);
  return {
    Paciente,
    Historia: {
      Alergias: h?.Alergias ?? '',
      Enfermedades: h?.Enfermedades ?? '',
      Medicacion: h?.Medicacion ?? '',
      Notas: h?.Notas ?? '',
    },
    Entradas,
    Consentimientos,
  };
}

export async function guardarHistoria(s: Scope, id: number, body: z.infer<typeof historiaSchema>) {
  await paciente(s, id);
  const values = {
    Alergias: body.Alergias ?? null,
    Enfermedades: body.Enfermedades ?? null,
    Medicacion: body.Medicacion ?? null,
    Notas: body.Notas ?? null,
    ActualizadoEn: new Date(),
  };
  await s.tx(async (t) => {
    await t
      .insert(hc, { IdCliente: id, ...values })
      .onConflictDoUpdate({ target: [hc.empresaId, hc.IdCliente], set: values });
    // The audit names the fields changed, never their clinical content.
    await t.audit({ accion: 'M', recurso: 'historiaclinica', idRegistro: id, campos: { Campos: Object.keys(body) } });
  });
  return { Mensaje: MSG.saved };
}

async function comprobarDentista(s: Scope, id: number | null | undefined, campo = 'IdDentista') {
  if (id == null) return;
  const [e] = await s.pick({ Id: col(empleadosTable, 'Id') }, empleadosTable, eq(col(empleadosTable, 'Id'), id));
  if (!e) throw fieldError(campo, 'El dentista no existe');
}

export { comprobarDentista };

export async function nuevaEntrada(s: Scope, id: number, body: z.infer<typeof entradaHistoriaSchema>) {
  await paciente(s, id);
  await comprobarDentista(s, body.IdDentista);
  return s.tx(async (t) => {
    const [r] = await t
      .insert(he, {
        IdCliente: id,
        Fecha: body.Fecha,
        Texto: body.Texto,
        IdDentista: body.IdDentista ?? null,
        IdPersona: t.personaId,
      })
      .returning({ Id: he.Id });
    await t.audit({ accion: 'A', recurso: 'historiaclinica', idRegistro: id, campos: { Entrada: r!.Id } });
    return { Id: r!.Id };
  });
}

export async function nuevoConsentimiento(s: Scope, id: number, body: z.infer<typeof consentimientoSchema>) {
  await paciente(s, id);
  if (body.IdFichero != null) {
    // Only a document-manager upload (or another consent) becomes a consent: never a file another feature owns.
    const [f] = await s.pick(
      { Id: gdFicheros.Id },
      gdFicheros,
      and(eq(gdFicheros.Id, body.IdFichero), inArray(gdFicheros.Origen, ['gestordoc', 'consentimientos'])),
    );
    if (!f) throw fieldError('IdFichero', MSG.notFound);
  }
  return s.tx(async (t) => {
    // From now on the file is part of the clinical file: OdonClinica guards it wherever it is listed or served.
    if (body.IdFichero != null)
      await t.update(gdFicheros, { Origen: 'consentimientos' }, eq(gdFicheros.Id, body.IdFichero));
    const [r] = await t
      .insert(co, {
        IdCliente: id,
        Tipo: body.Tipo,
        Fecha: body.Fecha,
        IdFichero: body.IdFichero ?? null,
        Observaciones: body.Observaciones ?? null,
      })
      .returning({ Id: co.Id });
    await t.audit({ accion: 'A', recurso: 'consentimientos', idRegistro: r!.Id, campos: { Tipo: body.Tipo } });
    return { Id: r!.Id };
  });
}

/** The id of a consent's signed document, or 404 (no such consent, or none attached). */
export async function ficheroDeConsentimiento(s: Scope, id: number): Promise<number> {
  const [c] = await s.pick({ IdFichero: co.IdFichero }, co, eq(co.Id, id));
  if (!c?.IdFichero) throw notFound();
  return c.IdFichero;
}

export async function borrarConsentimiento(s: Scope, id: number) {
  return s.tx(async (t) => {
    const [r] = await t.delete(co, eq(co.Id, id)).returning({ Id: co.Id });
    if (!r) throw notFound();
    await t.audit({ accion: 'D', recurso: 'consentimientos', idRegistro: id, campos: {} });
    return { Mensaje: 'Consentimiento eliminado' };
  });
}

const marcaCols = {
  Id: om.Id,
  Pieza: om.Pieza,
  Caras: om.Caras,
  IdProducto: om.IdProducto,
  Descripcion: om.Descripcion,
  Estado: om.Estado,
  Fecha: om.Fecha,
  IdDentista: om.IdDentista,
  IdPlan: om.IdPlan,
  Precio: om.Precio,
};

export async function odontograma(s: Scope, id: number) {
  const Paciente = await paciente(s, id);
  const Marcas = await s.pick(marcaCols, om, eq(om.IdCliente, id)).orderBy(asc(om.Pieza), asc(om.Id)).limit(2000);
  await auditarLectura(s, 'odontograma', id);
  return { Paciente, Marcas };
}

async function comprobarProducto(s: Scope, id: number | null | undefined) {
  if (id == null) return;
  const [p] = await s.pick({ Id: col(productosTable, 'Id') }, productosTable, eq(col(productosTable, 'Id'), id));
  if (!p) throw fieldError('IdProducto', MSG_DENTAL.noEsServicio);
}

export async function nuevaMarca(s: Scope, id: number, body: MarcaInput) {
  await paciente(s, id);
  await comprobarDentista(s, body.IdDentista);
  await comprobarProducto(s, body.IdProducto);
  return s.tx(async (t) => {
    const [r] = await t
      .insert(om, {
        IdCliente: id,
        Pieza: body.Pieza,
        Caras: body.Caras,
        IdProducto: body.IdProducto ?? null,
        Descripcion: body.Descripcion,
        Estado: body.Estado,
        Fecha: body.Fecha ?? null,
        IdDentista: body.IdDentista ?? null,
      })
      .returning(marcaCols);
    await t.audit({ accion: 'A', recurso: 'odontograma', idRegistro: id, campos: { Marca: r!.Id, Pieza: body.Pieza } });
    return r!;
  });
}

/**
 * Carries out a planned treatment (or plans it again): a treatment of a plan needs the plan accepted by the patient.
 */
export async function cambiarMarca(
  s: Scope,
  idMarca: number,
  body: { Estado: 'planificado' | 'realizado'; Fecha?: string | null; IdDentista?: number | null },
) {
  await comprobarDentista(s, body.IdDentista);
  return s.tx(async (t) => {
    const [m] = await t.select(om, eq(om.Id, idMarca)).for('update');
    if (!m) throw notFound();
    if (m.IdPlan != null && body.Estado === 'realizado') {
      const [p] = await t.pick({ FechaAceptacion: pl.FechaAceptacion }, pl, eq(pl.Id, m.IdPlan));
      if (!p?.FechaAceptacion) throw new AppError(409, MSG_DENTAL.planSinAceptar);
    }
    if (m.Estado === 'realizado' && body.Estado === 'realizado') throw new AppError(409, MSG_DENTAL.yaRealizado);
    const [r] = await t
      .update(
        om,
        {
          Estado: body.Estado,
          Fecha: body.Fecha ?? m.Fecha,
          IdDentista: body.IdDentista ?? m.IdDentista,
        },
        eq(om.Id, idMarca),
      )
      .returning(marcaCols);
    await t.audit({
      accion: 'M',
      recurso: 'odontograma',
      idRegistro: Number(m.IdCliente),
      campos: { Marca: idMarca, Estado: body.Estado },
    });
    return r!;
  });
}

/** Deletes a mark; a plan's treatment stays (it is part of an accepted or pending quote). */
export async function borrarMarca(s: Scope, idMarca: number) {
  return s.tx(async (t) => {
    const [m] = await t.pick({ IdPlan: om.IdPlan, IdCliente: om.IdCliente }, om, eq(om.Id, idMarca));
    if (!m) throw notFound();
    if (m.IdPlan != null) throw new AppError(409, 'Este tratamiento es de un plan: se quita con un plan nuevo');
    await t.delete(om, eq(om.Id, idMarca));
    await t.audit({ accion: 'D', recurso: 'odontograma', idRegistro: Number(m.IdCliente), campos: { Marca: idMarca } });
    return { Mensaje: 'Marca eliminada' };
  });
}
