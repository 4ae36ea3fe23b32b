import { describe, expect, it } from 'vitest';
import { totalDesglose } from './arqueo.ts';
import { etiquetaConciliacion, proponerConciliacion, reglaParaApunte } from './conciliacion.ts';
import { motivoBloqueaMandato, rechazosPain002 } from './devoluciones.ts';
import { ErrorNorma43, escribirNorma43, parsearNorma43 } from './norma43.ts';
import {
  errorRecibo,
  esBicValido,
  esIdentificadorAcreedorValido,
  generarPain008,
  identificadorAcreedor,
  textoSepa,
  totalesSepa,
} from './sepa.ts';

describe('SEPA identifiers (compliance-es §3.3)', () => {
  it('computes the creditor identifier AT-02 from the NIF (published and computed vectors)', () => {
    expect(identificadorAcreedor('B85626240')).toBe('ES77000B85626240');
    expect(identificadorAcreedor('B85626240', '001')).toBe('ES77001B85626240');
    expect(identificadorAcreedor('A12345674')).toBe('ES64000A12345674');
    expect(esIdentificadorAcreedorValido('ES77000B85626240')).toBe(true);
    expect(esIdentificadorAcreedorValido('ES77001B85626240')).toBe(true);
    expect(esIdentificadorAcreedorValido('ES78000B85626240')).toBe(false);
  });
  it('checks BICs and folds texts to the SEPA character set', () => {
    expect(esBicValido('CAIXESBBXXX')).toBe(true);
    expect(esBicValido('BSCHESMM')).toBe(true);
    expect(esBicValido('CAIXESB')).toBe(false);
    expect(esBicValido('1234ESBBXXX')).toBe(false);
    expect(textoSepa('Peñalver & Núñez, S.L. — nº 3', 70)).toBe('Penalver Nunez, S.L. n. 3');
  });
  /** A valid receipt of Ana's under mandate M1. */
  const r = {
    etiqueta: 'Recibo F1/1 (Ana)',
    endToEndId: 'E1',
    importe: '10.00',
    nombre: 'Ana',
    iban: 'ES9121000418450200051332',
    mandatoRef: 'M1',
    mandatoFecha: '2026-01-01',
    concepto: 'x',
  };

  it('names the receipt at fault: amount 0, bad IBAN, bad BIC, no mandate', () => {
    expect(errorRecibo(r, true)).toBeNull();
    expect(errorRecibo({ ...r, importe: '0' }, true)).toBe('Recibo F1/1 (Ana): el importe debe ser mayor que cero');
    expect(errorRecibo({ ...r, iban: 'ES9121000418450200051331' }, true)).toContain('IBAN');
    expect(errorRecibo({ ...r, bic: 'XX' }, true)).toContain('BIC');
    expect(errorRecibo({ ...r, mandatoRef: null }, true)).toContain('mandato');
    expect(errorRecibo({ ...r, mandatoRef: null }, false)).toBeNull();
  });
  it('writes control sums per group and in total, one PmtInf per sequence type', () => {
    const recibos = [
      { ...r, endToEndId: 'A', importe: '10.10', secuencia: 'FRST' as const },
      { ...r, endToEndId: 'B', importe: '0.20', secuencia: 'RCUR' as const },
      { ...r, endToEndId: 'C', importe: '5', secuencia: 'RCUR' as const },
    ];
    expect(totalesSepa(recibos)).toEqual({ numero: 3, total: '15.30' });
    const xml = generarPain008({
      msgId: 'M1',
      creado: '2026-01-01T10:00:00',
      fecha: '2026-01-05',
      esquema: 'CORE',
      acreedor: { nombre: 'Demo', iban: 'ES9121000418450200051332', identificador: 'ES77000B85626240' },
      recibos,
    });
    expect(xml.match(/<PmtInf>/g)).toHaveLength(2);
    expect(xml).toContain(
      '<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-01-01T10:00:00</CreDtTm><NbOfTxs>3</NbOfTxs><CtrlSum>15.30</CtrlSum>',
    );
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs><CtrlSum>5.20</CtrlSum>');
  });
});

