import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, ROLE_CHOICES, ROLES } from '../session/roles.ts';
import { LEVEL_FOR_ACTION, PERMISSION_CODE_LIST } from './codes.ts';

/** Spec section 6, copied from the spec: the codes, roles, account types and levels are requirements. */
const SPEC_CODES =
  'AlumnoMatriculas, ConfEmpresa, ConClientes, ConProveedores, CursoCursos, CataTarifa, CursoHorario, VentasPresup, VentasPedi, VentasAlba, VentasFact, AlumnoCargosCobros, VentasRecurr, ImptoEmit, VentasVeriFactu, TesoMovsCajaBanco, VentasCrmOport, MarketCorreos, CataProdServ, CataFamilia, CataAlmacen, ComprasPedi, ComprasAlba, ComprasFact, ComprasRecurr, ImptoRecib, PersEmple, PersComercial, PersProfe, TesoRemesa, TesoArqueo, ExamCalendario, ExamTasas, ExamAues, AlumnosMatriculas, ClieAlumnoSaldo, ClieFacturas, ClieAlumnoExped, ClieContratos'.split(
    ', ',
  );

describe('roles and permissions of spec section 6', () => {
  it('every permission code gating the menu is registered', () => {
    expect(SPEC_CODES).toHaveLength(39);
    expect(SPEC_CODES.filter((c) => !(PERMISSION_CODE_LIST as string[]).includes(c))).toEqual([]);
  });

  it('roles, account types and the UI role choice list', () => {
    expect([...ROLES]).toEqual([
      'admin',
      'asesoria',
      'usuario',
      'empleado',
      'profesor',
      'alumno',
      'tutor',
      'reghorario',
    ]);
    expect([...ACCOUNT_TYPES]).toEqual(['general', 'academia', 'asesoria', 'autoescuela', 'odontologia']);
    // no access, time clock, user, employee, advisory, teacher
    expect(ROLE_CHOICES.map((c) => c.value)).toEqual(['', 'reghorario', 'usuario', 'empleado', 'asesoria', 'profesor']);
  });

  it('levels: 1 list, 2 create/edit, 3 delete', () => {
    expect(LEVEL_FOR_ACTION).toEqual({ list: 1, create: 2, update: 2, delete: 3 });
  });
});
