/**
 * The permission registry: every feature code of the spec (section 6) plus the codes this product adds for
 * its own administration screens. Levels: 0 none, 1 list, 2 list/create/edit, 3 list/create/edit/delete.
 */
export const PERMISSION_CODES = {
  AlumnoMatriculas: 'Matrículas de alumnos',
  ConfEmpresa: 'Configuración de la empresa',
  ConClientes: 'Clientes',
  ConProveedores: 'Proveedores',
  CursoCursos: 'Cursos',
  CataTarifa: 'Tarifas',
  CursoHorario: 'Horario',
  VentasPresup: 'Presupuestos',
  VentasPedi: 'Pedidos de venta',
  VentasAlba: 'Albaranes de venta',
  VentasFact: 'Facturas de venta',
  AlumnoCargosCobros: 'Cargos y cobros',
  VentasRecurr: 'Facturas recurrentes',
  ImptoEmit: 'Facturas emitidas (impuestos)',
  VentasVeriFactu: 'VeriFactu',
  TesoMovsCajaBanco: 'Movimientos de caja y banco',
  VentasCrmOport: 'Oportunidades CRM',
  MarketCorreos: 'Correos y SMS',
  CataProdServ: 'Productos y servicios',
  CataFamilia: 'Familias',
  CataAlmacen: 'Almacenes',
  ComprasPedi: 'Pedidos de compra',
  ComprasAlba: 'Albaranes de compra',
  ComprasFact: 'Facturas de compra y gastos',
  ComprasRecurr: 'Compras recurrentes',
  ImptoRecib: 'Facturas recibidas (impuestos)',
  PersEmple: 'Empleados',
  PersComercial: 'Comerciales',
  PersProfe: 'Profesores',
  TesoRemesa: 'Remesas',
  TesoArqueo: 'Arqueos',
  ExamCalendario: 'Calendario de exámenes',
  ExamTasas: 'Tasas DGT',
  ExamAues: 'Citas AUES',
  AlumnosMatriculas: 'Alumnos',
  ClieAlumnoSaldo: 'Saldo del alumno',
  ClieFacturas: 'Facturas del alumno',
  ClieAlumnoExped: 'Expediente del alumno',
  ClieContratos: 'Contratos del alumno',
  // Product additions (not in the spec's menu list): administration of the company itself.
  ConfUsuarios: 'Usuarios de la empresa',
  ConfRoles: 'Perfiles y permisos',
  ConfAuditoria: 'Auditoría',
  ConfCentros: 'Centros',
  // Dental practices: the clinical file (history, consents, odontogram) is special-category data (RGPD art. 9).
  OdonClinica: 'Historia clínica',
} as const;

export type PermissionCode = keyof typeof PERMISSION_CODES;
export const PERMISSION_CODE_LIST = Object.keys(PERMISSION_CODES) as PermissionCode[];

export type PermissionLevel = 0 | 1 | 2 | 3;
export const PERMISSION_LEVELS: Record<PermissionLevel, string> = {
  0: 'Sin acceso',
  1: 'Consultar',
  2: 'Consultar, crear y modificar',
  3: 'Consultar, crear, modificar y eliminar',
};

export type CrudAction = 'list' | 'create' | 'update' | 'delete';
/** The minimum level each generic action needs. */
export const LEVEL_FOR_ACTION = {
  list: 1,
  create: 2,
  update: 2,
  delete: 3,
} as const satisfies Record<CrudAction, PermissionLevel>;

export function isPermissionCode(value: string): value is PermissionCode {
  return Object.hasOwn(PERMISSION_CODES, value);
}
