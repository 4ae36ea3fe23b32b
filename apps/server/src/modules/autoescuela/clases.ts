import {
  type ClaseCalendario,
  choquesClase,
  cuandoClase,
  ESTADOS_CLASE,
  HORA_RE,
  MSG,
  MSG_AUTOESCUELA,
  seCobraFalta,
} from '@faro/domain';
import { and, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  col,
  clasesPracticas as cp,
  curpermisosTable as cpe,
  packsClases as pk,
  profesoresTable as pr,
  profesoresCols as prC,
  vehiculosTable as ve,
} from '../../platform/tenancy/tables.ts';
import { ajustes, bloquearCalendario, cargar, fechaEs, fechaSchema, idSchema, nombreAlumno } from './comun.ts';

const CERRADAS = ['realizada', 'anulada', 'nopresentado'];
const VIVAS = ['reservada', 'confirmada', 'realizada'];

export const claseSchema = z.object({
  IdProfesor: idSchema,
  IdVehiculo: idSchema.nullish(),
  IdAlumno: idSchema,
  Fecha: fechaSchema,
  Hora: z.string({ error: MSG_AUTOESCUELA.hora }).regex(HORA_RE, { error: MSG_AUTOESCUELA.hora }),
  Minutos: z.coerce
    .number({ error: MSG_AUTOESCUELA.minutos })
    .int({ error: MSG_AUTOESCUELA.minutos })
    .min(15, { error: MSG_AUTOESCUELA.minutos })
    .max(240, { error: MSG_AUTOESCUELA.minutos })
    .nullish(),
  Recogida: z.string().max(200).nullish(),
  Ejercicios: z.string().max(2000).nullish(),
  Observaciones: z.string().max(4000).nullish(),
});
export type ClaseInput = z.infer<typeof claseSchema>;

export const estadoSchema = z.object({
  Estado: z.enum(
    ESTADOS_CLASE.map((e) => e.value),
    { error: 'Estado no válido' },
  ),
  Precio: z
    .string()
    .regex(/^\d{1,8}([.,]\d{1,2})?$/, { error: MSG.format })
    .nullish(),
  Ejercicios: z.string().max(2000).nullish(),
});

const campos = {
  Id: cp.Id,
  IdProfesor: cp.IdProfesor,
  Profesor: sql<string>`trim(concat(${prC.Nombre}, ' ', ${prC.Apellidos}))`,
  IdVehiculo: cp.IdVehiculo,
  Vehiculo: col(ve, 'Matricula'),
  IdAlumno: cp.IdAlumno,
  Alumno: sql<string>`trim(concat(${alC.Nombre}, ' ', ${alC.Apellidos}))`,
  Fecha: cp.Fecha,
  Hora: cp.Hora,
  Minutos: cp.Minutos,
  Recogida: cp.Recogida,
  Estado: cp.Estado,
  Consumo: cp.Consumo,
  NoPresentado: cp.NoPresentado,
  IdCargo: cp.IdCargo,
  Ejercicios: cp.Ejercicios,
  Observaciones: cp.Observaciones,
};

/** The classes between two days (cancelled ones left out unless asked) with the names the calendar shows. */
export async function calendario(
  s: Scope,
  f: {
    desde: string;
    hasta: string;
    profesor?: number | null;
    vehiculo?: number | null;
    alumnos?: number[] | null;
    anuladas?: boolean;
  },
) {
  return s
    .pick(
      campos,
      cp,
      and(
        gte(cp.Fecha, f.desde),
        lte(cp.Fecha, f.hasta),
        f.profesor != null ? eq(cp.IdProfesor, f.profesor) : undefined,
        f.vehiculo != null ? eq(cp.IdVehiculo, f.vehiculo) : undefined,
        f.alumnos ? inArray(cp.IdAlumno, f.alumnos.length ? f.alumnos : [-1]) : undefined,
        f.anuladas ? undefined : ne(cp.Estado, 'anulada'),
      ),
    )
    .leftJoin(pr, s.on(pr, eq(prC.Id, cp.IdProfesor)))
    .leftJoin(al, s.on(al, eq(alC.Id, cp.IdAlumno)))
    .leftJoin(ve, s.on(ve, eq(col(ve, 'Id'), cp.IdVehiculo)))
    .orderBy(cp.Fecha, cp.Hora, cp.IdProfesor);
}

