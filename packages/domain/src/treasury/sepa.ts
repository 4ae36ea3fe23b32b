import { enumOptions } from '../fields/enumOptions.ts';
import { add, dec, isZero, toFixed, ZERO } from '../money/decimal.ts';
import { isValidIban, normalizeIban } from '../validation/iban.ts';
import { normalizeTaxId } from '../validation/taxId.ts';

/** SEPA formats Faro writes: direct debits (pain.008, two versions) and transfers (pain.001.001.03). */
export const VERSIONES_PAIN008 = ['pain.008.001.02', 'pain.008.001.08'] as const;
export type VersionPain008 = (typeof VERSIONES_PAIN008)[number];
export const ESQUEMAS_SEPA = enumOptions({ CORE: 'CORE (básico)', B2B: 'B2B (empresas)' });
export type EsquemaSepa = (typeof ESQUEMAS_SEPA)[number]['value'];
export const SECUENCIAS_SEPA = enumOptions({
  FRST: 'Primero (FRST)',
  RCUR: 'Recurrente (RCUR)',
  OOFF: 'Único (OOFF)',
  FNAL: 'Último (FNAL)',
});
export type SecuenciaSepa = (typeof SECUENCIAS_SEPA)[number]['value'];
/** A receipt that can go into a batch (or, with Problema, one that cannot yet and says why): `remesas/candidatos`. */
export interface ReciboCandidato {
  IdFactura: number;
  Plazo: number;
  NumSerie: string | null;
  IdTercero: number;
  Tercero: string;
  Vencimiento: string;
  Importe: string;
  IBAN: string | null;
  BIC: string | null;
  IdMandato: number | null;
  MandatoRef: string | null;
  MandatoFecha: string | null;
  Esquema: string | null;
  Secuencia: SecuenciaSepa | null;
  Representado: boolean;
  Problema: string | null;
}
export const ESTADOS_MANDATO = enumOptions({ activo: 'Activo', bloqueado: 'Bloqueado', cancelado: 'Cancelado' });

const letrasANumeros = (s: string) => s.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
function mod97(numeric: string): number {
  let rest = 0;
  for (let i = 0; i < numeric.length; i += 7) rest = Number(String(rest) + numeric.slice(i, i + 7)) % 97;
  return rest;
}

/**
 * Spanish SEPA creditor identifier (AT-02, compliance-es §3.3): ES + 2 check digits + 3-character business code
 * (sufijo, normally 000) + the NIF. The check digits cover the NIF and "ES00" only (not the suffix).
 */
export function identificadorAcreedor(nif: string, sufijo = '000'): string {
  const id = normalizeTaxId(nif);
  const check = 98 - mod97(letrasANumeros(`${id}ES00`));
  return `ES${String(check).padStart(2, '0')}${(sufijo || '000').padStart(3, '0').slice(0, 3)}${id}`;
}

/** Validates a creditor identifier (ISO 7064 mod 97 over the id after the suffix plus the first 4 characters). */
export function esIdentificadorAcreedorValido(raw: string): boolean {
  const id = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  return mod97(letrasANumeros(id.slice(7) + id.slice(0, 4))) === 1;
}

/** BIC (ISO 9362): 4 letters bank, 2 letters country, 2 location, optional 3 branch. */
export function esBicValido(raw: string): boolean {
  return /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(raw.replace(/\s+/g, '').toUpperCase());
}

/** SEPA's Latin character set: accents and ñ folded, anything else outside it becomes a space. */
export function textoSepa(s: string, max: number): string {
  const plano = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ºª]/g, '.')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plano.slice(0, max) || '-';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface AcreedorSepa {
  nombre: string;
  iban: string;
  bic?: string | null;
  identificador: string;
}

export interface ReciboSepa {
  /** Names the receipt in messages: "Factura FV-2026/12, plazo 1 (Cliente S.L.)". */
  etiqueta: string;
  endToEndId: string;
  importe: string;
  nombre: string;
  iban: string;
  bic?: string | null;
  mandatoRef?: string | null;
  mandatoFecha?: string | null;
  secuencia?: SecuenciaSepa | null;
  concepto: string;
}

