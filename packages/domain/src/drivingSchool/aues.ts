/*
 * AUES exam appointments and the exam-quota planner. AUES is the DGT's web service for schools; its
 * protocol is not public, so Faro speaks a documented JSON protocol of its own (`apps/server/src/modules/autoescuela/
 * aues/`) to a configurable address, and keeps the CSV import/export of appointment lists as the way that always
 * works. Isomorphic: the server parses, the screens show the same columns.
 */

import { lineaCsv } from '../format/celdaHoja.ts';

export const ESTADOS_CITA_AUES = ['solicitada', 'concedida', 'denegada', 'anulada'] as const;
export type EstadoCita = (typeof ESTADOS_CITA_AUES)[number];
export const esEstadoCita = (v: unknown): v is EstadoCita => ESTADOS_CITA_AUES.includes(v as EstadoCita);

export const MSG_AUES = {
  inactiva: 'La empresa no tiene activadas las citas AUES: pide su activación para enviar solicitudes',
  sinConfig: 'Configura la dirección y el usuario del servicio AUES antes de enviar solicitudes',
  yaEnviada: 'La cita ya se envió al servicio AUES',
  sinReferencia: 'La cita no se ha enviado al servicio AUES',
  sinNif: 'El alumno no tiene DNI/NIE: es obligatorio para solicitar el examen',
  noDisponible: (detalle: string) => `El servicio AUES no responde: ${detalle}`.trim(),
  rechazo: (detalle: string) => `El servicio AUES rechazó la petición: ${detalle}`.trim(),
  credenciales: 'El servicio AUES no acepta el usuario o la contraseña configurados',
  csvVacio: 'El fichero no tiene filas de citas',
  csvCabecera:
    'La primera fila debe ser la cabecera: Referencia;Fecha;Hora;NIF;Alumno;TipoExamen;Permiso;Jefatura;Estado',
  csvFecha: 'Fecha no válida (dd/mm/aaaa o aaaa-mm-dd)',
  csvHora: 'Hora no válida (HH:MM)',
  csvEstado: 'Estado no válido: solicitada, concedida, denegada o anulada',
  csvTipo: 'Tipo de examen no válido: teorico, destreza o circulacion',
  csvAlumno: 'No hay ningún alumno con ese DNI/NIE',
  plazas: 'Indica un número de plazas entre 1 y 500',
} as const;

/** The columns of an appointment list, in this order (';' separated, UTF-8, the way Spanish spreadsheets read it). */
export const COLUMNAS_CSV_CITAS = [
  'Referencia',
  'Fecha',
  'Hora',
  'NIF',
  'Alumno',
  'TipoExamen',
  'Permiso',
  'Jefatura',
  'Estado',
] as const;

export interface FilaCsvCita {
  Referencia: string;
  Fecha: string;
  Hora: string;
  NIF: string;
  Alumno: string;
  TipoExamen: string;
  Permiso: string;
  Jefatura: string;
  Estado: string;
}

/** The CSV text of an appointment list (header + rows, CRLF). Dates as yyyy-mm-dd. */
export function citasACsv(filas: readonly FilaCsvCita[]): string {
  const lineas = [COLUMNAS_CSV_CITAS.join(';')];
  for (const f of filas) lineas.push(lineaCsv(COLUMNAS_CSV_CITAS.map((c) => String(f[c] ?? ''))));
  return `${lineas.join('\r\n')}\r\n`;
}

/** Splits a CSV text (';' or ',' separated, quoted cells, CRLF or LF) into rows of cells. */
export function partirCsv(texto: string): string[][] {
  const t = texto.replace(/^\uFEFF/, '');
  const primera = t.split(/\r?\n/, 1)[0] ?? '';
  const sep = primera.includes(';') ? ';' : ',';
  const filas: string[][] = [];
  let fila: string[] = [];
  let cel = '';
  let comillas = false;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    if (comillas) {
      if (ch === '"' && t[i + 1] === '"') {
        cel += '"';
        i++;
      } else if (ch === '"') comillas = false;
      else cel += ch;
    } else if (ch === '"') comillas = true;
    else if (ch === sep) {
      fila.push(cel);
      cel = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && t[i + 1] === '\n') i++;
      fila.push(cel);
      cel = '';
      if (fila.some((c) => c.trim() !== '')) filas.push(fila);
      fila = [];
    } else cel += ch;
  }
  fila.push(cel);
  if (fila.some((c) => c.trim() !== '')) filas.push(fila);
  return filas;
}