/** One class with its names, or 404. */
export async function clase(s: Scope, id: number) {
  const [c] = await s
    .pick(campos, cp, eq(cp.Id, id))
    .leftJoin(pr, s.on(pr, eq(prC.Id, cp.IdProfesor)))
    .leftJoin(al, s.on(al, eq(alC.Id, cp.IdAlumno)))
    .leftJoin(ve, s.on(ve, eq(col(ve, 'Id'), cp.IdVehiculo)));
  if (!c) throw notFound();
  return c;
}

/** The Spanish messages of the clashes of `nueva` with the live classes of its day (instructor, vehicle, student). */
export async function choquesDe(s: Scope, nueva: ClaseCalendario) {
  const mismoDia = await s.pick(
    {
      Id: cp.Id,
      Fecha: cp.Fecha,
      Hora: cp.Hora,
      Minutos: cp.Minutos,
      IdProfesor: cp.IdProfesor,
      IdVehiculo: cp.IdVehiculo,
      IdAlumno: cp.IdAlumno,
    },
    cp,
    and(
      eq(cp.Fecha, nueva.Fecha),
      inArray(cp.Estado, VIVAS),
      or(
        nueva.IdProfesor ? eq(cp.IdProfesor, nueva.IdProfesor) : undefined,
        nueva.IdVehiculo ? eq(cp.IdVehiculo, nueva.IdVehiculo) : undefined,
        nueva.IdAlumno ? eq(cp.IdAlumno, nueva.IdAlumno) : undefined,
      ),
    ),
  );
  const errores: { Campo: string; Mensaje: string }[] = [];
  for (const c of choquesClase(nueva, mismoDia)) {
    if (errores.some((e) => e.Campo === c.Campo)) continue;
    const otra = mismoDia.find((o) => o.Id === c.Id)!;
    const cuando = cuandoClase(otra);
    let Mensaje: string;
    if (c.tipo === 'profesor') {
      const [p] = await s.pick({ N: prC.Nombre, A: prC.Apellidos }, pr, eq(prC.Id, nueva.IdProfesor!));
      Mensaje = MSG_AUTOESCUELA.choqueProfesor([p?.N, p?.A].filter(Boolean).join(' '), cuando);
    } else if (c.tipo === 'vehiculo') {
      const [v] = await s.pick({ M: col(ve, 'Matricula') }, ve, eq(col(ve, 'Id'), nueva.IdVehiculo!));
      Mensaje = MSG_AUTOESCUELA.choqueVehiculo(String(v?.M ?? ''), cuando);
    } else {
      Mensaje = MSG_AUTOESCUELA.choqueAlumno((await nombreAlumno(s, nueva.IdAlumno!)) ?? '', cuando);
    }
    errores.push({ Campo: c.Campo, Mensaje });
  }
  return errores;
}

async function existe(s: Scope, table: typeof pr | typeof al | typeof ve, id: number | null | undefined) {
  if (id == null) return true;
  const [r] = await s.pick({ Id: col(table, 'Id') }, table, eq(col(table, 'Id'), id));
  return !!r;
}