export interface RemesaSepa {
  msgId: string;
  creado: string;
  fecha: string;
  esquema: EsquemaSepa;
  acreedor: AcreedorSepa;
  recibos: ReciboSepa[];
}

/** Spanish message naming the receipt at fault, or null. Also the checks of a transfer (no mandate then). */
export function errorRecibo(r: ReciboSepa, conMandato: boolean): string | null {
  const d = dec(r.importe);
  if (isZero(d) || d.units < 0n) return `${r.etiqueta}: el importe debe ser mayor que cero`;
  if (!r.iban || !isValidIban(r.iban)) return `${r.etiqueta}: el IBAN no es correcto`;
  if (r.bic && !esBicValido(r.bic)) return `${r.etiqueta}: el BIC no es correcto`;
  if (conMandato && (!r.mandatoRef || !r.mandatoFecha)) return `${r.etiqueta}: no tiene mandato SEPA firmado`;
  return null;
}

const suma = (rs: { importe: string }[]) =>
  toFixed(
    rs.reduce((s, r) => add(s, dec(r.importe)), ZERO),
    2,
  );

/** Control sum and count of a set of receipts. */
export function totalesSepa(rs: { importe: string }[]): { numero: number; total: string } {
  return { numero: rs.length, total: suma(rs) };
}

function agente(bic: string | null | undefined, etiqueta: 'BIC' | 'BICFI'): string {
  const b = bic ? normalizeIban(bic) : '';
  return b
    ? `<FinInstnId><${etiqueta}>${b}</${etiqueta}></FinInstnId>`
    : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
}

/**
 * The direct-debit initiation file (pain.008.001.02 or .08): one PmtInf per sequence type (the batch has one
 * collection date and one scheme), the creditor identifier in CdtrSchmeId, each receipt with its end-to-end id,
 * mandate and amount; NbOfTxs and CtrlSum in the group header and in each PmtInf.
 */
