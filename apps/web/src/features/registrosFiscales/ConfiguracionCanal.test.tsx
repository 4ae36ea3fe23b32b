import { MSG } from '@faro/domain';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/render.tsx';
import * as tbai from '../ticketbai/ticketbai.testkit.tsx';
import * as vf from '../verifactu/verifactu.testkit.tsx';
import { abrirConfiguracion, guardarConfiguracion, montarPantalla } from './registrosFiscales.testkit.tsx';

/** One channel's settings as the shared form must show and save them. */
interface Caso {
  canal: string;
  cola: ReactNode;
  ruta: string;
  sesion: Parameters<typeof montarPantalla>[3];
  estado: unknown;
  config: object;
  /** Texts and labels the dialog shows for this channel. */
  muestra: (string | RegExp)[];
  campo: string;
  valor: string;
  interruptor: string;
  cuerpo: Record<string, unknown>;
}

const CASOS: Caso[] = [
  {
    canal: 'VeriFactu',
    cola: vf.cola,
    ruta: 'ventas/fventaverifactu',
    sesion: {},
    estado: vf.estadoEnvio(),
    config: vf.configuracion,
    muestra: ['Destino actual: ninguno', /Cargado: empresa\.p12/, 'Entorno de la AEAT', 'Certificado de la empresa'],
    campo: 'Número de instalación',
    valor: 'FARO-2',
    interruptor: 'Enviar al servicio web de la AEAT del entorno elegido',
    cuerpo: {
      ProductorNombre: 'Faro Software SL',
      ProductorNIF: 'B12345678',
      NombreSistemaInformatico: 'Faro',
      IdSistemaInformatico: 'FA',
      Version: '1.0',
      NumeroInstalacion: 'FARO-2',
      Entorno: 'pruebas',
      EnvioAeat: false,
      Url: '',
    },
  },
  {
    canal: 'TicketBAI',
    cola: tbai.cola,
    ruta: 'impuestos/lroefactemitidas',
    sesion: { TipoFacturaElectronica: 'lroe' },
    estado: tbai.estado(),
    config: tbai.config({ Provincia: 'bizkaia', ProvinciaNombre: 'Bizkaia' }),
    muestra: [/Territorio: Bizkaia/, 'Modelo del LROE', 'Certificado de la empresa (firma y envío)', /Sin certificado/],
    campo: 'Licencia TicketBAI',
    valor: 'TBAIBI00001',
    interruptor: 'Enviar al servicio de la Diputación del entorno elegido',
    // The hidden or untouched fields go as they are, an empty text as ''.
    cuerpo: {
      Licencia: 'TBAIBI00001',
      NifDesarrollador: 'B12345678',
      NombreSoftware: 'Faro',
      Version: '1.0',
      Dispositivo: '',
      Entorno: 'pruebas',
      EnvioReal: true,
      Url: '',
      ModeloLroe: '240',
    },
  },
];

describe.each(CASOS)('the settings of $canal', (c) => {
  it('show the channel’s fields and certificate, and save every declared field', async () => {
    const net = montarPantalla(
      c.cola,
      {
        [`GET ${c.ruta}/list`]: () => json(200, { Items: [], Total: 0 }),
        [`GET ${c.ruta}/estado`]: () => json(200, c.estado),
        [`GET ${c.ruta}/config`]: () => json(200, c.config),
        [`PUT ${c.ruta}/config`]: (init) => json(200, { ...c.config, ...JSON.parse(String(init.body)) }),
      },
      '/',
      c.sesion,
    );
    const dialogo = await abrirConfiguracion(c.canal);
    const en = within(dialogo);
    await en.findByLabelText(c.campo);
    for (const texto of c.muestra) {
      expect(en.queryAllByText(texto).length + en.queryAllByLabelText(texto).length).toBeGreaterThan(0);
    }
    expect(await guardarConfiguracion(net, dialogo, c)).toEqual(c.cuerpo);
    // Nothing to upload yet: the certificate button waits for a file.
    expect(en.getByRole('button', { name: 'Subir certificado' }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText(MSG.saved)).toBeTruthy();
  });
});