/** Books (id null) or moves a class: the people and car must be the company's, then no clash; one transaction. */
export async function guardarClase(s: Scope, body: ClaseInput, id: number | null) {
  return s.tx(async (t) => {
    await bloquearCalendario(t);
    if (id !== null) {
      const [antes] = await t.pick({ Estado: cp.Estado }, cp, eq(cp.Id, id)).for('update');
      if (!antes) throw notFound();
      if (CERRADAS.includes(antes.Estado)) throw new AppError(409, MSG_AUTOESCUELA.claseCerrada);
    }
    if (!(await existe(t, pr, body.IdProfesor))) throw fieldError('IdProfesor', MSG.notFound);
    if (!(await existe(t, al, body.IdAlumno))) throw fieldError('IdAlumno', MSG.notFound);
    if (!(await existe(t, ve, body.IdVehiculo))) throw fieldError('IdVehiculo', MSG.notFound);
    const Minutos = body.Minutos ?? (await ajustes(t)).MinutosClase;
    const nueva: ClaseCalendario = {
      Id: id,
      Fecha: body.Fecha,
      Hora: body.Hora,
      Minutos,
      IdProfesor: body.IdProfesor,
      IdVehiculo: body.IdVehiculo ?? null,
      IdAlumno: body.IdAlumno,
    };
    const errores = await choquesDe(t, nueva);
    if (errores.length) throw new AppError(409, errores.map((e) => e.Mensaje).join('. '), errores);
    const valores = {
      IdProfesor: body.IdProfesor,
      IdVehiculo: body.IdVehiculo ?? null,
      IdAlumno: body.IdAlumno,
      Fecha: body.Fecha,
      Hora: body.Hora,
      Minutos,
      Recogida: body.Recogida ?? null,
      Ejercicios: body.Ejercicios ?? null,
      Observaciones: body.Observaciones ?? null,
    };
    if (id === null) {
      const [row] = await t.insert(cp, valores).returning({ Id: cp.Id });
      return clase(t, Number(row!.Id));
    }
    // A moved class goes back to 'reservada': the instructor confirms the new time.
    await t.update(cp, { ...valores, Estado: 'reservada', ConfirmadaEn: null }, eq(cp.Id, id));
    return clase(t, id);
  });
}

/** The student's pack balance: classes bought, consumed, left, and the price of one class. */
export async function saldoPack(s: Scope, idAlumno: number) {
  const [compradas] = await s.pick({ n: sql<string>`coalesce(sum(${pk.Clases}), 0)` }, pk, eq(pk.IdAlumno, idAlumno));
  const [consumidas] = await s.pick(
    { n: sql<string>`count(*)` },
    cp,
    and(eq(cp.IdAlumno, idAlumno), eq(cp.Consumo, 'c')),
  );
  const [ultimo] = await s
    .pick({ PrecioClase: pk.PrecioClase }, pk, eq(pk.IdAlumno, idAlumno))
    .orderBy(desc(pk.Fecha), desc(pk.Id))
    .limit(1);
  const c = Number(compradas?.n ?? 0);
  const u = Number(consumidas?.n ?? 0);
  return {
    IdAlumno: idAlumno,
    Compradas: c,
    Consumidas: u,
    Quedan: Math.max(0, c - u),
    PrecioClase: ultimo?.PrecioClase ?? null,
  };
}

const precioDe = (precio: string | null | undefined) => (precio ? precio.replace(',', '.') : null);

/**
 * Moves a class through its states. confirmada: the instructor accepts it. realizada: one class consumed from the
 * pack (or charged one by one when the pack is used up). nopresentado / anulada: charged per the school's rule
 * (confautoescuela) as a `cargos` row. A closed class does not change again.
 */
