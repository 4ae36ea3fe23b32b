import { PERMISSION_CODE_LIST, PERMISSION_CODES } from '@faro/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderCampo } from '../../test/render.tsx';
import { PermissionMatrix, sectionOf } from './PermissionMatrix.tsx';

function setup(value: unknown, readOnly = false) {
  const { onChange, container } = renderCampo(PermissionMatrix, {
    name: 'Permisos',
    def: { kind: 'json', label: 'Permisos' },
    value,
    readOnly,
  });
  return { onChange, container };
}

describe('permission matrix editor of usuarios/roles (levels 0–3 per code)', () => {
  it('one readable row per permission code of the spec, grouped by area', () => {
    const { container } = setup({ VentasFact: 2 });
    for (const code of PERMISSION_CODE_LIST) expect(screen.getByText(code)).toBeTruthy();
    expect(container.querySelectorAll('tbody .mantine-SegmentedControl-root')).toHaveLength(
      PERMISSION_CODE_LIST.length,
    );
    expect(sectionOf('VentasFact')).toBe('Ventas');
    expect(sectionOf('ConfEmpresa')).toBe('Configuración');
    expect(sectionOf('ConClientes')).toBe('Contactos');
    expect(sectionOf('ClieFacturas')).toBe('Portal del alumno');
    expect(screen.getAllByText('Ventas').length).toBeGreaterThan(0);
  });

  it('changing a level keeps the others; "Todos a" sets every code', () => {
    const { onChange } = setup({ VentasFact: 2, ConClientes: 3 });
    const row = screen.getByText('VentasFact').closest('tr')!;
    const three = Array.from(row.querySelectorAll('label')).find((l) => l.textContent === '3 Eliminar')!;
    fireEvent.click(three);
    expect(onChange).toHaveBeenLastCalledWith({ VentasFact: 3, ConClientes: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Sin acceso' }));
    const all = onChange.mock.lastCall![0] as Record<string, number>;
    expect(Object.keys(all).sort()).toEqual([...PERMISSION_CODE_LIST].sort());
    expect(new Set(Object.values(all))).toEqual(new Set([0]));
  });

  it('read-only shows no bulk buttons', () => {
    setup({}, true);
    expect(screen.queryByRole('button', { name: 'Sin acceso' })).toBeNull();
    expect(screen.getByText(PERMISSION_CODES.VentasFact)).toBeTruthy();
  });
});
