import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { ControlHorarioScreens } from './ControlHorarioScreens.tsx';

const dia = (Dia: string, over: Record<string, unknown> = {}) => ({
  Dia,
  Entrada: null,
  Salida: null,
  Trabajados: 0,
  Pausas: 0,
  PausasPorMotivo: {},
  Previstos: 480,
  Extra: 0,
  SinSalida: false,
  Ausencia: false,
  Permiso: null,
  ...over,
});

function setup(path: string) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET rrhh/fichajes/personas': () =>
      json(200, { Items: [{ IdPersona: 7, Codigo: 'E002', Nombre: 'Carmen Ruiz', IdEmpleado: 2, IdCentro: null }] }),
    'GET rrhh/fichajes/mes': () =>
      json(200, {
        Persona: { IdPersona: 7, Codigo: 'E002', Nombre: 'Carmen Ruiz', IdEmpleado: 2, IdCentro: null },
        Mes: '2026-11',
        Contrato: 'Contrato de Carmen',
        Dias: [
          dia('2026-11-02', {
            Entrada: '2026-11-02T07:00:00Z',
            Salida: '2026-11-02T16:30:00Z',
            Trabajados: 525,
            Extra: 45,
          }),
          dia('2026-11-03', { Entrada: '2026-11-03T07:00:00Z', SinSalida: true, Trabajados: 200 }),
          dia('2026-11-04', { Ausencia: true }),
        ],
        Trabajados: 725,
        Pausas: 45,
        Previstos: 1440,
        Extra: 45,
        Ausencias: 1,
        SinSalida: 1,
        Alertas: ['Falta la salida del 03/11/2026'],
        Fichajes: [
          {
            Id: 1,
            Fecha: '2026-11-02T07:00:00Z',
            Registrado: '2026-11-02T07:20:00Z',
            Tipo: 'j',
            Estado: 'e',
            MotivoPausa: null,
            Latitud: null,
            Longitud: null,
            Origen: 'm',
            Offline: true,
            IdCorreccion: null,
          },
        ],
        Correcciones: [],
        Aceptacion: null,
      }),
    'GET rrhh/fichajes/verificar': () =>
      json(200, {
        ok: false,
        revisados: 12,
        defectos: [
          {
            Id: 5,
            Persona: 7,
            Fecha: '2026-11-02T07:00:00Z',
            Defecto: 'alterado',
            Mensaje: 'El registro se ha modificado después de grabarse (su huella no coincide)',
          },
        ],
      }),
  });
  renderUi(<ControlHorarioScreens />, { session: fakeSession(), path });
  return net;
}

describe('control horario', () => {
  it('shows an employee’s month against the plan: minutes as HHh:MMm, a missing exit, an absence, offline entries', async () => {
    setup('/controlhorario/lista');
    const table = await screen.findByTestId('dias-mes');
    expect(table.textContent).toContain('08h:45m');
    expect(table.textContent).toContain('Falta la salida');
    expect(table.textContent).toContain('Ausencia');
    expect(screen.getByRole('alert').textContent).toContain('Falta la salida del 03/11/2026');
    expect(screen.getByTestId('registros-mes').textContent).toContain('Sin conexión');
    expect(screen.getByText('24h:00m')).toBeTruthy();
  });

  it('the verification tab reports a tampered row', async () => {
    setup('/controlhorario/lista?tab=verificacion');
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar la cadena' }));
    const result = await screen.findByTestId('verificacion');
    expect(result.textContent).toContain('La cadena tiene defectos');
    expect(result.textContent).toContain('Registro 5');
  });
});
