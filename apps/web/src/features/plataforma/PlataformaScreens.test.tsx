import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { Barras } from './admin/InformesAdmin.tsx';
import { AsesoriaScreens } from './asesoria/AsesoriaScreens.tsx';
import { ContratacionScreens } from './contratacion/ContratacionScreens.tsx';

const route = { title: 'Empresas', area: 'asesoria', guard: 'asesoria' } as never;

describe('platform screens', () => {
  it('signs a contract: the wrong code is shown on its field, the right one shows the SHA-256', async () => {
    setCookie('XSRF-TOKEN', 'x');
    let intentos = 0;
    const net = mockFetch({
      'GET usuarios/registro/contrato/tok': () =>
        json(200, {
          Titulo: 'Contrato de prueba',
          Texto: '<p>Contrato de <b>Firma SL</b></p><script>alert(1)</script>',
          Estado: 'pendiente',
          Empresa: 'Firma SL',
          CodigoEmpresa: 'FIRMA',
          Email: 'sa***@firma.test',
          Hash: null,
        }),
      'POST usuarios/registro/contrato/tok/firmar': () =>
        ++intentos === 1
          ? json(400, {
              Mensaje: 'Revisa los errores del formulario',
              Errores: [{ Campo: 'Codigo', Mensaje: 'El código no es correcto' }],
            })
          : json(200, {
              Hash: 'a'.repeat(64),
              CodigoEmpresa: 'FIRMA',
              Mensaje: 'El contrato se ha firmado correctamente',
            }),
    });
    renderUi(<ContratacionScreens segments={['firmar', 'tok']} />);
    await screen.findByText('Contrato de prueba');
    expect(document.querySelector('script')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Nombre del firmante/), { target: { value: 'Sara Gil' } });
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Firmar el contrato' }));
    await screen.findByText('El código no es correcto');
    const firma = net.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(firma!.init.body))).toEqual({ Firmante: 'Sara Gil', Codigo: '123456' });
    // Then the signer also draws: the PNG goes with the typed name and the code.
    const trazo = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      beginPath: trazo,
      moveTo: trazo,
      lineTo: trazo,
      stroke: trazo,
      clearRect: trazo,
    } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
    const pad = screen.getByRole('img', { name: 'Firma dibujada (opcional)' });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad);
    expect(trazo).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Firmar el contrato' }));
    await screen.findByText(`SHA-256: ${'a'.repeat(64)}`);
    const segunda = net.calls.filter((c) => c.method === 'POST')[1];
    expect(JSON.parse(String(segunda!.init.body))).toEqual({
      Firmante: 'Sara Gil',
      Codigo: '123456',
      Trazo: 'data:image/png;base64,iVBORw0KGgo=',
    });
    vi.restoreAllMocks();
  });

  it('shows the advisory work queue with what each client has pending, most pending first', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    const cliente = (Id: number, Nombre: string, n: number) => ({
      Id,
      Codigo: Nombre.toUpperCase(),
      Nombre,
      NIF: 'B12345674',
      Nivel: 1,
      RechazosVerifactu: n,
      FacturasSinNif: 0,
      RecibosDevueltos: 0,
      ApuntesSinConciliar: 0,
      UltimaActividad: null,
      Modelos: [{ Modelo: '303', Estado: n ? 'borrador' : 'presentada' }],
      Pendientes: n,
    });
    mockFetch({
      'GET asesorias/aseempresas/list': () =>
        json(200, {
          Items: [cliente(1, 'Tranquila', 0), cliente(2, 'Urgente', 3)],
          Total: 2,
          Plazo: { Periodo: '1T', Anyo: 2026, Fecha: '2026-04-20', Dias: 12 },
        }),
    });
    renderUi(<AsesoriaScreens action="aseempresas" segments={['lista']} route={route} />, {
      session: fakeSession({ TipoCuenta: 'asesoria', Roles: ['asesoria'] }),
    });
    const botones = await screen.findAllByRole('button', { name: /^Entrar en/ });
    expect(botones.map((b) => b.textContent)).toEqual(['Entrar en Urgente', 'Entrar en Tranquila']);
    expect(screen.getByText('3 rechazos VeriFactu')).toBeTruthy();
    expect(screen.getByText('Modelo 303 en borrador')).toBeTruthy();
    expect(screen.getByText('Modelo 303 presentado')).toBeTruthy();
    expect(screen.getByText(/Modelos del 1T de 2026: plazo hasta el 20\/04\/2026/)).toBeTruthy();
  });

  it('draws report bars with their figures in a table for screen readers', async () => {
    renderUi(<Barras titulo="Embudo de firma" datos={[{ etiqueta: 'Firmado', valor: 1234 }]} />);
    const tabla = await screen.findByRole('table', { name: 'Embudo de firma' }, { timeout: 10_000 });
    const fila = within(tabla).getByRole('row', { name: /Firmado/ });
    expect(fila.textContent).toBe('Firmado1.234');
  });
});
