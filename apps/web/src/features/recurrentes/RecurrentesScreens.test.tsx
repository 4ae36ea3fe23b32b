import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { catalogos } from '../ventas/ventasTestData.ts';
import { PlantillaEditor } from './PlantillaEditor.tsx';
import { PlantillasLista } from './PlantillasLista.tsx';
import type { Plantilla } from './recurrentesModel.ts';

const plantilla = (over: Partial<Plantilla> = {}): Plantilla => ({
  Id: 4,
  Descripcion: 'Cuota de mantenimiento',
  Cliente: 7,
  ClienteNombre: 'Ferretería Ana SL',
  Serie: null,
  IdFormaPago: null,
  Observaciones: null,
  PorcRetencion: '0.00',
  Periodicidad: 'Mensual',
  FechaInicio: '2026-08-01',
  ProximaFecha: '2026-12-01',
  FechaFin: null,
  Accion: 'emitir',
  Baja: false,
  UltimoPeriodo: '2026-11-01',
  UltimoError: null,
  BaseImponible: '100.00',
  Total: '121.00',
  Lineas: [
    {
      IdProducto: null,
      Descripcion: 'Mantenimiento',
      Cantidad: '1.000',
      Precio: '100.000000',
      Descuento: '0.00',
      TipoIva: 'IVA21',
    },
  ],
  ...over,
});

function setup(ui: React.ReactNode, routes: Parameters<typeof mockFetch>[0]) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({ ...catalogos(), ...routes });
  renderUi(ui, { session: fakeSession() });
  return net;
}

const cell = (name: string) => screen.getByLabelText(name, { selector: 'input:not([type=hidden])' });

describe('recurring invoice screens', () => {
  it('lists the templates with customer, periodicity, next date, total and whether they are active', async () => {
    setup(<PlantillasLista />, {
      'GET ventas/fventarec/list': () =>
        json(200, {
          Items: [plantilla(), plantilla({ Id: 5, Descripcion: 'Alquiler', Periodicidad: 'Trimestral', Baja: true })],
          Total: 2,
        }),
    });
    const link = await screen.findByRole('link', { name: 'Cuota de mantenimiento' });
    expect(link.getAttribute('href')).toBe('/fventarec/editar/4');
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('Ferretería Ana SL')).toHaveLength(2);
    expect(within(table).getByText('Trimestral')).toBeTruthy();
    expect(within(table).getAllByText('01/12/2026')).toHaveLength(2);
    expect(within(table).getAllByText('121,00 €')).toHaveLength(2);
    expect(within(table).getByText('Activa')).toBeTruthy();
    expect(within(table).getByText('De baja')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('2 registros');
    expect(screen.getByRole('link', { name: 'Nueva factura recurrente' }).getAttribute('href')).toBe(
      '/fventarec/nuevo',
    );
  });

  it('edits with live totals, generates now and links the generated invoices', async () => {
    let generated = false;
    const { calls } = setup(<PlantillaEditor id="4" />, {
      'GET ventas/fventarec/edit/4': () => json(200, plantilla()),
      'GET ventas/fventarec/historial/4': () =>
        json(200, {
          Items: generated
            ? [
                {
                  Periodo: '2026-12-01',
                  IdFactura: 77,
                  NumSerie: 'F2026-0009',
                  Estado: 'Emitida',
                  Fecha: '2026-12-01',
                  Total: '121.00',
                  GeneradaEn: '2026-12-01T08:00:00Z',
                  EnviadaEn: null,
                  ErrorEnvio: null,
                },
              ]
            : [],
        }),
      'POST ventas/fventarec/generar/4': () => {
        generated = true;
        return json(200, {
          Generadas: [{ Periodo: '2026-12-01', IdFactura: 77, NumSerie: 'F2026-0009' }],
          Error: null,
          Plantilla: plantilla(),
        });
      },
    });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('121,00 €'));
    expect(screen.getByTestId('proximas-fechas').textContent).toContain('01/12/2026 (diciembre 2026)');
    await waitFor(() => expect(screen.getByTestId('historial').textContent).toContain('Todavía no se ha generado'));
    fireEvent.change(cell('Cantidad 1'), { target: { value: '2' } });
    // 2 × 100 = 200; IVA 21 % = 42 → 242
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('242,00 €'));
    fireEvent.change(cell('Cantidad 1'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('121,00 €'));
    fireEvent.click(screen.getByRole('button', { name: 'Generar ahora' }));
    const link = await screen.findByRole('link', { name: 'F2026-0009' });
    expect(link.getAttribute('href')).toBe('/fventa/editar/77');
    expect(calls.some((c) => c.method === 'POST' && c.path === 'ventas/fventarec/generar/4')).toBe(true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 20_000);

  it('shows the saved customer by name when the template answer carries only its id', async () => {
    setup(<PlantillaEditor id="4" />, {
      'GET ventas/fventarec/edit/4': () => json(200, plantilla({ ClienteNombre: undefined })),
      'GET ventas/fventarec/historial/4': () => json(200, { Items: [] }),
      'GET ventas/clientes/edit/7': () => json(200, { Id: 7, Nombre: 'Ferretería Ana SL', RegimenIva: 'general' }),
    });
    const cliente = () =>
      screen.getByLabelText(/^Cliente/, { selector: 'input:not([type=hidden])' }) as HTMLInputElement;
    await waitFor(() => expect(cliente().value).toBe('Ferretería Ana SL'));
  });

  it('validates a new template in Spanish before calling the server', async () => {
    const { calls } = setup(<PlantillaEditor />, {});
    const save = await screen.findByRole('button', { name: 'Guardar' });
    fireEvent.change(cell('Descripción 1'), { target: { value: 'Cuota' } });
    fireEvent.click(save);
    expect(await screen.findByText('Descripción es obligatorio')).toBeTruthy();
    expect(screen.getByText('Cliente es obligatorio')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Generar ahora' })).toBeNull();
  });
});
