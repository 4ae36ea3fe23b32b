/**
 * TicketBAI (Araba, Bizkaia, Gipuzkoa) — the pure parts (compliance-es.md §2, compliance-es-2.md a): the provinces
 * and their signature policies, QR hosts and submission endpoints, the TBAI identifier with its CRC-8, the QR URL,
 * and the mapping of an invoice's VAT breakdown onto TicketBAI's keys. Isomorphic: no Node APIs.
 */

export type ProvinciaTbai = 'araba' | 'bizkaia' | 'gipuzkoa';
export type EntornoTbai = 'pruebas' | 'produccion';

export const PROVINCIAS_TBAI: Record<ProvinciaTbai, string> = {
  araba: 'Araba/Álava',
  bizkaia: 'Bizkaia',
  gipuzkoa: 'Gipuzkoa',
};

/** The company's Tributacion → its province (null outside the Basque Country). */
export function provinciaDeTributacion(tributacion: string | null | undefined): ProvinciaTbai | null {
  if (tributacion === 'alava') return 'araba';
  if (tributacion === 'vizcaya') return 'bizkaia';
  if (tributacion === 'guipuzcoa') return 'gipuzkoa';
  return null;
}

/** The electronic invoicing types that make an issued invoice a TicketBAI file (`lroe`: Bizkaia, through the LROE). */
export const usaTicketBai = (tipoFacturaElectronica: string | null | undefined) =>
  tipoFacturaElectronica === 'tbai' || tipoFacturaElectronica === 'lroe';

/** XAdES-EPES signature policy of each province (compliance-es-2.md a: SigPolicyId, SHA-256 digest in base64). */
export const POLITICAS_FIRMA: Record<ProvinciaTbai, { identificador: string; huella: string }> = {
  araba: {
    identificador: 'https://ticketbai.araba.eus/tbai/sinadura/',
    huella: '4Vk3uExj7tGn9DyUCPDsV9HRmK6KZfYdRiW3StOjcQA=',
  },
  bizkaia: {
    identificador:
      'https://www.batuz.eus/fitxategiak/batuz/ticketbai/sinadura_elektronikoaren_zehaztapenak_especificaciones_de_la_firma_electronica_v1_1.pdf',
    huella: 'K2baIY0fk8jbkPHkffk5F5C46O5VuzDwH21dAovjVRs=',
  },
  gipuzkoa: {
    identificador: 'https://www.gipuzkoa.eus/ticketbai/sinadura',
    huella: 'vSe1CH7eAFVkGN0X2Y7Nl9XGUoBnziDA5BGUSsyt8mg=',
  },
};

/** QR base URLs (the CRC covers the URL as written, so each keeps its exact form). */
export const HOSTS_QR_TBAI: Record<ProvinciaTbai, Record<EntornoTbai, string>> = {
  araba: {
    produccion: 'https://ticketbai.araba.eus/tbai/qrtbai/',
    pruebas: 'https://pruebas-ticketbai.araba.eus/tbai/qrtbai/',
  },
  bizkaia: { produccion: 'https://batuz.eus/QRTBAI/', pruebas: 'https://batuz.eus/QRTBAI/' },
  gipuzkoa: { produccion: 'https://tbai.egoitza.gipuzkoa.eus/qr/', pruebas: 'https://tbai.prep.gipuzkoa.eus/qr/' },
};

/** Submission endpoints: Araba and Gipuzkoa receive each TicketBAI file; Bizkaia receives them inside the LROE. */
export const ENDPOINTS_TBAI: Record<ProvinciaTbai, Record<EntornoTbai, { alta: string; anulacion: string }>> = {
  araba: {
    produccion: {
      alta: 'https://ticketbai.araba.eus/TicketBAI/v1/facturas/',
      anulacion: 'https://ticketbai.araba.eus/TicketBAI/v1/anulaciones/',
    },
    pruebas: {
      alta: 'https://pruebas-ticketbai.araba.eus/TicketBAI/v1/facturas/',
      anulacion: 'https://pruebas-ticketbai.araba.eus/TicketBAI/v1/anulaciones/',
    },
  },
  gipuzkoa: {
    produccion: {
      alta: 'https://tbai-z.egoitza.gipuzkoa.eus/sarrerak/alta',
      anulacion: 'https://tbai-z.egoitza.gipuzkoa.eus/sarrerak/baja',
    },
    pruebas: {
      alta: 'https://tbai-z.prep.gipuzkoa.eus/sarrerak/alta',
      anulacion: 'https://tbai-z.prep.gipuzkoa.eus/sarrerak/baja',
    },
  },
  bizkaia: {
    produccion: {
      alta: 'https://sarrerak.bizkaia.eus/N3B4000M/aurkezpena',
      anulacion: 'https://sarrerak.bizkaia.eus/N3B4000M/aurkezpena',
    },
    pruebas: {
      alta: 'https://pruesarrerak.bizkaia.eus/N3B4000M/aurkezpena',
      anulacion: 'https://pruesarrerak.bizkaia.eus/N3B4000M/aurkezpena',
    },
  },
};

