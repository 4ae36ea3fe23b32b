import { citasACsv, type FilaCsvCita, leerCsvCitas, MSG, MSG_AUES, type PuestoCupo, rankingCupo } from '@faro/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  auesConfig,
  citasauesTable as ci,
  col,
  empresa,
} from '../../platform/tenancy/tables.ts';
import { cifrar, descifrar } from '../ventas/verifactu/configuracion.ts';
import { type ClienteAues, clienteAues } from './aues/cliente.ts';
import { ajustes } from './comun.ts';

const c = (f: string) => col(ci, f);

// ------------------------------------------------------------------------------------------------ settings

export const configSchema = z.object({
  Url: z
    .string({ error: MSG.required('La dirección') })
    .trim()
    .max(300, { error: MSG.format })
    .regex(/^https?:\/\/\S+$/i, { error: 'Indica una dirección http:// o https://' }),
  Usuario: z
    .string({ error: MSG.required('El usuario') })
    .trim()
    .min(1, { error: MSG.required('El usuario') })
    .max(100),
  /** Omitted or empty: keep the stored password. */
  Clave: z.string().max(200).nullish(),
  CodigoAutoescuela: z
    .string({ error: MSG.required('El código de autoescuela') })
    .trim()
    .min(1, { error: MSG.required('El código de autoescuela') })
    .max(30),
});

/** Whether the company has AUES on (the contracted flag of the company context). */
export async function auesActiva(s: Scope): Promise<boolean> {
  const [e] = await s.company({ actAues: empresa.actAues });
  return Boolean(e?.actAues);
}

export async function leerConfig(s: Scope) {
  const [cfg] = await s.select(auesConfig);
  return {
    Activa: await auesActiva(s),
    Url: cfg?.Url ?? '',
    Usuario: cfg?.Usuario ?? '',
    CodigoAutoescuela: cfg?.CodigoAutoescuela ?? '',
    ClaveGuardada: Boolean(cfg?.Clave),
  };
}

export async function guardarConfig(s: Scope, secret: string, body: z.infer<typeof configSchema>) {
  const [previa] = await s.select(auesConfig);
  const Clave = body.Clave ? cifrar(secret, Buffer.from(body.Clave, 'utf8')) : (previa?.Clave ?? null);
  const v = {
    Url: body.Url,
    Usuario: body.Usuario,
    CodigoAutoescuela: body.CodigoAutoescuela,
    Clave,
    Modificado: new Date(),
  };
  await s.insert(auesConfig, v).onConflictDoUpdate({ target: auesConfig.empresaId, set: v });
  await s.audit({
    accion: 'M',
    recurso: 'citasaues/config',
    idRegistro: null,
    campos: {
      Url: body.Url,
      Usuario: body.Usuario,
      CodigoAutoescuela: body.CodigoAutoescuela,
      Clave: body.Clave ? '***' : undefined,
    },
  });
  return leerConfig(s);
}

/** The client for this company's settings; 409 when AUES is off or not configured. */
export async function clienteDe(s: Scope, secret: string): Promise<ClienteAues> {
  if (!(await auesActiva(s))) throw new AppError(409, MSG_AUES.inactiva);
  const [cfg] = await s.select(auesConfig);
  if (!cfg?.Url || !cfg.Usuario) throw new AppError(409, MSG_AUES.sinConfig);
  return clienteAues({
    url: cfg.Url,
    usuario: cfg.Usuario,
    clave: cfg.Clave ? descifrar(secret, cfg.Clave).toString('utf8') : '',
    codigoAutoescuela: cfg.CodigoAutoescuela,
  });
}

// ------------------------------------------------------------------------------------------------ service calls

async function cita(s: Scope, id: number) {
  const [r] = await s
    .pick(
      {
        Id: c('Id'),
        Fecha: c('Fecha'),
        TipoExamen: c('TipoExamen'),
        Permiso: c('Permiso'),
        JefaturaTrafico: c('JefaturaTrafico'),
        Estado: c('Estado'),
        Referencia: c('Referencia'),
        IdAlumno: c('IdAlumno'),
        NIF: alC.NIF,
        Nombre: alC.Nombre,
        Apellidos: alC.Apellidos,
        FechaNacimiento: alC.FechaNacimiento,
      },
      ci,
      eq(c('Id'), id),
    )
    .leftJoin(al, s.on(al, eq(alC.Id, c('IdAlumno'))));
  if (!r) throw notFound();
  return r as Record<string, string | number | null>;
}

async function aplicar(
  s: Scope,
  id: number,
  r: { Referencia: string; Estado: string; Fecha?: string | null; Hora?: string | null; Mensaje?: string | null },
) {
  await s.update(
    ci,
    {
      Referencia: r.Referencia,
      Estado: r.Estado,
      ...(r.Fecha ? { Fecha: r.Fecha } : {}),
      ...(r.Hora ? { Hora: r.Hora } : {}),
      Respuesta: r.Mensaje ?? null,
    } as never,
    eq(c('Id'), id),
  );
}

