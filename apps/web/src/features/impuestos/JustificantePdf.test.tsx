import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { CalendarioFiscal } from './CalendarioFiscal.tsx';
import { errorJustificante, JUSTIFICANTE_MAX_BYTES } from './JustificantePdf.tsx';

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

const fichero = (bytes: Uint8Array<ArrayBuffer> | string, nombre = 'justificante.pdf') =>
  new File([bytes], nombre, { type: 'application/pdf' });

describe('the receipt PDF of «Marcar como presentado»', () => {
  it('a PDF by its first bytes passes; a renamed image or more than 5 MB is refused in Spanish', async () => {
    expect(await errorJustificante(fichero('%PDF-1.7\n%AEAT\n'))).toBeNull();
    expect(await errorJustificante(fichero(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])))).toBe(
      'El justificante debe ser el PDF que entrega la AEAT al presentar (fichero .pdf)',
    );
    const grande = new Uint8Array(JUSTIFICANTE_MAX_BYTES + 1);
    grande.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(await errorJustificante(fichero(grande))).toBe('El justificante no puede superar 5 MB');
  });

  it('the fiscal calendar row of a return filed with its PDF offers the download, the others do not', async () => {
    const base = {
      Nombre: 'IVA. Autoliquidación',
      Anyo: 2026,
      Vence: '2026-04-20',
      Dias: 0,
      Vencido: false,
      FechaPresentacion: '2026-04-15',
    };
    mockFetch({
      'GET impuestos/calendario': () =>
        json(200, {
          Anyo: 2026,
          Hoy: '2026-08-01',
          Vencidos: 0,
          Items: [
            {
              ...base,
              Modelo: '303',
              Periodo: '1T',
              Estado: 'presentado',
              EstadoTexto: 'Presentado',
              Justificante: 'CSV1',
              IdDeclaracion: 7,
              JustificantePdf: true,
            },
            {
              ...base,
              Modelo: '303',
              Periodo: '2T',
              Estado: 'presentado',
              EstadoTexto: 'Presentado',
              Justificante: 'CSV2',
              IdDeclaracion: 8,
              JustificantePdf: false,
            },
          ],
        }),
    });
    renderUi(
      <CalendarioFiscal action="calendariofiscal" segments={['lista']} route={{ title: 'Calendario fiscal' }} />,
      { session: fakeSession(), path: '/calendariofiscal/lista?Anyo=2026' },
    );
    await screen.findByText('CSV2');
    expect(
      screen
        .getAllByRole('button', { name: /^Descargar PDF del justificante/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Descargar PDF del justificante 303 1.º trimestre']);
  });
});