/** yyyy-mm-dd from dd/mm/yyyy or yyyy-mm-dd, or null. */
export function fechaCsv(v: string): string | null {
  const s = v.trim();
  const es = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = es ? `${es[3]}-${es[2]!.padStart(2, '0')}-${es[1]!.padStart(2, '0')}` : s;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

export interface ErrorLinea {
  Linea: number;
  Mensaje: string;
}

/** Reads an appointment list: its rows (cells trimmed, dates normalised) and the errors per line (1 = header). */
export function leerCsvCitas(texto: string): { filas: (FilaCsvCita & { Linea: number })[]; errores: ErrorLinea[] } {
  const crudas = partirCsv(texto);
  if (crudas.length < 2) return { filas: [], errores: [{ Linea: 1, Mensaje: MSG_AUES.csvVacio }] };
  const cab = crudas[0]!.map((c) => c.trim().toLowerCase());
  const pos = COLUMNAS_CSV_CITAS.map((c) => cab.indexOf(c.toLowerCase()));
  if (pos.some((p, i) => p < 0 && COLUMNAS_CSV_CITAS[i] !== 'Alumno')) {
    return { filas: [], errores: [{ Linea: 1, Mensaje: MSG_AUES.csvCabecera }] };
  }
  const filas: (FilaCsvCita & { Linea: number })[] = [];
  const errores: ErrorLinea[] = [];
  for (const [i, cells] of crudas.slice(1).entries()) {
    const linea = i + 2;
    const v = Object.fromEntries(
      COLUMNAS_CSV_CITAS.map((c, k) => [c, (cells[pos[k]!] ?? '').trim()]),
    ) as never as FilaCsvCita;
    const fecha = fechaCsv(v.Fecha);
    if (!fecha) {
      errores.push({ Linea: linea, Mensaje: MSG_AUES.csvFecha });
      continue;
    }
    if (v.Hora && !/^([01]\d|2[0-3]):[0-5]\d$/.test(v.Hora)) {
      errores.push({ Linea: linea, Mensaje: MSG_AUES.csvHora });
      continue;
    }
    const estado = v.Estado.toLowerCase();
    if (!esEstadoCita(estado)) {
      errores.push({ Linea: linea, Mensaje: MSG_AUES.csvEstado });
      continue;
    }
    const tipo = v.TipoExamen.toLowerCase();
    if (!['teorico', 'destreza', 'circulacion'].includes(tipo)) {
      errores.push({ Linea: linea, Mensaje: MSG_AUES.csvTipo });
      continue;
    }
    filas.push({ ...v, Linea: linea, Fecha: fecha, Estado: estado, TipoExamen: tipo, NIF: v.NIF.toUpperCase() });
  }
  return { filas, errores };
}

// ------------------------------------------------------------------------------------------------ exam quota

/** Years a passed theory test stays valid for the practical one (RD 818/2009: two years). */
export const VIGENCIA_TEORICO_DIAS = 730;

export interface CandidatoCupo {
  IdAlumno: number;
  Nombre: string;
  Permiso: string | null;
  /** Practical classes done (realizada). */
  Clases: number;
  /** Date the theory test was passed (APTO), or null. */
  Teorico: string | null;
  /** Practical exams failed (NO APTO) so far. */
  Suspensos: number;
  /** The student already passed the practical exam (APTO): out of the ranking. */
  Aprobado: boolean;
  /** A practical exam or AUES appointment is already booked from today on. */
  Reservado: boolean;
}

export interface PuestoCupo extends CandidatoCupo {
  Listo: boolean;
  /** Rank among the ready ones (1 = first to go), null when not ready. */
  Puesto: number | null;
  /** Within the slots asked for. */
  Propuesto: boolean;
  /** Days left until the theory pass expires (null without theory). */
  DiasTeorico: number | null;
  Motivo: string;
}

const diasEntre = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * Who is ready for the next practical exam slots and in which order: ready = theory passed and still valid,
 * practical classes done ≥ the school's minimum, not passed yet and nothing booked. Ranked by the theory's expiry
 * (who would lose it first), then by classes done (the best prepared: CAPA rewards first-attempt passes), then by
 * fewer failed attempts. The first `plazas` are proposed. The others say what they lack.
 */
export function rankingCupo(
  candidatos: readonly CandidatoCupo[],
  o: { minimoClases: number; plazas: number; hoy: string },
): PuestoCupo[] {
  const evaluados = candidatos.map((c) => {
    const DiasTeorico = c.Teorico ? VIGENCIA_TEORICO_DIAS - diasEntre(c.Teorico, o.hoy) : null;
    const faltan = Math.max(0, o.minimoClases - c.Clases);
    let Motivo = '';
    if (c.Aprobado) Motivo = 'Ya aprobó el práctico';
    else if (!c.Teorico) Motivo = 'No ha aprobado el teórico';
    else if (DiasTeorico !== null && DiasTeorico < 0) Motivo = 'El teórico aprobado ha caducado';
    else if (faltan > 0) Motivo = `Le ${faltan === 1 ? 'falta 1 clase práctica' : `faltan ${faltan} clases prácticas`}`;
    else if (c.Reservado) Motivo = 'Ya tiene examen o cita reservada';
    return { ...c, DiasTeorico, Listo: Motivo === '', Motivo, Puesto: null as number | null, Propuesto: false };
  });
  const listos = evaluados
    .filter((c) => c.Listo)
    .sort(
      (a, b) =>
        (a.DiasTeorico ?? 0) - (b.DiasTeorico ?? 0) ||
        b.Clases - a.Clases ||
        a.Suspensos - b.Suspensos ||
        a.Nombre.localeCompare(b.Nombre, 'es'),
    );
  listos.forEach((c, i) => {
    c.Puesto = i + 1;
    c.Propuesto = i < o.plazas;
    c.Motivo = c.DiasTeorico! <= 90 ? `Listo: el teórico caduca en ${c.DiasTeorico} días` : 'Listo para examen';
  });
  const resto = evaluados
    .filter((c) => !c.Listo)
    .sort((a, b) => Number(a.Aprobado) - Number(b.Aprobado) || b.Clases - a.Clases);
  return [...listos, ...resto];
}