/** Sends an appointment to AUES: the service's reference and state are stored on the row. */
export async function solicitar(s: Scope, secret: string, id: number) {
  const r = await cita(s, id);
  const cliente = await clienteDe(s, secret);
  if (r.Referencia) throw new AppError(409, MSG_AUES.yaEnviada);
  if (!r.NIF) throw badRequest(MSG_AUES.sinNif, [{ Campo: 'IdAlumno', Mensaje: MSG_AUES.sinNif }]);
  const [cfg] = await s.select(auesConfig);
  const resp = await cliente.solicitar({
    CodigoAutoescuela: cfg!.CodigoAutoescuela,
    Jefatura: String(r.JefaturaTrafico ?? '') || (await ajustes(s)).JefaturaTrafico,
    TipoExamen: String(r.TipoExamen),
    Permiso: String(r.Permiso ?? 'B'),
    FechaDeseada: String(r.Fecha),
    Alumno: {
      NIF: String(r.NIF),
      Nombre: String(r.Nombre ?? ''),
      Apellidos: String(r.Apellidos ?? ''),
      FechaNacimiento: (r.FechaNacimiento as string | null) ?? null,
    },
  });
  await aplicar(s, id, resp);
  return { Id: id, ...resp };
}

/** Asks AUES the state of every request still 'solicitada': granted ones get their day and time. */
export async function consultar(s: Scope, secret: string) {
  const cliente = await clienteDe(s, secret);
  const pendientes = await s
    .pick(
      { Id: c('Id'), Referencia: c('Referencia') },
      ci,
      and(eq(c('Estado'), 'solicitada'), isNotNull(c('Referencia'))),
    )
    .orderBy(asc(c('Id')))
    .limit(500);
  const cambios: { Id: number; Estado: string }[] = [];
  for (const p of pendientes) {
    const resp = await cliente.consultar(String(p.Referencia));
    await aplicar(s, Number(p.Id), resp);
    if (resp.Estado !== 'solicitada') cambios.push({ Id: Number(p.Id), Estado: resp.Estado });
  }
  return { Consultadas: pendientes.length, Cambios: cambios };
}

export async function anular(s: Scope, secret: string, id: number) {
  const r = await cita(s, id);
  const cliente = await clienteDe(s, secret);
  if (!r.Referencia) throw new AppError(409, MSG_AUES.sinReferencia);
  const resp = await cliente.anular(String(r.Referencia));
  await aplicar(s, id, resp);
  return { Id: id, ...resp };
}

// ------------------------------------------------------------------------------------------------ CSV fallback

export async function exportarCsv(s: Scope): Promise<string> {
  const filas = await s
    .pick(
      {
        Referencia: c('Referencia'),
        Fecha: c('Fecha'),
        Hora: c('Hora'),
        NIF: alC.NIF,
        Alumno: sql<string>`trim(concat(${alC.Nombre}, ' ', ${alC.Apellidos}))`,
        TipoExamen: c('TipoExamen'),
        Permiso: c('Permiso'),
        Jefatura: c('JefaturaTrafico'),
        Estado: c('Estado'),
      },
      ci,
    )
    .leftJoin(al, s.on(al, eq(alC.Id, c('IdAlumno'))))
    .orderBy(asc(c('Fecha')), asc(c('Id')));
  return citasACsv(
    filas.map((f) =>
      Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v == null ? '' : String(v)])),
    ) as unknown as FilaCsvCita[],
  );
}

export const importarSchema = z.object({
  Csv: z
    .string({ error: MSG.required('El fichero') })
    .min(1, { error: MSG.required('El fichero') })
    .max(2_000_000, { error: 'El fichero es demasiado grande (máximo 2 MB)' }),
});

/**
 * Imports an appointment list (the traffic office's, or one edited by hand): a row whose Referencia exists
 * updates that appointment (state, day, time); a new one is created for the student with that NIF. Lines with
 * errors are reported and skipped; the rest is saved in one transaction.
 */
