import { type CitaHueco, type CitaInput, choquesCita, instanteMadrid, MSG_DENTAL } from '@faro/domain';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  crmActividades as ac,
  citasDentales as ci,
  clientesTable,
  col,
  empleadosTable,
  miembros,
  sillonesTable,
} from '../../platform/tenancy/tables.ts';
import { paciente } from './clinica.ts';

const emp = {
  Id: col(empleadosTable, 'Id'),
  Nombre: col(empleadosTable, 'Nombre'),
  Codigo: col(empleadosTable, 'Codigo'),
};
const emp2 = { Apellidos: col(empleadosTable, 'Apellido1'), Baja: col(empleadosTable, 'Baja') };
const si = { Id: col(sillonesTable, 'Id'), Nombre: col(sillonesTable, 'Nombre'), Baja: col(sillonesTable, 'Baja') };

/** The two resources of the agenda: dentists (active employees) and chairs. */
export async function recursos(s: Scope) {
  const Dentistas = await s
    .pick({ Id: emp.Id, Nombre: emp.Nombre, Apellidos: emp2.Apellidos }, empleadosTable, eq(emp2.Baja, false))
    .orderBy(asc(emp.Nombre));
  const Sillones = await s
    .pick({ Id: si.Id, Nombre: si.Nombre }, sillonesTable, eq(si.Baja, false))
    .orderBy(asc(si.Nombre));
  return {
    Dentistas: Dentistas.map((d) => ({ Id: d.Id, Nombre: [d.Nombre, d.Apellidos].filter(Boolean).join(' ') })),
    Sillones,
  };
}

const citaCols = {
  Id: ci.Id,
  IdCliente: ci.IdCliente,
  Paciente: col(clientesTable, 'Nombre'),
  IdDentista: ci.IdDentista,
  Dentista: emp.Nombre,
  IdSillon: ci.IdSillon,
  Sillon: si.Nombre,
  Fecha: ci.Fecha,
  Hora: ci.Hora,
  Minutos: ci.Minutos,
  Motivo: ci.Motivo,
  Estado: ci.Estado,
};
function consultar(s: Scope, where: ReturnType<typeof and>) {
  return s
    .pick(citaCols, ci, where)
    .leftJoin(clientesTable, s.on(clientesTable, eq(col(clientesTable, 'Id'), ci.IdCliente)))
    .leftJoin(empleadosTable, s.on(empleadosTable, eq(emp.Id, ci.IdDentista)))
    .leftJoin(sillonesTable, s.on(sillonesTable, eq(si.Id, ci.IdSillon)));
}

export function listarCitas(
  s: Scope,
  f: { desde: string; hasta: string; dentista: number | null; sillon: number | null; cliente: number | null },
) {
  return consultar(
    s,
    and(
      gte(ci.Fecha, f.desde),
      lte(ci.Fecha, f.hasta),
      f.dentista ? eq(ci.IdDentista, f.dentista) : undefined,
      f.sillon ? eq(ci.IdSillon, f.sillon) : undefined,
      f.cliente ? eq(ci.IdCliente, f.cliente) : undefined,
    ),
  )
    .orderBy(asc(ci.Fecha), asc(ci.Hora), asc(ci.Id))
    .limit(2000);
}

export async function cita(s: Scope, id: number) {
  const [c] = await consultar(s, and(eq(ci.Id, id)));
  if (!c) throw notFound();
  return c;
}

/** The agenda's advisory lock: two bookings of one company never check clashes at the same time. */
const bloquear = (s: Scope) => s.execute((empresa) => sql`select pg_advisory_xact_lock(${empresa}::int, 19)`);

/** The dentist's person: the company member whose employee code is the dentist's (their agenda shows the cita). */
async function personaDe(s: Scope, idDentista: number): Promise<number | null> {
  const [r] = await s
    .pick({ p: miembros.personaId }, miembros, eq(miembros.baja, false))
    .innerJoin(
      empleadosTable,
      and(s.on(empleadosTable), eq(emp.Codigo, miembros.codigoEmpleado), eq(emp.Id, idDentista)),
    )
    .limit(1);
  return r?.p ?? null;
}

