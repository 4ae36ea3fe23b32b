import { ENTITIES } from '@faro/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { cleanMapping, ImportWizard, missingRequired, type Uploaded } from './ImportWizard.tsx';

const uploaded: Uploaded = {
  Id: 7,
  Fichero: 'clientes.csv',
  Columnas: ['Razón social', 'CIF', 'Otra'],
  TotalFilas: 2,
  Muestra: [{ 'Razón social': 'Talleres SL', CIF: 'B12345674', Otra: 'x' }],
  Mapeo: { 'Razón social': 'Nombre', CIF: 'NIF' },
  Campos: [
    { Campo: 'Nombre', Etiqueta: 'Nombre o razón social', Obligatorio: true },
    { Campo: 'NIF', Etiqueta: 'NIF', Obligatorio: false },
  ],
};

function setup(routes: Parameters<typeof mockFetch>[0]) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({ 'POST ventas/clientes/importar': () => json(200, uploaded), ...routes });
  renderUi(<ImportWizard entity={ENTITIES.clientes} opened onClose={() => {}} />, { session: fakeSession() });
  return net;
}

async function uploadFile() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['a;b'], 'clientes.csv', { type: 'text/csv' })] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Subir' }));
  await screen.findByText(/Indica qué campo es cada columna/);
}

describe('import wizard', () => {
  it('uploads, shows the suggested mapping, lists every rejected row with its reason and cannot confirm', async () => {
    const { calls } = setup({
      'POST ventas/clientes/importar/7/previsualizar': () =>
        json(200, {
          Total: 2,
          Validas: 1,
          Rechazadas: [
            {
              Fila: 3,
              Errores: [{ Campo: 'NIF', Columna: 'CIF', Mensaje: 'La letra del DNI/NIE/NIF no es correcta' }],
            },
          ],
          Avisos: [],
          Muestra: [],
        }),
    });
    await uploadFile();
    expect(screen.getAllByLabelText('Campo de la columna CIF')[0]).toHaveProperty('value', 'NIF');
    expect(screen.getAllByLabelText('Campo de la columna Otra')[0]).toHaveProperty('value', 'No importar');
    fireEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(await screen.findByText('La letra del DNI/NIE/NIF no es correcta')).toBeTruthy();
    expect(screen.getByTestId('import-summary').textContent).toContain('1 de 2 filas correctas, 1 rechazadas');
    expect(screen.getByRole('button', { name: /Importar 1 fila/ })).toHaveProperty('disabled', true);
    const body = JSON.parse(String(calls.find((c) => c.path.endsWith('previsualizar'))?.init.body));
    expect(body).toEqual({ Mapeo: { 'Razón social': 'Nombre', CIF: 'NIF' } });
    expect(calls.some((c) => c.path.endsWith('confirmar'))).toBe(false);
  });

  it('confirms a clean preview and shows the result', async () => {
    const { calls } = setup({
      'POST ventas/clientes/importar/7/previsualizar': () =>
        json(200, { Total: 2, Validas: 2, Rechazadas: [], Avisos: [], Muestra: [] }),
      'POST ventas/clientes/importar/7/confirmar': () => json(200, { Importados: 2, Avisos: [] }),
    });
    await uploadFile();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 2 filas' }));
    expect((await screen.findByTestId('import-result')).textContent).toBe('Se han importado 2 registros.');
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('confirmar'))).toHaveLength(1));
  });

  it('drops unmapped columns and names the required fields without a column', () => {
    expect(cleanMapping({ A: 'Nombre', B: '' })).toEqual({ A: 'Nombre' });
    expect(missingRequired(uploaded, { CIF: 'NIF' })).toEqual(['Nombre o razón social']);
  });
});
