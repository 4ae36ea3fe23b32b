import { diasDelMes, type Marca, type Mes, type PersonaFichaje, planContrato, resumenMes } from '@faro/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  col,
  contratosTable,
  empleadosTable,
  fichajes,
  fichajesCorrecciones,
  miembros,
  tableOf,
} from '../../platform/tenancy/tables.ts';
import type { FichajeRow } from './cadena.ts';

export const MES = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'yyyy-mm' of a query value, or a Spanish 400. */
export function mesDe(value: unknown): string {
  const mes = typeof value === 'string' ? value : '';
  if (!MES.test(mes)) throw new AppError(400, 'El mes debe tener el formato aaaa-mm');
  return mes;
}

export const hoyMadrid = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

/** The month's instants [from, to): a day of margin each side, the days are cut in Madrid time by the domain. */
export function limitesMes(mes: string): [Date, Date] {
  const dias = diasDelMes(mes);
  const from = new Date(`${dias[0]}T00:00:00Z`);
  const to = new Date(`${dias.at(-1)}T00:00:00Z`);
  return [new Date(from.getTime() - 2 * 3600_000), new Date(to.getTime() + 24 * 3600_000 + 2 * 3600_000)];
}

function entidad(name: string) {
  const t = tableOf(name);
  if (!t) throw new Error(`Falta la tabla de ${name}`);
  return t;
}

/** The company's members with the time clock (and anyone with entries), named by their employee file. */
export async function personasFichaje(scope: Scope, personaId?: number): Promise<PersonaFichaje[]> {
  const rows = await scope
    .pick(
      {
        IdPersona: miembros.personaId,
        Codigo: miembros.codigoEmpleado,
        IdEmpleado: col(empleadosTable, 'Id'),
        Nombre: col(empleadosTable, 'Nombre'),
        Apellido1: col(empleadosTable, 'Apellido1'),
        IdCentro: col(empleadosTable, 'IdCentro'),
      },
      miembros,
      and(personaId ? eq(miembros.personaId, personaId) : eq(miembros.fichajeActivo, true), eq(miembros.baja, false)),
    )
    .leftJoin(empleadosTable, and(scope.on(empleadosTable), eq(col(empleadosTable, 'Codigo'), miembros.codigoEmpleado)))
    .orderBy(asc(miembros.codigoEmpleado), asc(miembros.personaId));
  return rows.map((r) => {
    const codigo = r.Codigo ? String(r.Codigo) : null;
    const nombre = r.Nombre ? [r.Nombre, r.Apellido1].filter(Boolean).join(' ') : null;
    return {
      IdPersona: Number(r.IdPersona),
      Codigo: codigo,
      IdEmpleado: r.IdEmpleado == null ? null : Number(r.IdEmpleado),
      IdCentro: r.IdCentro == null ? null : Number(r.IdCentro),
      Nombre: nombre ?? (codigo ? `Empleado ${codigo}` : `Usuario ${r.IdPersona}`),
    };
  });
}

export async function personaFichaje(scope: Scope, personaId: number): Promise<PersonaFichaje> {
  const [p] = await personasFichaje(scope, personaId);
  if (!p) throw new AppError(404, 'No existe el empleado');
  return p;
}