/** Legend printed with the QR (the identifier goes on the line above the symbol). */
export const LEYENDA_TBAI = 'TicketBAI';

// ---------------------------------------------------------------------------------------------------------------
// CRC-8 (poly 0x07, init 0, no reflection, no final XOR: CRC-8/SMBUS), over the UTF-8 bytes.

const TABLA_CRC8 = (() => {
  const t = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let b = 0; b < 8; b++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
    t[i] = c;
  }
  return t;
})();

export function crc8(texto: string): number {
  let crc = 0;
  for (const byte of new TextEncoder().encode(texto)) crc = TABLA_CRC8[(crc ^ byte) & 0xff]!;
  return crc;
}

/** The CRC written as TicketBAI prints it: three decimal digits, zero-padded. */
export const crc8Texto = (texto: string) => String(crc8(texto)).padStart(3, '0');

// ---------------------------------------------------------------------------------------------------------------

/** dd-mm-yyyy (or yyyy-mm-dd) → DDMMAA. */
function fechaCorta(fecha: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(fecha);
  if (iso) return `${iso[3]}${iso[2]}${iso[1]!.slice(2)}`;
  const es = /^(\d{2})-(\d{2})-(\d{4})$/.exec(fecha);
  if (es) return `${es[1]}${es[2]}${es[3]!.slice(2)}`;
  throw new Error(`Fecha no válida para el identificador TicketBAI: ${fecha}`);
}

/** yyyy-mm-dd → dd-mm-yyyy (TicketBAI's FechaType). */
export function fechaTbai(fecha: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(fecha);
  return iso ? `${iso[3]}-${iso[2]}-${iso[1]}` : fecha;
}

/**
 * TBAI identifier (39 characters): `TBAI-` NIF `-` DDMMAA `-` first 13 characters of the SignatureValue `-` CRC-8
 * of the preceding 36 characters.
 */
export function identificadorTbai(nif: string, fechaExpedicion: string, signatureValue: string): string {
  const firma = signatureValue.replace(/\s+/g, '').slice(0, 13);
  const base = `TBAI-${nif.toUpperCase()}-${fechaCorta(fechaExpedicion)}-${firma}-`;
  return base + crc8Texto(base);
}

/** Checks the length and the CRC of an identifier. */
export function identificadorTbaiValido(id: string): boolean {
  return id.length === 39 && /^TBAI-.{9}-\d{6}-.{13}-\d{3}$/.test(id) && crc8Texto(id.slice(0, 36)) === id.slice(36);
}

export interface DatosQrTbai {
  identificador: string;
  serie: string | null;
  numero: string;
  /** Total amount with VAT, written as in ImporteTotalFactura. */
  importe: string;
}

/** The QR URL: base `?id=…&s=…&nf=…&i=…` then `&cr=` the CRC-8 of everything before it (values URL-encoded). */
export function urlQrTbai(base: string, d: DatosQrTbai): string {
  const sinCrc =
    `${base}?id=${encodeURIComponent(d.identificador)}&s=${encodeURIComponent(d.serie ?? '')}` +
    `&nf=${encodeURIComponent(d.numero)}&i=${encodeURIComponent(d.importe)}`;
  return `${sinCrc}&cr=${crc8Texto(sinCrc)}`;
}

export const urlQrTbaiDe = (provincia: ProvinciaTbai, entorno: EntornoTbai, d: DatosQrTbai) =>
  urlQrTbai(HOSTS_QR_TBAI[provincia][entorno], d);

// ---------------------------------------------------------------------------------------------------------------
// Keys: the invoice's breakdown line → TicketBAI's DesgloseFactura.

