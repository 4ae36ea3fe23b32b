import type { PermissionCode, PermissionLevel } from '../permissions/codes.ts';
import type { Rol, TipoCuenta, TipoFacturaElectronica, Tributacion } from './roles.ts';

/** Module activation flags of the company context (spec section 3). */
export const MODULE_FLAGS = {
  ActPresupuestos: 'Presupuestos',
  ActPedidos: 'Pedidos de venta',
  ActAlbaranes: 'Albaranes de venta',
  ActFactRecurrentes: 'Facturas recurrentes',
  ActVentasSimplificadas: 'Facturas simplificadas',
  ActPedidosCompra: 'Pedidos de compra',
  ActAlbaranesCompra: 'Albaranes de compra',
  ActComprasRecurrentes: 'Facturas de compra recurrentes',
  ActStock: 'Stock y almacenes',
  ActComerciales: 'Comerciales',
  ActCuentaContable: 'Cuenta contable',
  ActCrm: 'CRM',
  ActPortalCliente: 'Portal del cliente',
} as const;
export type ModuleFlag = keyof typeof MODULE_FLAGS;
export const MODULE_FLAG_LIST = Object.keys(MODULE_FLAGS) as ModuleFlag[];

export interface Centro {
  Val: string;
  Desc: string;
}

/** Student enrolment (spec section 3): Codigo, CodAlumno, Desc. */
export interface Matricula {
  Codigo: string;
  CodAlumno: string;
  Desc: string;
}

/** GET /api/usuarios/usuario/infoempre: the whole company context for the token's company and user. */
export interface InfoEmpresa {
  IdEmpresa: number;
  CodigoEmpresa: string;
  NombreUsuario: string;
  UserName: string;
  NombreEmpresa: string;
  NIF: string;
  Propietario: boolean;
  EntidadPruebas: boolean;
  /** AUES activation flag: 1 on, 0 off. */
  ActAues: 0 | 1;
  Roles: Rol[];
  /** Features denied to the whole company, plus those denied in the current centre (spec section 6). */
  Denegados: PermissionCode[];
  /** Features denied per centre, by centre code (Val). */
  DenegadosCentro: Record<string, PermissionCode[]>;
  /** The user's level for every permission code (already combined with the denials of the company). */
  Permisos: Record<PermissionCode, PermissionLevel>;
  Centros: Centro[];
  DecimalesRedondeo: number;
  DigitosContables: number;
  CuentaCompras: string;
  CuentaGastos: string;
  CuentaVentasProductos: string;
  CuentaVentasServicios: string;
  Modulos: Record<ModuleFlag, boolean>;
  TipoCuenta: TipoCuenta;
  TipoFacturaElectronica: TipoFacturaElectronica;
  Tributacion: Tributacion;
  RecargoEquivalencia: boolean;
  DireccionEnvioDefecto: boolean;
  VersionApi: string;
  VersionApiVentas: string;
  RecursosRestringidos: string[];
  CondicionesAceptadas: boolean;
  CodigoEmpleado: string;
  FichajeActivo: boolean;
  SoloFichaje: boolean;
  /**
   * The companies the user belongs to (the change-company list). `Relacion`: 'asesoria' is the user's advisory firm,
   * 'cliente' a company they serve as its adviser; absent for their own companies.
   */
  Empresas: { Id: number; Codigo: string; Nombre: string; Relacion?: 'asesoria' | 'cliente' }[];
  /** Current time-clock state of the user ('' when none yet). */
  EstadoFichaje: '' | 'e' | 's' | 'p' | 'r';
  /** A student's own enrolments, a tutor's students' enrolments; [] for everyone else. */
  Matriculas: Matricula[];
  /** The product version (the newest of admversiones); its release notes at usuario/versionproducto. */
  VersionProducto: string;
}

/** Effective level of a feature in a centre: denials win over the user's level. */
export function levelIn(
  ctx: Pick<InfoEmpresa, 'Permisos' | 'Denegados' | 'DenegadosCentro'>,
  code: PermissionCode,
  centro?: string,
): PermissionLevel {
  if (ctx.Denegados.includes(code)) return 0;
  if (centro && ctx.DenegadosCentro[centro]?.includes(code)) return 0;
  return ctx.Permisos[code] ?? 0;
}
