import pg from 'pg';

/**
 * Faster row objects for node-postgres. For every row description node-postgres builds a null-prototype
 * object with one key per column and spreads it, then spreads that again for every row before assigning each column:
 * with the 40–70 columns of a document or a party those objects fall into dictionary mode, and under the issuing
 * load `addFields` + `parseRow` were ~10 % of the server's CPU samples (profile of 16 HTTP clients, warm). Here a row
 * description keeps only its parsers and a row is a plain object literal filled in column order: the same keys in
 * the same order, the same values, the same prototype, and the last of two same-named columns still wins.
 *
 * Left to node-postgres's own code: array rows (`rowMode: 'array'`, drizzle's selects) and any result with a column
 * named `__proto__` (an assignment would set the prototype; the spread makes it an own property).
 * `filasPg.test.ts` compares both ways on real rows, so a node-postgres upgrade that changes `Result` fails there.
 */
type Campo = { name: string; dataTypeID: number; format?: string };
type Analizador = (valor: unknown) => unknown;
interface ResultadoPg {
  fields: Campo[];
  _parsers: Analizador[] | undefined;
  _types?: { getTypeParser: (oid: number, format: string) => Analizador };
  rowAsArray: boolean;
  /** Set by our `addFields` when this result's rows are built here. */
  _filasPropias?: boolean;
  addFields(campos: Campo[]): void;
  parseRow(datos: unknown[]): Record<string, unknown>;
}

const ResultPg = (pg as unknown as { Result: { prototype: ResultadoPg } }).Result;
const tipos = pg.types as unknown as { getTypeParser: (oid: number, format: string) => Analizador };

/** node-postgres's own methods (ours fall back on them; the test compares both ways). */
export const filasOriginales = {
  addFields: ResultPg.prototype.addFields,
  parseRow: ResultPg.prototype.parseRow,
};

/** The node-postgres `Result` class, for the test that compares both ways. */
export const ResultadoDePg = ResultPg as unknown as new (rowMode?: string, types?: unknown) => ResultadoPg;

let instalado = false;

/** Installs the faster rows in node-postgres (once per process). */
export function acelerarFilasPg(): void {
  if (instalado) return;
  instalado = true;
  ResultPg.prototype.addFields = function (this: ResultadoPg, campos: Campo[]) {
    if (this.rowAsArray || campos.some((c) => c.name === '__proto__')) {
      this._filasPropias = false;
      filasOriginales.addFields.call(this, campos);
      return;
    }
    this._filasPropias = true;
    this.fields = campos;
    const de = this._types ?? tipos;
    const analizadores = new Array<Analizador>(campos.length);
    for (let i = 0; i < campos.length; i++) {
      const c = campos[i]!;
      analizadores[i] = de.getTypeParser(c.dataTypeID, c.format || 'text');
    }
    this._parsers = analizadores;
  };
  ResultPg.prototype.parseRow = function (this: ResultadoPg, datos: unknown[]) {
    if (!this._filasPropias) return filasOriginales.parseRow.call(this, datos);
    const fila: Record<string, unknown> = {};
    const campos = this.fields;
    const analizadores = this._parsers!;
    for (let i = 0; i < datos.length; i++) {
      const bruto = datos[i];
      const campo = campos[i]!;
      fila[campo.name] =
        bruto === null ? null : analizadores[i]!(campo.format === 'binary' ? Buffer.from(bruto as Uint8Array) : bruto);
    }
    return fila;
  };
}
