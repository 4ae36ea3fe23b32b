import { ENTITIES } from '@faro/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { ContactosInput, DireccionesEnvioInput, setCell } from './JsonListInput.tsx';

describe('json list inputs (contact people, shipping addresses)', () => {
  it('keeps one default shipping address', () => {
    const col = { key: 'Defecto', label: 'Por defecto', kind: 'boolean' as const, single: true };
    const list = [{ Defecto: true }, { Defecto: false }];
    expect(setCell(list, 1, col, true)).toEqual([{ Defecto: false }, { Defecto: true }]);
    expect(setCell(list, 0, col, false)).toEqual([{ Defecto: false }, { Defecto: false }]);
  });

  it('adds, edits and removes contact people', () => {
    const onChange = vi.fn();
    const props = {
      name: 'Contactos',
      def: ENTITIES.clientes.fields.Contactos,
      onBlur: () => {},
      error: null,
      readOnly: false,
    };
    const first = renderUi(<ContactosInput {...props} value={null} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(onChange).toHaveBeenLastCalledWith([{ Nombre: '', Cargo: '', Email: '', Telefono: '' }]);
    first.unmount();
    renderUi(<ContactosInput {...props} value={[{ Nombre: 'Ana', Cargo: null }]} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Cargo 1'), { target: { value: 'Gerente' } });
    expect(onChange).toHaveBeenLastCalledWith([{ Nombre: 'Ana', Cargo: 'Gerente' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar 1' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('shows shipping addresses with their columns', () => {
    renderUi(
      <DireccionesEnvioInput
        name="DireccionesEnvio"
        def={ENTITIES.clientes.fields.DireccionesEnvio}
        value={[{ Direccion: 'Calle Mayor 1', Defecto: true }]}
        onChange={() => {}}
        onBlur={() => {}}
        error={null}
        readOnly
      />,
    );
    expect(screen.getByDisplayValue('Calle Mayor 1')).toBeTruthy();
    expect((screen.getByLabelText('Por defecto 1') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Añadir' })).toBeNull();
  });
});