export function generarPain008(r: RemesaSepa, version: VersionPain008 = 'pain.008.001.02'): string {
  const bicTag = version === 'pain.008.001.02' ? 'BIC' : 'BICFI';
  const grupos = new Map<string, ReciboSepa[]>();
  for (const x of r.recibos) {
    const k = x.secuencia ?? 'RCUR';
    grupos.set(k, [...(grupos.get(k) ?? []), x]);
  }
  const t = totalesSepa(r.recibos);
  const nombre = textoSepa(r.acreedor.nombre, 70);
  const pmtInf = [...grupos.entries()].map(([seq, rs], i) => {
    const g = totalesSepa(rs);
    const txs = rs
      .map(
        (x) =>
          `\n<DrctDbtTxInf><PmtId><EndToEndId>${esc(textoSepa(x.endToEndId, 35))}</EndToEndId></PmtId>` +
          `<InstdAmt Ccy="EUR">${toFixed(dec(x.importe), 2)}</InstdAmt>` +
          `<DrctDbtTx><MndtRltdInf><MndtId>${esc(textoSepa(x.mandatoRef ?? '', 35))}</MndtId>` +
          `<DtOfSgntr>${x.mandatoFecha ?? ''}</DtOfSgntr></MndtRltdInf></DrctDbtTx>` +
          `<DbtrAgt>${agente(x.bic, bicTag)}</DbtrAgt>` +
          `<Dbtr><Nm>${esc(textoSepa(x.nombre, 70))}</Nm></Dbtr>` +
          `<DbtrAcct><Id><IBAN>${normalizeIban(x.iban)}</IBAN></Id></DbtrAcct>` +
          `<RmtInf><Ustrd>${esc(textoSepa(x.concepto, 140))}</Ustrd></RmtInf></DrctDbtTxInf>`,
      )
      .join('');
    return (
      `<PmtInf><PmtInfId>${esc(textoSepa(`${r.msgId}-${i + 1}`, 35))}</PmtInfId><PmtMtd>DD</PmtMtd>` +
      `<BtchBookg>true</BtchBookg><NbOfTxs>${g.numero}</NbOfTxs><CtrlSum>${g.total}</CtrlSum>` +
      `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>${r.esquema}</Cd></LclInstrm><SeqTp>${seq}</SeqTp></PmtTpInf>` +
      `<ReqdColltnDt>${r.fecha}</ReqdColltnDt><Cdtr><Nm>${esc(nombre)}</Nm></Cdtr>` +
      `<CdtrAcct><Id><IBAN>${normalizeIban(r.acreedor.iban)}</IBAN></Id></CdtrAcct>` +
      `<CdtrAgt>${agente(r.acreedor.bic, bicTag)}</CdtrAgt><ChrgBr>SLEV</ChrgBr>` +
      `<CdtrSchmeId><Id><PrvtId><Othr><Id>${r.acreedor.identificador}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm>` +
      `</Othr></PrvtId></Id></CdtrSchmeId>${txs}</PmtInf>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${version}" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><CstmrDrctDbtInitn><GrpHdr>` +
    `<MsgId>${esc(textoSepa(r.msgId, 35))}</MsgId><CreDtTm>${r.creado}</CreDtTm><NbOfTxs>${t.numero}</NbOfTxs>` +
    `<CtrlSum>${t.total}</CtrlSum><InitgPty><Nm>${esc(nombre)}</Nm></InitgPty></GrpHdr>${pmtInf.join('')}` +
    `</CstmrDrctDbtInitn></Document>\n`
  );
}

export interface TransferenciasSepa {
  msgId: string;
  creado: string;
  fecha: string;
  deudor: { nombre: string; iban: string; bic?: string | null };
  pagos: ReciboSepa[];
}

/** The credit-transfer initiation file (pain.001.001.03, AEB Cuaderno 34.14 XML): one PmtInf, one tx per payment. */
export function generarPain001(r: TransferenciasSepa): string {
  const t = totalesSepa(r.pagos);
  const nombre = textoSepa(r.deudor.nombre, 70);
  const txs = r.pagos
    .map(
      (x) =>
        `\n<CdtTrfTxInf><PmtId><EndToEndId>${esc(textoSepa(x.endToEndId, 35))}</EndToEndId></PmtId>` +
        `<Amt><InstdAmt Ccy="EUR">${toFixed(dec(x.importe), 2)}</InstdAmt></Amt>` +
        (x.bic ? `<CdtrAgt><FinInstnId><BIC>${normalizeIban(x.bic)}</BIC></FinInstnId></CdtrAgt>` : '') +
        `<Cdtr><Nm>${esc(textoSepa(x.nombre, 70))}</Nm></Cdtr>` +
        `<CdtrAcct><Id><IBAN>${normalizeIban(x.iban)}</IBAN></Id></CdtrAcct>` +
        `<RmtInf><Ustrd>${esc(textoSepa(x.concepto, 140))}</Ustrd></RmtInf></CdtTrfTxInf>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><CstmrCdtTrfInitn><GrpHdr>` +
    `<MsgId>${esc(textoSepa(r.msgId, 35))}</MsgId><CreDtTm>${r.creado}</CreDtTm><NbOfTxs>${t.numero}</NbOfTxs>` +
    `<CtrlSum>${t.total}</CtrlSum><InitgPty><Nm>${esc(nombre)}</Nm></InitgPty></GrpHdr>` +
    `<PmtInf><PmtInfId>${esc(textoSepa(`${r.msgId}-1`, 35))}</PmtInfId><PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg>` +
    `<NbOfTxs>${t.numero}</NbOfTxs><CtrlSum>${t.total}</CtrlSum><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>` +
    `<ReqdExctnDt>${r.fecha}</ReqdExctnDt><Dbtr><Nm>${esc(nombre)}</Nm></Dbtr>` +
    `<DbtrAcct><Id><IBAN>${normalizeIban(r.deudor.iban)}</IBAN></Id></DbtrAcct>` +
    `<DbtrAgt>${agente(r.deudor.bic, 'BIC')}</DbtrAgt><ChrgBr>SLEV</ChrgBr>${txs}</PmtInf>` +
    `</CstmrCdtTrfInitn></Document>\n`
  );
}
