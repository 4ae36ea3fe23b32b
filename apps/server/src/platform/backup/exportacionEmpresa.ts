import { lineaCsv } from '@faro/domain';
import { zipSync } from 'fflate';
import type { Database } from '../db/database.ts';

/**
 * "Leave with your data": every table that holds the company's rows (those with an `empresa_id`), plus
 * the company's own row, as JSON and CSV in one zip. Secrets never leave: password/PIN/OTP/token hashes, the
 * certificate and its key, SMTP/SMS keys (their columns are dropped, the rest of the row stays).
 */
const SECRETOS =
  /^(password_hash|pin_hash|otp_hash|refresh_hash|secreto_hash|token_hash|certificado|certificado_clave|smtp_clave|sms_clave|clave)$/;

export interface ExportacionEmpresa {
  zip: Uint8Array;
  tablas: { tabla: string; filas: number }[];
}

export async function exportarEmpresa(database: Database, empresaId: number): Promise<ExportacionEmpresa> {
  const columnas = await database.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.table_name in (select table_name from information_schema.columns
                              where table_schema = current_schema() and column_name = 'empresa_id')
      order by c.table_name, c.ordinal_position`,
  );
  const porTabla = new Map<string, string[]>();
  for (const c of columnas) porTabla.set(c.table_name, [...(porTabla.get(c.table_name) ?? []), c.column_name]);
  const ficheros: Record<string, Uint8Array> = {};
  const tablas: ExportacionEmpresa['tablas'] = [];
  const enc = new TextEncoder();
  const volcar = async (tabla: string, cols: string[], donde: string) => {
    const visibles = cols.filter((c) => !SECRETOS.test(c));
    const lista = visibles.map((c) => `"${c}"`).join(', ');
    const filas = await database.query(`select ${lista} from "${tabla}" where ${donde} = $1`, [empresaId]);
    ficheros[`json/${tabla}.json`] = enc.encode(JSON.stringify(filas, reemplazo, 1));
    ficheros[`csv/${tabla}.csv`] = enc.encode(csv(visibles, filas));
    tablas.push({ tabla, filas: filas.length });
  };
  const empresa = await database.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = current_schema()
        and table_name = 'empresas' order by ordinal_position`,
  );
  await volcar(
    'empresas',
    empresa.map((c) => c.column_name),
    'id',
  );
  for (const [tabla, cols] of porTabla) await volcar(tabla, cols, 'empresa_id');
  ficheros['LEEME.txt'] = enc.encode(
    `Exportación completa de los datos de la empresa ${empresaId} en Faro (${new Date().toISOString()}).\n` +
      'Cada tabla va en JSON (json/) y en CSV separado por ";" con codificación UTF-8 (csv/).\n' +
      'No se incluyen contraseñas, códigos de acceso ni certificados.\n\n' +
      tablas.map((t) => `${t.tabla}: ${t.filas} filas`).join('\n'),
  );
  return { zip: zipSync(ficheros, { level: 6 }), tablas };
}

function reemplazo(_k: string, v: unknown) {
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return v;
}

function csv(cols: string[], filas: Record<string, unknown>[]): string {
  // Numbers stay numbers; any text (a name typed as `=HYPERLINK(…)`) is neutralised by the one CSV cell writer.
  const celda = (v: unknown) =>
    v === null || v === undefined || typeof v === 'number'
      ? v
      : v instanceof Date
        ? v.toISOString()
        : typeof v === 'object'
          ? JSON.stringify(v, reemplazo)
          : String(v);
  return [lineaCsv(cols), ...filas.map((f) => lineaCsv(cols.map((c) => celda(f[c]))))].join('\r\n');
}