export async function cambiarEstado(
  s: Scope,
  id: number,
  body: z.infer<typeof estadoSchema>,
  ahora: Date = new Date(),
) {
  return s.tx(async (t) => {
    const [c] = await t.select(cp, eq(cp.Id, id)).for('update');
    if (!c) throw notFound();
    if (CERRADAS.includes(c.Estado)) throw new AppError(409, MSG_AUTOESCUELA.claseCerrada);
    const estado = body.Estado;
    const cambios: Partial<typeof cp.$inferInsert> = { Estado: estado };
    if (body.Ejercicios != null) cambios.Ejercicios = body.Ejercicios;
    const precioClase = async () => {
      const p = precioDe(body.Precio) ?? (await saldoPack(t, c.IdAlumno)).PrecioClase;
      if (p == null) throw fieldError('Precio', MSG_AUTOESCUELA.sinPrecio);
      return p;
    };
    const concepto = (que: string) => `${que} ${fechaEs(c.Fecha)} ${c.Hora}`;
    if (estado === 'confirmada') {
      if (c.Estado !== 'reservada') throw new AppError(409, 'La clase ya está confirmada');
      cambios.ConfirmadaEn = ahora;
    } else if (estado === 'realizada') {
      const saldo = await saldoPack(t, c.IdAlumno);
      if (saldo.Quedan > 0) cambios.Consumo = 'c';
      else
        cambios.IdCargo = await cargar(t, {
          IdAlumno: c.IdAlumno,
          Fecha: c.Fecha,
          Concepto: concepto('Clase práctica'),
          Importe: await precioClase(),
          TipoIva: 'IVA21',
        });
    } else if (estado === 'nopresentado' || estado === 'anulada') {
      const cfg = await ajustes(t);
      const inicio = new Date(`${c.Fecha}T${c.Hora}:00`);
      const horas = estado === 'nopresentado' ? null : (inicio.getTime() - ahora.getTime()) / 3_600_000;
      if (estado === 'nopresentado') cambios.NoPresentado = true;
      if (seCobraFalta(cfg.ReglaNoPresentado, horas, cfg.HorasAviso))
        cambios.IdCargo = await cargar(t, {
          IdAlumno: c.IdAlumno,
          Fecha: c.Fecha,
          Concepto: concepto(
            estado === 'nopresentado' ? 'Clase práctica no presentada' : 'Clase práctica anulada sin aviso',
          ),
          Importe: await precioClase(),
          TipoIva: 'IVA21',
        });
    } else {
      throw fieldError('Estado', 'Estado no válido');
    }
    await t.update(cp, cambios, eq(cp.Id, id));
    return clase(t, id);
  });
}

export const packSchema = z.object({
  IdAlumno: idSchema,
  IdCurPermiso: idSchema,
  Fecha: fechaSchema,
  Clases: z.coerce.number({ error: MSG.format }).int().min(1, { error: MSG.format }).max(500).nullish(),
  Importe: z
    .string()
    .regex(/^\d{1,8}([.,]\d{1,2})?$/, { error: MSG.format })
    .nullish(),
});

/** Sells a pack of classes of a licence course: the pack row and its charge, in one transaction. */
export async function venderPack(s: Scope, body: z.infer<typeof packSchema>) {
  return s.tx(async (t) => {
    const [curso] = await t.select(cpe, eq(col(cpe, 'Id'), body.IdCurPermiso));
    if (!curso) throw fieldError('IdCurPermiso', MSG.notFound);
    const alumno = await nombreAlumno(t, body.IdAlumno);
    if (alumno === null) throw fieldError('IdAlumno', MSG.notFound);
    const clases = body.Clases ?? Number(curso.ClasesPack ?? 0);
    if (!clases) throw fieldError('Clases', 'Indica cuántas clases tiene el pack');
    const importe = precioDe(body.Importe) ?? (curso.PrecioPack as string | null) ?? '0.00';
    const IdCargo = await cargar(t, {
      IdAlumno: body.IdAlumno,
      Fecha: body.Fecha,
      Concepto: `Pack de ${clases} clases prácticas (${curso.Nombre})`,
      Importe: importe,
      TipoIva: 'IVA21',
    });
    const [row] = await t
      .insert(pk, {
        IdAlumno: body.IdAlumno,
        IdCurPermiso: body.IdCurPermiso,
        Clases: clases,
        PrecioClase: (curso.PrecioClase as string | null) ?? null,
        Importe: importe,
        Fecha: body.Fecha,
        IdCargo,
      })
      .returning({ Id: pk.Id });
    return { Id: Number(row!.Id), IdCargo, Clases: clases, Importe: importe, ...(await saldoPack(t, body.IdAlumno)) };
  });
}
