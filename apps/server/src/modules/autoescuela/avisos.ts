import { formatAmount, sustituirMarcadores } from '@faro/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import { diaMas } from '../../platform/fechas.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import { type CompanyDirectory, companyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  avisosAutoescuela,
  col,
  confavisosTable as cv,
  mkCampanas,
  mkMensajes,
} from '../../platform/tenancy/tables.ts';
import { fechaEs } from './comun.ts';

/*
 * Notices to students (confavisos): exam date, class reminder, fee due — by e-mail or SMS through the
 * marketing queue (`comunicaciones/cola.ts` sends them, with its lease, back-off and at-most-once rule). A job
 * looks for the facts of each active notice setting; every fact is written to `avisos_autoescuela` under its key
 * in the same transaction that queues its message, so a fact is never notified twice, whatever runs twice.
 */

const EVENTOS: Record<string, string> = {
  examen: 'Fecha de examen',
  clase: 'Recordatorio de clase',
  tasa: 'Tasa pendiente de pago',
};
const TIPOS: Record<string, string> = {
  teorico: 'teórico',
  destreza: 'práctico de destreza',
  circulacion: 'práctico de circulación',
};

interface Hecho {
  id: number;
  id_alumno: number;
  nombre: string;
  destino: string | null;
  fecha: string | null;
  hora: string | null;
  tipo: string | null;
  jefatura: string | null;
  recogida: string | null;
  importe: string | null;
}

/** The facts of one notice setting on `hoy` (yyyy-mm-dd), with the student's destination on its channel. */
function hechos(s: Scope, evento: string, canal: string, hoy: string, dias: number): Promise<Hecho[]> {
  const objetivo = diaMas(hoy, dias);
  const destino = canal === 'sms' ? sql.raw('a.telefono') : sql.raw('a.email');
  return s.execute<Hecho & Record<string, unknown>>((_emp, de) => {
    const alumno = sql`join alumnos a on ${de('a')} and a.id = x.id_alumno and not a.baja`;
    if (evento === 'examen')
      return sql`select x.id, x.id_alumno, trim(a.nombre) nombre, nullif(trim(${destino}), '') destino,
          x.fecha::text fecha, null hora, x.tipo_examen tipo, x.jefatura_trafico jefatura, null recogida, null importe
        from calexamenes x ${alumno}
        where ${de('x')} and x.fecha = ${objetivo}::date and x.resultado is null
          and coalesce(x.asistencia, 'e') <> 'a' order by x.id`;
    if (evento === 'clase')
      return sql`select x.id, x.id_alumno, trim(a.nombre) nombre, nullif(trim(${destino}), '') destino,
          x.fecha::text fecha, x.hora, null tipo, null jefatura, x.recogida, null importe
        from clases_practicas x ${alumno}
        where ${de('x')} and x.fecha = ${objetivo}::date and x.estado in ('reservada', 'confirmada')
        order by x.hora, x.id`;
    // A fee assigned to the student, not consumed, not invoiced yet, with an exam of theirs up to `objetivo`.
    return sql`select x.id, x.id_alumno, trim(a.nombre) nombre, nullif(trim(${destino}), '') destino,
        (select min(e.fecha)::text from calexamenes e where ${de('e')} and e.id_alumno = x.id_alumno
           and e.fecha between ${hoy}::date and ${objetivo}::date and e.resultado is null) fecha,
        null hora, null tipo, null jefatura, null recogida, x.importe::text importe
      from tasasdgt x ${alumno}
      left join cargos c on ${de('c')} and c.id = x.id_cargo
      where ${de('x')} and x.consumo = 's' and c.id_factura is null
        and exists (select 1 from calexamenes e where ${de('e')} and e.id_alumno = x.id_alumno
          and e.fecha between ${hoy}::date and ${objetivo}::date and e.resultado is null)
      order by x.id`;
  });
}

const escaparHtml = (t: string) =>
  t.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** The text of one student's notice: the setting's text with {Nombre}, {Fecha}, {Hora}, {Tipo}, {Jefatura}, {Recogida}, {Importe}. */
function texto(plantilla: string, hs: Hecho[]): string {
  const partes = hs.map((h) =>
    sustituirMarcadores(plantilla, {
      Nombre: h.nombre,
      Fecha: h.fecha ? fechaEs(h.fecha) : '',
      Hora: h.hora ?? '',
      Tipo: h.tipo ? (TIPOS[h.tipo] ?? h.tipo) : '',
      Jefatura: h.jefatura ?? '',
      Recogida: h.recogida ?? '',
      Importe: h.importe ? formatAmount(h.importe) : '',
    }),
  );
  return [...new Set(partes)].join('\n');
}

