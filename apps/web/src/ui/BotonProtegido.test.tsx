import {
  MODULE_FLAG_LIST,
  type ModuleFlag,
  PERMISSION_CODE_LIST,
  type PermissionCode,
  type PermissionLevel,
} from '@faro/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, renderUi } from '../test/render.tsx';
import { BotonProtegido } from './BotonProtegido.tsx';

const niveles = (nivel: PermissionLevel) =>
  Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, nivel])) as Record<PermissionCode, PermissionLevel>;

const MODULOS = Object.fromEntries(MODULE_FLAG_LIST.map((m) => [m, true])) as Record<ModuleFlag, boolean>;

function pintar(nivel: PermissionLevel, props: Partial<Parameters<typeof BotonProtegido>[0]> = {}, over = {}) {
  const onClick = vi.fn();
  renderUi(
    <BotonProtegido permiso="ImptoEmit" onClick={onClick} {...props}>
      Guardar borrador
    </BotonProtegido>,
    { session: fakeSession({ Permisos: niveles(nivel), ...over }) },
  );
  return onClick;
}

describe('BotonProtegido: an action the level does not allow is disabled with its reason or hidden', () => {
  it('a level that allows it gets a plain working button', () => {
    const onClick = pintar(2);
    const boton = screen.getByRole('button', { name: 'Guardar borrador' });
    expect(boton.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(boton);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('read-only: disabled but focusable, the reason read out and shown on focus; a click does nothing', async () => {
    const onClick = pintar(1);
    const boton = screen.getByRole('button', { name: 'Guardar borrador' });
    expect(boton.getAttribute('aria-disabled')).toBe('true');
    expect(boton.hasAttribute('disabled')).toBe(false);
    const motivo = 'No tienes permiso para modificar en «Facturas emitidas (impuestos)»: tu nivel es «Consultar»';
    expect(boton.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(boton.getAttribute('aria-describedby')!)?.textContent).toBe(motivo);
    fireEvent.click(boton);
    expect(onClick).not.toHaveBeenCalled();
    boton.focus();
    expect(document.activeElement).toBe(boton);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(motivo));
  });

  it('deleting needs level 3; a level 2 user is told so', () => {
    pintar(2, { accion: 'borrar' });
    const boton = screen.getByRole('button', { name: 'Guardar borrador' });
    expect(document.getElementById(boton.getAttribute('aria-describedby')!)?.textContent).toContain(
      'para eliminar en «Facturas emitidas (impuestos)»: tu nivel es «Consultar, crear y modificar»',
    );
  });

  it('ocultar: not on screen at all without the level', () => {
    pintar(1, { ocultar: true });
    expect(screen.queryByRole('button', { name: 'Guardar borrador' })).toBeNull();
  });

  it('a feature denied in the centre counts as no access', () => {
    pintar(3, {}, { DenegadosCentro: { C1: ['ImptoEmit'] } });
    const boton = screen.getByRole('button', { name: 'Guardar borrador' });
    expect(document.getElementById(boton.getAttribute('aria-describedby')!)?.textContent).toContain('no tienes acceso');
  });

  it('another reason (the record state) disables an allowed action the same way', () => {
    const onClick = pintar(3, { motivo: 'La declaración ya está presentada' });
    const boton = screen.getByRole('button', { name: 'Guardar borrador' });
    expect(boton.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(boton.getAttribute('aria-describedby')!)?.textContent).toBe(
      'La declaración ya está presentada',
    );
    fireEvent.click(boton);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a module switched off: the module flag zeroes the level', () => {
    pintar(3, { permiso: 'VentasCrmOport', modulo: 'ActCrm' }, { Modulos: { ...MODULOS, ActCrm: false } });
    expect(screen.getByRole('button', { name: 'Guardar borrador' }).getAttribute('aria-disabled')).toBe('true');
  });
});