/** Books or moves an appointment: the patient, dentist and chair must exist, then no clash of dentist or chair. */
export async function guardarCita(s: Scope, body: CitaInput, id: number | null) {
  return s.tx(async (t) => {
    await bloquear(t);
    let anterior: { IdActividad: number | null; Estado: string } | undefined;
    if (id !== null) {
      [anterior] = await t.pick({ IdActividad: ci.IdActividad, Estado: ci.Estado }, ci, eq(ci.Id, id)).for('update');
      if (!anterior) throw notFound();
      if (anterior.Estado !== 'programada') throw new AppError(409, MSG_DENTAL.citaCerrada);
    }
    await paciente(t, body.IdCliente).catch(() => {
      throw fieldError('IdCliente', 'El paciente no existe');
    });
    const [d] = await t.pick({ Nombre: emp.Nombre }, empleadosTable, eq(emp.Id, body.IdDentista));
    if (!d) throw fieldError('IdDentista', 'El dentista no existe');
    const [sl] = await t.pick({ Nombre: si.Nombre }, sillonesTable, eq(si.Id, body.IdSillon));
    if (!sl) throw fieldError('IdSillon', 'El sillón no existe');
    if (body.Estado !== 'anulada') {
      const otras = (await t.pick(
        {
          Id: ci.Id,
          Fecha: ci.Fecha,
          Hora: ci.Hora,
          Minutos: ci.Minutos,
          IdDentista: ci.IdDentista,
          IdSillon: ci.IdSillon,
        },
        ci,
        and(eq(ci.Fecha, body.Fecha), ne(ci.Estado, 'anulada')),
      )) as CitaHueco[];
      const choques = choquesCita({ ...body, Id: id }, otras);
      if (choques.length) {
        const errores = choques.map((c) => ({
          Campo: c.Campo,
          Mensaje:
            c.Campo === 'IdDentista'
              ? MSG_DENTAL.choqueDentista(d.Nombre as string, c.con.Hora)
              : MSG_DENTAL.choqueSillon(sl.Nombre as string, c.con.Hora),
        }));
        throw new AppError(409, errores.map((e) => e.Mensaje).join('. '), errores);
      }
    }
    const values = {
      IdCliente: body.IdCliente,
      IdDentista: body.IdDentista,
      IdSillon: body.IdSillon,
      Fecha: body.Fecha,
      Hora: body.Hora,
      Minutos: body.Minutos,
      Motivo: body.Motivo ?? null,
      Estado: body.Estado,
    };
    let Id = id;
    if (Id === null) Id = Number((await t.insert(ci, values).returning({ Id: ci.Id }))[0]!.Id);
    else await t.update(ci, values, eq(ci.Id, Id));
    await agendaDe(t, Id, body, anterior?.IdActividad ?? null);
    await t.audit({ accion: id ? 'M' : 'A', recurso: 'citas', idRegistro: Id, campos: values });
    return cita(t, Id);
  });
}

/** Keeps the dentist's agenda event (usuario/agenda) in step with the appointment; a cancelled one leaves it. */
async function agendaDe(t: Scope, idCita: number, body: CitaInput, idActividad: number | null) {
  if (idActividad) await t.delete(ac, eq(ac.Id, idActividad));
  const persona = body.Estado === 'anulada' ? null : await personaDe(t, body.IdDentista);
  let nueva: number | null = null;
  if (persona) {
    const inicio = instanteMadrid(body.Fecha, body.Hora);
    const [p] = await t.pick(
      { Nombre: col(clientesTable, 'Nombre') },
      clientesTable,
      eq(col(clientesTable, 'Id'), body.IdCliente),
    );
    const [r] = await t
      .insert(ac, {
        Tipo: 'reunion',
        Asunto: `Cita: ${p?.Nombre ?? ''}${body.Motivo ? ` — ${body.Motivo}` : ''}`.slice(0, 200),
        Inicio: inicio,
        Fin: new Date(Date.parse(inicio) + body.Minutos * 60_000).toISOString(),
        IdResponsable: persona,
        TipoContacto: 'c',
        IdContacto: body.IdCliente,
        Hecha: body.Estado === 'atendida',
      })
      .returning({ Id: ac.Id });
    nueva = Number(r!.Id);
  }
  await t.update(ci, { IdActividad: nueva }, eq(ci.Id, idCita));
}

export async function borrarCita(s: Scope, id: number) {
  return s.tx(async (t) => {
    const [c] = await t.pick({ IdActividad: ci.IdActividad }, ci, eq(ci.Id, id));
    if (!c) throw notFound();
    await t.delete(ci, eq(ci.Id, id));
    if (c.IdActividad) await t.delete(ac, eq(ac.Id, c.IdActividad));
    await t.audit({ accion: 'D', recurso: 'citas', idRegistro: id, campos: {} });
    return { Mensaje: 'Cita eliminada' };
  });
}