/** ClaveRegimenIvaOpTrascendencia used by Faro (XSD enumeration IdOperacionesTrascendenciaTributariaType). */
export const CLAVES_TBAI = {
  '01': 'Operación de régimen general',
  '02': 'Exportación',
  '51': 'Operaciones en recargo de equivalencia',
} as const;
export type ClaveTbai = keyof typeof CLAVES_TBAI;

export type CausaExencionTbai = 'E1' | 'E2' | 'E3' | 'E4' | 'E5' | 'E6';
export type CausaNoSujetaTbai = 'OT' | 'RL' | 'VT' | 'IE';

export type LineaDesgloseTbai =
  | { tipo: 'exenta'; causa: CausaExencionTbai; base: string }
  | { tipo: 'nosujeta'; causa: CausaNoSujetaTbai; importe: string }
  | {
      tipo: 'noexenta';
      /** S1 ordinary, S2 reverse charge (inversión del sujeto pasivo). */
      clase: 'S1' | 'S2';
      base: string;
      tipoImpositivo: string;
      cuota: string;
      tipoRecargo?: string;
      cuotaRecargo?: string;
    };

/** A breakdown line as the sales invoice stores it (`documentos_venta.desglose`). */
export interface DesgloseVenta {
  Base: string;
  PorcentajeIva: string;
  Cuota: string;
  PorcentajeRecargo?: string | null;
  CuotaRecargo?: string | null;
  Exencion?: string | null;
}

const esCero = (v: string | null | undefined) => !v || Number(v) === 0;
const EXENTAS = new Set(['E1', 'E2', 'E3', 'E4', 'E5', 'E6']);

/**
 * Maps the invoice's breakdown onto TicketBAI: E1–E6 exempt; N1/N2 (and 'OT'/'RL') not subject; S2 reverse charge;
 * the rest S1 with its rate (and equivalence surcharge). Zero-rated exports/intra-EU sales become E2/E5.
 */
export function desgloseTbai(desglose: readonly DesgloseVenta[], regimen: string | null): LineaDesgloseTbai[] {
  return desglose.map((d): LineaDesgloseTbai => {
    const causa = d.Exencion?.trim().toUpperCase() ?? '';
    if (EXENTAS.has(causa)) return { tipo: 'exenta', causa: causa as CausaExencionTbai, base: d.Base };
    if (causa === 'E7' || causa === 'E8') return { tipo: 'exenta', causa: 'E6', base: d.Base };
    if (causa === 'N1' || causa === 'OT') return { tipo: 'nosujeta', causa: 'OT', importe: d.Base };
    if (causa === 'N2' || causa === 'RL') return { tipo: 'nosujeta', causa: 'RL', importe: d.Base };
    if (causa === 'S2')
      return { tipo: 'noexenta', clase: 'S2', base: d.Base, tipoImpositivo: d.PorcentajeIva || '0', cuota: '0' };
    if (esCero(d.Cuota) && esCero(d.PorcentajeIva)) {
      if (regimen === 'exportacion') return { tipo: 'exenta', causa: 'E2', base: d.Base };
      if (regimen === 'intracomunitario') return { tipo: 'exenta', causa: 'E5', base: d.Base };
    }
    return {
      tipo: 'noexenta',
      clase: 'S1',
      base: d.Base,
      tipoImpositivo: d.PorcentajeIva,
      cuota: d.Cuota,
      ...(esCero(d.CuotaRecargo) ? {} : { tipoRecargo: d.PorcentajeRecargo ?? '0', cuotaRecargo: d.CuotaRecargo! }),
    };
  });
}

/**
 * The invoice's key: 02 for exports, else 01 (general regime — a sale to a customer in equivalence surcharge is
 * still 01 with TipoRecargoEquivalencia; 51 is for an issuer who is itself in that regime).
 */
export function clavesTbai(regimen: string | null): ClaveTbai[] {
  return regimen === 'exportacion' ? ['02'] : ['01'];
}

/** Submission states (spec section 4), with their Spanish labels. */
export const ESTADOS_TBAI = {
  generado: 'Generado',
  enviado: 'Enviado',
  conerrores: 'Aceptado con errores',
  rechazado: 'Rechazado',
  anulado: 'Anulado',
} as const;
export type EstadoTbai = keyof typeof ESTADOS_TBAI;
