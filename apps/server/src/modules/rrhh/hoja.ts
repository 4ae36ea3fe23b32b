import { PassThrough } from 'node:stream';
import {
  ESTADO_FICHAJE_LABELS,
  type EstadoFichaje,
  fechaHoraEspana,
  formatDate,
  formatMinutes,
  horaEspana,
} from '@faro/domain';
import type { FastifyReply } from 'fastify';
import type { Cell, Column } from '../../platform/export/cells.ts';
import { csvTexto } from '../../platform/export/csvWriter.ts';
import { pdfWriter } from '../../platform/export/pdfWriter.ts';
import { xlsxWriter } from '../../platform/export/xlsxWriter.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { MesPersona } from './jornadas.ts';

export const FORMATOS_HOJA = ['pdf', 'xlsx', 'csv'] as const;
export type FormatoHoja = (typeof FORMATOS_HOJA)[number];

export function formatoDe(value: unknown): FormatoHoja {
  const f = value ?? 'pdf';
  if (!FORMATOS_HOJA.includes(f as FormatoHoja)) throw new AppError(400, 'El formato debe ser pdf, xlsx o csv');
  return f as FormatoHoja;
}

const text = (label: string, key: string): Column => ({ key, label, def: { kind: 'text', label } });
const s = (v: string): Cell => ({ t: 's', v });

/** The monthly sheet: one row per day and person (worked, pauses, planned, overtime, incidents). */
export const COLUMNAS_DIAS: Column[] = [
  text('Empleado', 'Empleado'),
  text('Día', 'Dia'),
  text('Entrada', 'Entrada'),
  text('Salida', 'Salida'),
  text('Trabajado', 'Trabajados'),
  text('Pausas', 'Pausas'),
  text('Previsto', 'Previstos'),
  text('Extra', 'Extra'),
  text('Incidencia', 'Incidencia'),
];

export function filasDias(meses: MesPersona[]): Cell[][] {
  const out: Cell[][] = [];
  for (const m of meses) {
    for (const d of m.Dias) {
      const incidencia = [d.SinSalida ? 'Falta la salida' : '', d.Ausencia ? 'Ausencia' : '', d.Permiso ?? '']
        .filter(Boolean)
        .join(', ');
      out.push([
        s(m.Persona.Nombre),
        s(formatDate(d.Dia)),
        s(horaEspana(d.Entrada)),
        s(horaEspana(d.Salida)),
        s(formatMinutes(d.Trabajados)),
        s(formatMinutes(d.Pausas)),
        s(formatMinutes(d.Previstos)),
        s(formatMinutes(d.Extra)),
        s(incidencia),
      ]);
    }
    out.push([
      s(m.Persona.Nombre),
      s(`Total ${m.Mes}`),
      s(''),
      s(''),
      s(formatMinutes(m.Trabajados)),
      s(formatMinutes(m.Pausas)),
      s(formatMinutes(m.Previstos)),
      s(formatMinutes(m.Extra)),
      s(m.Alertas.join('; ')),
    ]);
  }
  return out;
}

/** The raw record: every entry with its origin, place, device and hash (the inspector's export). */
export const COLUMNAS_REGISTROS: Column[] = [
  text('Empleado', 'Empleado'),
  text('Fecha y hora', 'Fecha'),
  text('Registro', 'Estado'),
  text('Motivo', 'MotivoPausa'),
  text('Origen', 'Origen'),
  text('Sin conexión', 'Offline'),
  text('Corrección', 'IdCorreccion'),
  text('Ubicación', 'Ubicacion'),
  text('IP', 'Ip'),
  text('Recibido', 'Registrado'),
  text('Huella', 'Huella'),
];

const ORIGEN: Record<string, string> = { w: 'Web', m: 'Móvil', k: 'Quiosco' };

export function filasRegistros(meses: MesPersona[]): Cell[][] {
  return meses.flatMap((m) =>
    m.Fichajes.map((f) => [
      s(m.Persona.Nombre),
      s(fechaHoraEspana(f.Fecha)),
      s(ESTADO_FICHAJE_LABELS[f.Estado as EstadoFichaje] ?? f.Estado),
      s(f.MotivoPausa ?? ''),
      s(ORIGEN[f.Origen] ?? f.Origen),
      s(f.Offline ? 'Sí' : 'No'),
      s(f.IdCorreccion ? `Corrección ${f.IdCorreccion}` : ''),
      s(f.Latitud !== null && f.Longitud !== null ? `${f.Latitud}, ${f.Longitud}` : ''),
      s(f.Ip ?? ''),
      s(fechaHoraEspana(f.Registrado)),
      s(f.Huella ?? ''),
    ]),
  );
}

/** Sends a sheet as pdf, xlsx or csv (semicolons, UTF-8 with BOM: Spanish spreadsheets open it as is). */
export async function enviarHoja(
  reply: FastifyReply,
  formato: FormatoHoja,
  titulo: string,
  nombre: string,
  bloques: { columnas: Column[]; filas: Cell[][] }[],
) {
  reply
    .header('Content-Disposition', `attachment; filename="${nombre}.${formato}"`)
    .header('Cache-Control', 'no-store');
  if (formato === 'csv') {
    return reply.header('Content-Type', 'text/csv; charset=utf-8').send(csvTexto(bloques));
  }
  // pdf and xlsx hold one table (the first block); the csv holds every block one after the other.
  const writer = formato === 'xlsx' ? xlsxWriter() : pdfWriter();
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const [primero] = bloques;
  await writer.begin(stream, titulo, primero!.columnas, primero!.filas.length);
  await writer.rows(primero!.filas);
  await writer.end();
  stream.end();
  await done;
  return reply.header('Content-Type', writer.contentType).send(Buffer.concat(chunks));
}
