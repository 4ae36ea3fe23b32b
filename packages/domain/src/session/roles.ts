import { enumOptions } from '../fields/enumOptions.ts';
export const ROLES = ['admin', 'asesoria', 'usuario', 'empleado', 'profesor', 'alumno', 'tutor', 'reghorario'] as const;
export type Rol = (typeof ROLES)[number];

export const ACCOUNT_TYPES = ['general', 'academia', 'asesoria', 'autoescuela', 'odontologia'] as const;
export type TipoCuenta = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS = {
  general: 'General',
  academia: 'Academia',
  asesoria: 'Asesoría',
  autoescuela: 'Autoescuela',
  odontologia: 'Odontología',
} as const satisfies Record<TipoCuenta, string>;

/** The role choice list the UI offers (spec section 6), value → label. */
export const ROLE_CHOICES = enumOptions({
  '': 'Sin acceso',
  reghorario: 'Registro horario',
  usuario: 'Usuario',
  empleado: 'Empleado',
  asesoria: 'Asesoría',
  profesor: 'Profesor',
});

export const ROLE_LABELS = {
  admin: 'Administrador',
  asesoria: 'Asesoría',
  usuario: 'Usuario',
  empleado: 'Empleado',
  profesor: 'Profesor',
  alumno: 'Alumno',
  tutor: 'Tutor',
  reghorario: 'Registro horario',
} as const satisfies Record<Rol, string>;

export const E_INVOICING_TYPES = ['tbai', 'lroe', 'verifactu', ''] as const;
export type TipoFacturaElectronica = (typeof E_INVOICING_TYPES)[number];

/** Tax regimes of spec section 9. */
export const TRIBUTACIONES = {
  peninsula: 'Península y Baleares (IVA, VeriFactu)',
  alava: 'Álava (IVA, TicketBai)',
  guipuzcoa: 'Guipúzcoa (IVA, TicketBai)',
  vizcaya: 'Vizcaya (IVA, TicketBai y LROE)',
  navarra: 'Navarra (IVA)',
  canarias: 'Canarias (IGIC, VeriFactu)',
  ceuta: 'Ceuta (IPSI, VeriFactu)',
  melilla: 'Melilla (IPSI, VeriFactu)',
} as const;
export type Tributacion = keyof typeof TRIBUTACIONES;