export async function importarCsv(s: Scope, texto: string) {
  const { filas, errores } = leerCsvCitas(texto);
  if (!filas.length && errores.length)
    throw badRequest(errores[0]!.Mensaje, [{ Campo: 'Csv', Mensaje: errores[0]!.Mensaje }]);
  const nifs = [...new Set(filas.map((f) => f.NIF).filter(Boolean))];
  const alumnos = new Map(
    nifs.length
      ? (await s.pick({ Id: alC.Id, NIF: alC.NIF }, al, inArray(alC.NIF, nifs))).map((a) => [
          String(a.NIF).toUpperCase(),
          Number(a.Id),
        ])
      : [],
  );
  const refs = [...new Set(filas.map((f) => f.Referencia).filter(Boolean))];
  const existentes = new Map(
    refs.length
      ? (await s.pick({ Id: c('Id'), Referencia: c('Referencia') }, ci, inArray(c('Referencia'), refs))).map((r) => [
          String(r.Referencia),
          Number(r.Id),
        ])
      : [],
  );
  let creadas = 0;
  let actualizadas = 0;
  const erroresLinea = [...errores];
  await s.tx(async (t) => {
    for (const f of filas) {
      const idExistente = f.Referencia ? existentes.get(f.Referencia) : undefined;
      const datos = {
        Fecha: f.Fecha,
        Hora: f.Hora || null,
        Estado: f.Estado,
        ...(f.Permiso ? { Permiso: f.Permiso } : {}),
        ...(f.Jefatura ? { JefaturaTrafico: f.Jefatura } : {}),
      };
      if (idExistente) {
        await t.update(ci, datos as never, eq(c('Id'), idExistente));
        actualizadas++;
        continue;
      }
      const IdAlumno = alumnos.get(f.NIF);
      if (!IdAlumno) {
        erroresLinea.push({ Linea: f.Linea, Mensaje: MSG_AUES.csvAlumno });
        continue;
      }
      await t.insert(ci, { ...datos, IdAlumno, TipoExamen: f.TipoExamen, Referencia: f.Referencia || null } as never);
      creadas++;
    }
  });
  return { Creadas: creadas, Actualizadas: actualizadas, Errores: erroresLinea.sort((a, b) => a.Linea - b.Linea) };
}

// ------------------------------------------------------------------------------------------------ exam quota

/**
 * The exam-quota plan: every active student with their practical classes done, theory pass, practical failures,
 * whether they already passed or have something booked, ranked by `rankingCupo` for the next `plazas` slots.
 */
export async function planCupo(
  s: Scope,
  o: { plazas: number; hoy: string; permiso?: string | null },
): Promise<{ MinimoClases: number; Plazas: number; Hoy: string; Alumnos: PuestoCupo[] }> {
  const conf = await ajustes(s);
  const filas = await s.execute<{
    id: number;
    nombre: string;
    permiso: string | null;
    clases: number;
    teorico: string | null;
    suspensos: number;
    aprobado: boolean;
    reservado: boolean;
  }>(
    (_emp, de) => sql`
      select a.id, trim(concat(a.nombre, ' ', a.apellidos)) as nombre,
        (select e.permiso from calexamenes e where ${de('e')} and e.id_alumno = a.id
           and e.permiso is not null order by e.fecha desc, e.id desc limit 1) as permiso,
        (select count(*)::int from clases_practicas c where ${de('c')} and c.id_alumno = a.id
           and c.estado = 'realizada') as clases,
        (select max(e.fecha)::text from calexamenes e where ${de('e')} and e.id_alumno = a.id
           and e.tipo_examen = 'teorico' and e.resultado = 'APTO') as teorico,
        (select count(*)::int from calexamenes e where ${de('e')} and e.id_alumno = a.id
           and e.tipo_examen <> 'teorico' and e.resultado = 'NO APTO') as suspensos,
        exists (select 1 from calexamenes e where ${de('e')} and e.id_alumno = a.id
           and e.tipo_examen = 'circulacion' and e.resultado = 'APTO') as aprobado,
        (exists (select 1 from calexamenes e where ${de('e')} and e.id_alumno = a.id
           and e.tipo_examen <> 'teorico' and e.fecha >= ${o.hoy}::date and e.resultado is null
           and coalesce(e.asistencia, 'e') <> 'a')
         or exists (select 1 from citasaues x where ${de('x')} and x.id_alumno = a.id
           and x.tipo_examen <> 'teorico' and x.fecha >= ${o.hoy}::date
           and x.estado in ('solicitada', 'concedida'))) as reservado
      from alumnos a
      where ${de('a')} and not a.baja and coalesce(a.estado, 'activo') = 'activo'
      order by a.id`,
  );
  const candidatos = filas
    .map((f) => ({
      IdAlumno: Number(f.id),
      Nombre: f.nombre,
      Permiso: f.permiso,
      Clases: Number(f.clases),
      Teorico: f.teorico,
      Suspensos: Number(f.suspensos),
      Aprobado: Boolean(f.aprobado),
      Reservado: Boolean(f.reservado),
    }))
    .filter((x) => !o.permiso || x.Permiso === o.permiso || x.Permiso === null);
  const minimoClases = conf.MinimoClases;
  return {
    MinimoClases: minimoClases,
    Plazas: o.plazas,
    Hoy: o.hoy,
    Alumnos: rankingCupo(candidatos, { minimoClases, plazas: o.plazas, hoy: o.hoy }),
  };
}
