import { z } from 'zod';
import type { ModuleFlag } from '../session/companyContext.ts';
import { ACCOUNT_TYPES, type TipoCuenta } from '../session/roles.ts';
import { isValidIban, normalizeIban } from '../validation/iban.ts';
import { MSG } from '../validation/messages.ts';
import { newPasswordSchema, requiredString } from '../validation/password.ts';
import { PATTERNS } from '../validation/patterns.ts';
import { htmlATexto } from '../validation/richText.ts';
import { checkTaxId } from '../validation/taxId.ts';

/** Platform administration, advisory firms and contracting: rules both sides need. */

export interface PlanSuscripcion {
  Codigo: string;
  Nombre: string;
  /** Monthly fee in euros (VAT not included). */
  PrecioMes: number;
  Usuarios: number;
  Centros: number;
  Modulos: readonly ModuleFlag[];
}

export const PLANES: readonly PlanSuscripcion[] = [
  { Codigo: 'basico', Nombre: 'Básico', PrecioMes: 19, Usuarios: 1, Centros: 1, Modulos: ['ActPresupuestos'] },
  {
    Codigo: 'profesional',
    Nombre: 'Profesional',
    PrecioMes: 39,
    Usuarios: 3,
    Centros: 2,
    Modulos: ['ActPresupuestos', 'ActPedidos', 'ActAlbaranes', 'ActStock', 'ActFactRecurrentes'],
  },
  {
    Codigo: 'empresa',
    Nombre: 'Empresa',
    PrecioMes: 79,
    Usuarios: 10,
    Centros: 5,
    Modulos: [
      'ActPresupuestos',
      'ActPedidos',
      'ActAlbaranes',
      'ActStock',
      'ActFactRecurrentes',
      'ActPedidosCompra',
      'ActAlbaranesCompra',
      'ActComprasRecurrentes',
      'ActComerciales',
      'ActCrm',
    ],
  },
];
export const PLAN_CODIGOS = PLANES.map((p) => p.Codigo) as [string, ...string[]];
export const planDe = (codigo: string): PlanSuscripcion | undefined => PLANES.find((p) => p.Codigo === codigo);
/** Plans are ordered by price: a higher index is an upgrade (now), a lower one a downgrade (at period end). */
export const esMejora = (actual: string, nuevo: string): boolean =>
  PLANES.findIndex((p) => p.Codigo === nuevo) > PLANES.findIndex((p) => p.Codigo === actual);

export const TIPOS_CUENTA_TEXTO: Record<TipoCuenta, string> = {
  general: 'General',
  academia: 'Academia',
  asesoria: 'Asesoría',
  autoescuela: 'Autoescuela',
  odontologia: 'Clínica dental',
};

/** Alert priorities of the spec (section 4): a high, m medium, b low, i info. */
export const PRIORIDADES_AVISO = { a: 'Alta', m: 'Media', b: 'Baja', i: 'Informativa' } as const;
export type PrioridadAviso = keyof typeof PRIORIDADES_AVISO;

/** Delegated levels of an advisory firm in its clients (the permission levels of section 6). */
export const NIVELES_ASESORIA = { 1: 'Consulta', 2: 'Consulta y edición', 3: 'Completo (también borrar)' } as const;

export const ESPECIALIDADES_ASESORIA = ['Fiscal', 'Contable', 'Laboral', 'Mercantil', 'Jurídica'] as const;

/** A video tutorial as the administrators keep it (`admvideoscont`): its category, link and who sees it. */
export interface VideoTutorial {
  IdCategoria: number;
  Titulo: string;
  Descripcion: string;
  Url: string;
  TiposCuenta: string[];
  Orden: number;
  Baja: boolean;
}

/** Placeholders of the contract template, filled with the company's data. */
export const MARCADORES_CONTRATO = [
  'NombreEmpresa',
  'NIF',
  'Direccion',
  'Titular',
  'Email',
  'Plan',
  'PrecioMes',
  'ReferenciaMandato',
  'Fecha',
] as const;
export type DatosContrato = Record<(typeof MARCADORES_CONTRATO)[number], string>;

/** Fills `{{Marcador}}` placeholders (HTML-escaped values; unknown placeholders stay as they are). */
export function rellenarContrato(plantilla: string, datos: DatosContrato): string {
  const esc = (s: string) =>
    s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  return plantilla.replace(/\{\{(\w+)\}\}/g, (all, k: string) =>
    k in datos ? esc(datos[k as keyof DatosContrato]) : all,
  );
}

/** The text of a rich-text (HTML) contract as paragraphs, for the PDF. */
export function textoPlano(html: string): string[] {
  return htmlATexto(html)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

const nif = (label: string) =>
  requiredString(label, 20).superRefine((v, ctx) => {
    const r = checkTaxId(v);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.reason === 'letra' ? MSG.taxIdLetter : MSG.format });
  });

/** registro/nuevacontratacion: account type and plan, company data, owner account, the fee's SEPA mandate. */
export const contratacionSchema = z.object({
  TipoCuenta: z.enum(ACCOUNT_TYPES, { error: MSG.required('Tipo de cuenta') }),
  Plan: z.enum(PLAN_CODIGOS, { error: MSG.required('Plan') }),
  NombreEmpresa: requiredString('Nombre de la empresa', 100),
  NIF: nif('NIF'),
  Direccion: requiredString('Dirección', 200),
  CodPostal: requiredString('Código postal', 5).regex(/^\d{5}$/, { error: MSG.format }),
  Poblacion: requiredString('Población', 100),
  Iban: requiredString('IBAN', 34).refine(isValidIban, { error: MSG.iban }).transform(normalizeIban),
  Nombre: requiredString('Nombre', 60),
  Apellido1: z.string().trim().max(60).optional().default(''),
  Email: requiredString('Email', 120).regex(PATTERNS.email, { error: MSG.format }),
  Usuario: requiredString('Usuario', 50)
    .min(3, { error: MSG.minLength('Usuario', 3) })
    .regex(PATTERNS.codigo, { error: MSG.format }),
  Password: newPasswordSchema('Contraseña'),
  AceptaCondiciones: z.literal(true, { error: 'Debes aceptar las condiciones para continuar' }),
});
export type Contratacion = z.infer<typeof contratacionSchema>;

/** Signature of the contract: the signer's typed name and the one-time code sent by e-mail. */
/** A signature drawn on screen: a PNG as a data URL (at most ~150 KB). */
export const FIRMA_DIBUJADA_MAX = 200_000;
export const firmaSchema = z.object({
  Firmante: requiredString('Nombre del firmante', 120),
  Codigo: requiredString('Código', 6).regex(/^\d{6}$/, { error: MSG.format }),
  /** Drawn signature (optional: the typed name is the keyboard alternative). */
  Trazo: z
    .string()
    .max(FIRMA_DIBUJADA_MAX, { error: 'La firma dibujada es demasiado grande' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: 'La firma dibujada no es una imagen PNG válida' })
    .optional(),
});

/** The SEPA mandate reference of a company's fee (unique per company, ≤ 35 characters). */
export const referenciaMandato = (codigoEmpresa: string, id: number): string =>
  `FARO-${codigoEmpresa}-${String(id).padStart(6, '0')}`.slice(0, 35);