/** The plan of a person's month: contract (their own, else the employee's catalogue contract), holidays, leave. */
async function planDe(scope: Scope, p: PersonaFichaje, mes: string) {
  const dias = diasDelMes(mes);
  const [desde, hasta] = [dias[0]!, dias.at(-1)!];
  let contrato: Record<string, unknown> | undefined;
  if (p.IdEmpleado) {
    [contrato] = await scope
      .select(
        contratosTable,
        and(eq(col(contratosTable, 'IdEmpleado'), p.IdEmpleado), eq(col(contratosTable, 'Baja'), false)),
      )
      .orderBy(desc(col(contratosTable, 'FechaInicio')))
      .limit(1);
    if (!contrato) {
      const [e] = await scope.pick(
        { IdContrato: col(empleadosTable, 'IdContrato') },
        empleadosTable,
        eq(col(empleadosTable, 'Id'), p.IdEmpleado),
      );
      if (e?.IdContrato)
        [contrato] = await scope.select(contratosTable, eq(col(contratosTable, 'Id'), Number(e.IdContrato)));
    }
  }
  const festivosT = entidad('festivos');
  const festivos = await scope.pick(
    { Fecha: col(festivosT, 'Fecha') },
    festivosT,
    and(
      gte(col(festivosT, 'Fecha'), desde),
      lte(col(festivosT, 'Fecha'), hasta),
      p.IdCentro
        ? or(isNull(col(festivosT, 'IdCentro')), eq(col(festivosT, 'IdCentro'), p.IdCentro))
        : isNull(col(festivosT, 'IdCentro')),
    ),
  );
  const ausencias = new Map<string, string>();
  if (p.IdEmpleado) {
    const aus = entidad('ausencias');
    const sit = entidad('sitlaboral');
    const rows = await scope
      .pick(
        { Desde: col(aus, 'Desde'), Hasta: col(aus, 'Hasta'), Situacion: col(sit, 'Descripcion') },
        aus,
        and(eq(col(aus, 'IdEmpleado'), p.IdEmpleado), eq(col(aus, 'Estado'), 'aprobada')),
      )
      .leftJoin(sit, and(scope.on(sit), eq(col(sit, 'Id'), col(aus, 'IdSitLaboral'))));
    for (const r of rows) {
      for (const d of dias) {
        if (d >= String(r.Desde) && (!r.Hasta || d <= String(r.Hasta)))
          ausencias.set(d, String(r.Situacion ?? 'Ausencia'));
      }
    }
  }
  const previstos = planContrato({
    JornadaSemanal: (contrato?.JornadaSemanal as string | null) ?? 0,
    DiasSemana: contrato?.DiasSemana as string | null,
    FechaInicio: contrato?.FechaInicio as string | null,
    FechaFin: contrato?.FechaFin as string | null,
    festivos: new Set(festivos.map((f) => String(f.Fecha))),
  });
  const limite = contrato?.LimiteExtraMes;
  return {
    previstos,
    ausencias,
    ...(limite !== null && limite !== undefined ? { limiteExtraMes: Number(limite) } : {}),
    contrato: contrato ? String(contrato.Descripcion ?? '') : null,
  };
}

export const fichajeJson = (r: FichajeRow) => ({
  Id: r.id,
  IdPersona: r.personaId,
  Fecha: r.fecha.toISOString(),
  Registrado: r.registrado.toISOString(),
  Tipo: r.tipo,
  Estado: r.estado,
  MotivoPausa: r.motivoPausa,
  Latitud: r.latitud === null ? null : Number(r.latitud),
  Longitud: r.longitud === null ? null : Number(r.longitud),
  Origen: r.origen,
  Offline: r.offline,
  IdCorreccion: r.corrigeId,
  Ip: r.ip,
  Dispositivo: r.dispositivo,
  Huella: r.huella,
});

/** Entries of some persons in [from, to), time order. */
export async function fichajesEntre(scope: Scope, personas: number[], [from, to]: [Date, Date]) {
  if (personas.length === 0) return [];
  return scope
    .select(fichajes, and(inArray(fichajes.personaId, personas), gte(fichajes.fecha, from), lt(fichajes.fecha, to)))
    .orderBy(asc(fichajes.personaId), asc(fichajes.fecha), asc(fichajes.id));
}

export interface MesPersona extends Mes {
  Persona: PersonaFichaje;
  Mes: string;
  Contrato: string | null;
  Fichajes: ReturnType<typeof fichajeJson>[];
  Correcciones: (typeof fichajesCorrecciones.$inferSelect)[];
}

/**
 * A person's month: entries (originals and corrections' entries both listed), the summary against the plan. The
 * summary counts an amended entry at its corrected instant: an approved correction of an entry replaces it.
 */
export async function mesPersona(
  scope: Scope,
  p: PersonaFichaje,
  mes: string,
  filas?: FichajeRow[],
): Promise<MesPersona> {
  const rows = filas ?? (await fichajesEntre(scope, [p.IdPersona], limitesMes(mes)));
  const correcciones = await scope
    .select(fichajesCorrecciones, eq(fichajesCorrecciones.IdPersona, p.IdPersona))
    .orderBy(desc(fichajesCorrecciones.Id))
    .limit(200);
  const sustituidos = new Set(
    correcciones.filter((c) => c.Situacion === 'aprobada' && c.IdFichaje).map((c) => c.IdFichaje as number),
  );
  const marcas: Marca[] = rows
    .filter((r) => !sustituidos.has(r.id))
    .map((r) => ({ Fecha: r.fecha.toISOString(), Estado: r.estado, MotivoPausa: r.motivoPausa }));
  const plan = await planDe(scope, p, mes);
  const resumen = resumenMes(mes, marcas, plan, hoyMadrid());
  const prefix = mes;
  return {
    ...resumen,
    Dias: resumen.Dias.filter((d) => d.Dia.startsWith(prefix)),
    Persona: p,
    Mes: mes,
    Contrato: plan.contrato,
    Fichajes: rows.map(fichajeJson),
    Correcciones: correcciones,
  };
}