describe('Norma 43', () => {
  const cuenta = {
    banco: '2100',
    oficina: '0418',
    cuenta: '0200051332',
    desde: '2026-05-01',
    hasta: '2026-05-31',
    saldoInicial: '100.00',
    divisa: '978',
    titular: 'EMPRESA DEMO',
    apuntes: [
      {
        fechaOperacion: '2026-05-02',
        fechaValor: '2026-05-02',
        conceptoComun: '02',
        conceptoPropio: '001',
        importe: '250.75',
        documento: '0000000001',
        referencia1: 'REF1',
        referencia2: 'REM-1',
        concepto: 'ABONO REMESA REM-1',
      },
      {
        fechaOperacion: '2026-05-03',
        fechaValor: '2026-05-04',
        conceptoComun: '14',
        conceptoPropio: '002',
        importe: '-40.00',
        documento: '',
        referencia1: '',
        referencia2: '',
        concepto: 'DEVOLUCION RECIBO',
      },
    ],
  };
  it('parses accounts, movements with their 23 texts, signs and balances', () => {
    const [c] = parsearNorma43(escribirNorma43(cuenta));
    expect(c).toMatchObject({
      banco: '2100',
      cuenta: '0200051332',
      saldoInicial: '100.00',
      saldoFinal: '310.75',
      titular: 'EMPRESA DEMO',
    });
    expect(c!.apuntes.map((a) => [a.linea, a.importe, a.conceptoComun, a.concepto])).toEqual([
      [2, '250.75', '02', 'ABONO REMESA REM-1'],
      [4, '-40.00', '14', 'DEVOLUCION RECIBO'],
    ]);
    expect(c!.apuntes[1]!.fechaValor).toBe('2026-05-04');
  });
  it('refuses bad files with the line at fault', () => {
    const ok = escribirNorma43(cuenta).split('\r\n');
    const con = (i: number, l: string) => ok.map((x, j) => (j === i ? l : x)).join('\n');
    const falla = (texto: string) => {
      try {
        parsearNorma43(texto);
      } catch (e) {
        expect(e).toBeInstanceOf(ErrorNorma43);
        return (e as Error).message;
      }
      throw new Error('no falló');
    };
    expect(falla('')).toMatch(/^Línea 1: el fichero está vacío/);
    expect(falla(ok.slice(1).join('\n'))).toMatch(/^Línea 1: movimiento sin registro 11/);
    expect(falla(con(1, ok[1]!.replace('260502', '261302')))).toMatch(/^Línea 2: la fecha de operación no existe/);
    expect(falla(con(1, `${ok[1]!.slice(0, 27)}3${ok[1]!.slice(28)}`))).toMatch(/^Línea 2: la clave debe\/haber/);
    expect(falla(con(5, ok[5]!.replace(/^(.{46})./, '$19')))).toMatch(/^Línea 6: /);
    expect(falla(con(2, `${ok[2]}X`))).toMatch(/^Línea 3: el registro tiene más de 80/);
    expect(falla(con(0, `99${ok[0]!.slice(2)}`))).toMatch(/^Línea 1: tipo de registro desconocido/);
    expect(falla(ok.slice(0, 5).join('\n'))).toMatch(/falta el registro 33/);
  });
});

describe('returns, counts and reconciliation', () => {
  it('reads the rejected transactions of a pain.002 and knows which reasons block the mandate', () => {
    const xml =
      '<Document><CstmrPmtStsRpt><OrgnlGrpInfAndSts><OrgnlMsgId>REM-1</OrgnlMsgId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts>' +
      '<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>MD01</Cd></Rsn></StsRsnInf></TxInfAndSts>' +
      '<TxInfAndSts><OrgnlEndToEndId>E2</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>' +
      '</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>';
    expect(rechazosPain002(xml)).toEqual({ msgIdOriginal: 'REM-1', rechazos: [{ endToEndId: 'E1', motivo: 'MD01' }] });
    expect(motivoBloqueaMandato('MD01')).toBe(true);
    expect(motivoBloqueaMandato('AM04')).toBe(false);
  });
  it('totals a breakdown of notes and coins exactly and refuses unknown pieces', () => {
    expect(totalDesglose({ '50': 2, '0.20': 3, '0.01': 7 })).toBe('100.67');
    expect(() => totalDesglose({ '3': 1 })).toThrow();
    expect(() => totalDesglose({ '1': -1 })).toThrow();
  });
  it('proposes matches on the exact amount, preferring the reference, one to one', () => {
    const p = proponerConciliacion(
      [
        { id: 1, fecha: '2026-05-02', importe: '100.00', texto: 'ABONO REMESA REM-7' },
        { id: 2, fecha: '2026-05-02', importe: '100.00', texto: 'TRANSFERENCIA' },
        { id: 3, fecha: '2026-05-02', importe: '-9.99', texto: '' },
      ],
      [
        { clase: 'cobro', id: 10, fecha: '2026-05-02', importe: '100.00', referencias: ['F-1'], descripcion: '' },
        { clase: 'remesa', id: 7, fecha: '2026-04-30', importe: '100.00', referencias: ['REM-7'], descripcion: '' },
        { clase: 'movimiento', id: 5, fecha: '2026-06-30', importe: '-9.99', referencias: [], descripcion: '' },
      ],
    );
    expect(p.map((x) => [x.idApunte, x.candidato.clase, x.candidato.id])).toEqual([
      [1, 'remesa', 7],
      [2, 'cobro', 10],
    ]);
  });
  it('labels a line as a person reads it: text, day and amount, no line number or id', () => {
    expect(etiquetaConciliacion('COMISION MANTENIMIENTO', '2026-11-12', '-12.00')).toBe(
      'Comision mantenimiento · 12/11/2026 · -12,00 €',
    );
    expect(etiquetaConciliacion('Cobro F-1 · Ana', '2026-11-12', '1234.5')).toBe(
      'Cobro F-1 · Ana · 12/11/2026 · 1.234,50 €',
    );
    expect(etiquetaConciliacion('', '2026-11-12', '5')).toBe('Sin concepto · 12/11/2026 · 5,00 €');
  });
  it('finds the remembered rule a line matches, ignoring accents and case, the longest text first', () => {
    const reglas = [
      { id: 1, texto: 'comisión' },
      { id: 2, texto: 'Comision mantenimiento' },
      { id: 3, texto: 'lu' },
    ];
    expect(reglaParaApunte('COMISION MANTENIMIENTO 11/2026', reglas)?.id).toBe(2);
    expect(reglaParaApunte('COMISION TRANSFERENCIA', reglas)?.id).toBe(1);
    // Fewer than three letters never match (a rule "lu" would catch every line with those letters).
    expect(reglaParaApunte('RECIBO LUZ', reglas)).toBeNull();
  });
});
