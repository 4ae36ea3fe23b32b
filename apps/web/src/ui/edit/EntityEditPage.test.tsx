import { ENTITIES, MSG } from '@faro/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EntityScreen } from '../../app/entityScreens.ts';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';

const row = { Id: 3, Val: 'C1', Desc: 'Central', Direccion: '', Telefono: '', Denegados: ['VentasFact'], Baja: false };

function setup(segments: string[], routes: Parameters<typeof mockFetch>[0] = {}) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({ 'GET configuracion/centros/edit/3': () => json(200, row), ...routes });
  renderUi(<EntityScreen entity={ENTITIES.centros} segments={segments} />, { session: fakeSession() });
  return net;
}

describe('generic edit screen (centros)', () => {
  it('saving an unchanged form shows "No hay cambios para guardar"', async () => {
    const { calls } = setup(['editar', '3']);
    expect(await screen.findByDisplayValue('Central')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.noChanges)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('an invalid form marks the fields and shows "Revisa los errores del formulario"', async () => {
    setup(['nuevo']);
    expect(screen.queryByText('Código es obligatorio')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Código es obligatorio')).toBeTruthy();
    expect(screen.getByText('Nombre es obligatorio')).toBeTruthy();
    expect((await screen.findAllByText(MSG.formInvalid)).length).toBeGreaterThan(0);
  });

  it('shows length and pattern messages with the field label', async () => {
    setup(['nuevo']);
    const code = await screen.findByLabelText(/^Código/);
    fireEvent.change(code, { target: { value: 'ABCDEFGHIJK$' } });
    expect(await screen.findByText('Código debe contener máximo 10 caracteres')).toBeTruthy();
    expect(screen.getByText('El formato es incorrecto')).toBeTruthy();
  });

  it('puts server 400 errors under their fields', async () => {
    setup(['editar', '3'], {
      'PUT configuracion/centros/save/3': () =>
        json(400, {
          Mensaje: MSG.formInvalid,
          Errores: [{ Campo: 'Val', Mensaje: 'Ya existe un centro con ese código' }],
        }),
    });
    fireEvent.change(await screen.findByDisplayValue('Central'), { target: { value: 'Central 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const error = await screen.findByText('Ya existe un centro con ese código');
    expect(
      screen
        .getByLabelText(/^Código/)
        .closest('.mantine-InputWrapper-root')
        ?.contains(error),
    ).toBe(true);
  });

  it('saves the writable fields', async () => {
    const { calls } = setup(['editar', '3'], {
      'PUT configuracion/centros/save/3': (init) => json(200, { ...row, ...JSON.parse(String(init.body)) }),
    });
    fireEvent.change(await screen.findByDisplayValue('Central'), { target: { value: 'Sede central' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Los datos se han guardado correctamente')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({
      Val: 'C1',
      Desc: 'Sede central',
      Direccion: '',
      Telefono: '',
      Denegados: ['VentasFact'],
      Baja: false,
    });
  });

  it('shows the fields a record marks read-only (SoloLectura) as read-only, with the reason', async () => {
    const motivo =
      'Este usuario pertenece también a otras empresas o es asesor: sus datos personales solo los puede cambiar él mismo';
    setup(['editar', '3'], {
      'GET configuracion/centros/edit/3': () =>
        json(200, { ...row, SoloLectura: { Campos: ['Desc'], Motivo: motivo } }),
    });
    const desc = (await screen.findByDisplayValue('Central')) as HTMLInputElement;
    expect(desc.readOnly).toBe(true);
    expect((screen.getByDisplayValue('C1') as HTMLInputElement).readOnly).toBe(false);
    expect(screen.getByTestId('solo-lectura').textContent).toBe(motivo);
  });
});

describe('generic list screen', () => {
  it('lists rows with links, total and the Baja filter in the call', async () => {
    const { calls } = setup(['lista'], {
      'GET configuracion/centros/list': () => json(200, { Items: [row], Total: 10000, TotalLimitado: true }),
    });
    expect(await screen.findByRole('link', { name: 'Central' })).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('10.000+');
    const list = calls.find((c) => c.path === 'configuracion/centros/list')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      Pagina: '1',
      TotalPagina: '50',
      Filtros: '{"Baja":false}',
      Orden: 'Val',
      Descendente: 'false',
    });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Central' }).getAttribute('href')).toBe('/centros/editar/3'),
    );
  });

  it('the Activo badge keeps its whole word: its column does not wrap or shrink', async () => {
    setup(['lista'], { 'GET configuracion/centros/list': () => json(200, { Items: [row], Total: 1 }) });
    const td = (await screen.findByText('Activo')).closest('td')!;
    expect(td.classList.contains('mantine-datatable-nowrap')).toBe(true);
    expect(td.style.minWidth).toBe('100px');
  });

  it('an empty list with no filters says there is nothing yet', async () => {
    setup(['lista'], { 'GET configuracion/centros/list': () => json(200, { Items: [], Total: 0 }) });
    expect(await screen.findByText('Todavía no hay registros')).toBeTruthy();
  });
});