export interface ResultadoAvisos {
  Encolados: number;
  Hechos: number;
  SinDestino: number;
}

/**
 * Queues the due notices of one company for `hoy`: per active setting, one campaign of that run (named after the
 * notice and day) and one message per student with their own text; facts already notified are skipped. Students
 * without an e-mail (or a phone for SMS) are left for a later run — once they have one, the fact is still pending.
 */
export async function encolarAvisos(s: Scope, hoy: string, ahora = new Date()): Promise<ResultadoAvisos> {
  const r: ResultadoAvisos = { Encolados: 0, Hechos: 0, SinDestino: 0 };
  const confs = await s.select(cv, eq(col(cv, 'Baja'), false));
  for (const conf of confs as Record<string, unknown>[]) {
    const evento = String(conf.Evento);
    const canal = String(conf.Canal);
    const idAviso = Number(conf.Id);
    const todos = await hechos(s, evento, canal, hoy, Number(conf.DiasAntes ?? 0));
    r.SinDestino += todos.filter((h) => !h.destino).length;
    const conDestino = todos.filter((h) => h.destino);
    if (!conDestino.length) continue;
    await s.tx(async (t) => {
      // Claim the facts first: only those this run inserted are notified (a concurrent run gets none of them).
      const nuevos = new Set(
        (
          await t
            .insert(
              avisosAutoescuela,
              conDestino.map((h) => ({
                Clave: `${evento}:${h.id}:${idAviso}`,
                Evento: evento,
                IdAviso: idAviso,
                IdAlumno: Number(h.id_alumno),
              })),
            )
            .onConflictDoNothing()
            .returning({ Clave: avisosAutoescuela.Clave })
        ).map((x) => x.Clave),
      );
      const suyos = conDestino.filter((h) => nuevos.has(`${evento}:${h.id}:${idAviso}`));
      if (!suyos.length) return;
      const porAlumno = new Map<number, Hecho[]>();
      for (const h of suyos) porAlumno.set(Number(h.id_alumno), [...(porAlumno.get(Number(h.id_alumno)) ?? []), h]);
      const titulo = `Aviso: ${EVENTOS[evento] ?? evento} (${fechaEs(hoy)})`;
      const [campana] = await t
        .insert(mkCampanas, {
          Canal: canal,
          Nombre: titulo,
          Asunto: EVENTOS[evento] ?? 'Aviso de la autoescuela',
          Cuerpo: String(conf.Texto),
          IdSegmentacion: 0,
          Estado: 'enviando',
          Encolada: ahora.toISOString(),
        })
        .returning({ Id: mkCampanas.Id });
      const idCampana = campana!.Id;
      await t.insert(
        mkMensajes,
        [...porAlumno.entries()].map(([idAlumno, hs]) => {
          const plano = texto(String(conf.Texto), hs);
          return {
            IdCampana: idCampana,
            Canal: canal,
            TipoContacto: 'a',
            IdContacto: idAlumno,
            Nombre: hs[0]!.nombre,
            Destino: hs[0]!.destino!,
            ProximoIntento: ahora.toISOString(),
            Texto: canal === 'email' ? escaparHtml(plano).replace(/\n/g, '<br>') : plano,
          };
        }),
      );
      await t.update(
        avisosAutoescuela,
        { IdCampana: idCampana },
        sql`${avisosAutoescuela.Clave} in (${sql.join(
          [...nuevos].map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
      r.Hechos += suyos.length;
      r.Encolados += porAlumno.size;
    });
  }
  return r;
}

/** Today in Spain (the school's day), yyyy-mm-dd. */
export const hoyMadrid = (ahora = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(ahora);

/** Every company with an active notice setting. */
export async function encolarAvisosTodas(dir: CompanyDirectory, ahora = new Date()): Promise<string> {
  let n = 0;
  for (const empresaId of await dir.companiesWith(cv, eq(col(cv, 'Baja'), false))) {
    n += (await encolarAvisos(dir.scope(empresaId), hoyMadrid(ahora), ahora)).Encolados;
  }
  return `${n} avisos encolados`;
}

/** The driving school's job: notices every 30 minutes (the marketing queue's own job sends them). */
export function trabajosAutoescuela(deps: Pick<AppDeps, 'database'>): Job[] {
  const dir = companyDirectory(deps);
  return [{ nombre: 'avisos-autoescuela', intervaloSegundos: 30 * 60, run: () => encolarAvisosTodas(dir) }];
}
