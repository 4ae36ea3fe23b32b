import type { EntityRule, FieldIssue } from '../entities/defineEntity.ts';
import type { FieldDef } from '../fields/kinds.ts';

/**
 * How an issued invoice reaches each customer: the readable PDF by e-mail (the company's default), the AEAT's public
 * e-invoicing solution (SPFE, UBL under EN 16931), FACe for public bodies (Facturae 3.2.2 signed), a Peppol access
 * point, or an e-mail carrying the structured XML. The customer's `CanalEfactura` (null: the company's default) says
 * which; DIR3 units go with FACe and a Peppol participant id with Peppol.
 */
export const CANALES_EFACTURA = ['pdf_email', 'spfe', 'face', 'peppol', 'email_xml'] as const;
export type CanalEfactura = (typeof CANALES_EFACTURA)[number];

export const NOMBRES_CANAL_EFACTURA: Record<CanalEfactura, string> = {
  pdf_email: 'PDF por correo electrónico',
  spfe: 'Solución pública de la AEAT (SPFE)',
  face: 'FACe (administraciones públicas)',
  peppol: 'Red Peppol',
  email_xml: 'Correo electrónico con el XML',
};

export const OPCIONES_CANAL_EFACTURA = CANALES_EFACTURA.map((value) => ({
  value,
  label: NOMBRES_CANAL_EFACTURA[value],
}));

export function esCanalEfactura(v: unknown): v is CanalEfactura {
  return typeof v === 'string' && (CANALES_EFACTURA as readonly string[]).includes(v);
}

/** The channels that carry a structured invoice (the PDF-only one does not). */
export const canalEstructurado = (c: CanalEfactura) => c !== 'pdf_email';

export const MSG_CANAL_EFACTURA = {
  dir3: 'El código DIR3 tiene 9 caracteres: letras y cifras, como L01281965 o EA0008537',
  dir3Obligatorio: 'Para enviar por FACe indica la unidad DIR3',
  peppol: 'El identificador Peppol es esquema:identificador, como 0208:0123456789 o 9920:ESB12345678',
  peppolObligatorio: 'Para enviar por Peppol indica el identificador Peppol del cliente',
} as const;

/** A DIR3 code (oficina contable, órgano gestor, unidad tramitadora): 9 characters, a letter first. */
export const esCodigoDir3 = (v: string) => /^[A-Z][A-Z0-9]{8}$/.test(v) && /\d/.test(v);
/** A Peppol participant id: a 4-digit ICD scheme (0208, 9920, 0088…) and the id within it. */
export const esIdPeppol = (v: string) => /^\d{4}:[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/.test(v);

export const SECCION_EFACTURA = 'Factura electrónica';
const S = SECCION_EFACTURA;

const dir3 = (label: string): FieldDef => ({ kind: 'code', label, maxLength: 9, section: S });

/** The customer's e-invoicing fields (columns `canal_efactura`, `peppol_id`, `dir3_*`, `efactura_sin_pdf`). */
export const camposEfacturaCliente = {
  CanalEfactura: {
    kind: 'enum',
    label: 'Canal de factura electrónica',
    options: OPCIONES_CANAL_EFACTURA,
    help: 'Vacío: el canal por defecto de la empresa',
    section: S,
  },
  PeppolId: { kind: 'text', label: 'Identificador Peppol', maxLength: 55, help: 'Esquema:identificador', section: S },
  Dir3OficinaContable: dir3('DIR3 oficina contable'),
  Dir3OrganoGestor: dir3('DIR3 órgano gestor'),
  Dir3UnidadTramitadora: dir3('DIR3 unidad tramitadora'),
  EfacturaSinPdf: {
    kind: 'boolean',
    label: 'No enviar el PDF con la factura electrónica',
    help: 'Durante los primeros 12 meses el PDF legible acompaña a la factura salvo que el cliente renuncie',
    section: S,
  },
} as const satisfies Record<string, FieldDef>;

/** The fields a channel needs shown (DIR3 for FACe, the Peppol id for Peppol); the rest stay hidden. */
export function camposDelCanal(canal: unknown): string[] {
  if (canal === 'face') return ['Dir3OficinaContable', 'Dir3OrganoGestor', 'Dir3UnidadTramitadora'];
  if (canal === 'peppol') return ['PeppolId'];
  return [];
}

const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The customer's channel and its codes: DIR3 codes and the Peppol id well formed, and present when the channel needs them. */
export const reglaCanalEfactura: EntityRule = (values) => {
  const issues: FieldIssue[] = [];
  const canal = values.CanalEfactura;
  for (const campo of ['Dir3OficinaContable', 'Dir3OrganoGestor', 'Dir3UnidadTramitadora']) {
    const v = texto(values[campo]).toUpperCase();
    if (v && !esCodigoDir3(v)) issues.push({ Campo: campo, Mensaje: MSG_CANAL_EFACTURA.dir3 });
    else if (!v && canal === 'face') issues.push({ Campo: campo, Mensaje: MSG_CANAL_EFACTURA.dir3Obligatorio });
  }
  const peppol = texto(values.PeppolId);
  if (peppol && !esIdPeppol(peppol)) issues.push({ Campo: 'PeppolId', Mensaje: MSG_CANAL_EFACTURA.peppol });
  else if (!peppol && canal === 'peppol')
    issues.push({ Campo: 'PeppolId', Mensaje: MSG_CANAL_EFACTURA.peppolObligatorio });
  return issues;
};
