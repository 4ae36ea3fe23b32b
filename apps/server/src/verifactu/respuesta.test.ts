import { describe, expect, it } from 'vitest';
import { leerRespuestaAeat, RespuestaNoValida } from './respuesta.ts';
import { leerXml, XmlMalFormado } from './xml/lector.ts';

const NS = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
const sobre = (cuerpo: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"> <env:Header/> <env:Body Id="Body">${cuerpo}</env:Body></env:Envelope>`;
const respuesta = (estado: string, lineas: string, cabecera = '') =>
  sobre(
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tik="${NS}/SuministroInformacion.xsd" xmlns:tikR="${NS}/RespuestaSuministro.xsd">${cabecera}` +
      '<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>Empresa</tik:NombreRazon><tik:NIF>89890001K</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>' +
      `<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${estado}</tikR:EstadoEnvio>${lineas}</tikR:RespuestaRegFactuSistemaFacturacion>`,
  );
const linea = (num: string, estado: string, extra = '', operacion = '<tik:TipoOperacion>Alta</tik:TipoOperacion>') =>
  `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>89890001K</tik:IDEmisorFactura><tik:NumSerieFactura>${num}</tik:NumSerieFactura>` +
  `<tik:FechaExpedicionFactura>17-12-2025</tik:FechaExpedicionFactura></tikR:IDFactura><tikR:Operacion>${operacion}</tikR:Operacion>` +
  `<tikR:EstadoRegistro>${estado}</tikR:EstadoRegistro>${extra}</tikR:RespuestaLinea>`;

describe('AEAT answers', () => {
  it('Correcto with CSV and DatosPresentacion', () => {
    const r = leerRespuestaAeat(
      respuesta(
        'Correcto',
        linea('A&amp;1', 'Correcto'),
        '<tikR:CSV>A-X2CPJ3HE3AFADY</tikR:CSV><tikR:DatosPresentacion><tik:NIFPresentador>89890001K</tik:NIFPresentador><tik:TimestampPresentacion>2025-12-17T13:50:07+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>',
      ),
    );
    expect(r).toEqual({
      tipo: 'respuesta',
      CSV: 'A-X2CPJ3HE3AFADY',
      DatosPresentacion: { NIFPresentador: '89890001K', TimestampPresentacion: '2025-12-17T13:50:07+01:00' },
      TiempoEsperaEnvio: 60,
      EstadoEnvio: 'Correcto',
      RespuestaLinea: [
        {
          IDFactura: { IDEmisorFactura: '89890001K', NumSerieFactura: 'A&1', FechaExpedicionFactura: '17-12-2025' },
          Operacion: { TipoOperacion: 'Alta' },
          EstadoRegistro: 'Correcto',
        },
      ],
    });
  });

  it('ParcialmenteCorrecto: accepted with errors (2005) explained, rejected (1189), duplicate (3000) with the stored state', () => {
    const r = leerRespuestaAeat(
      respuesta(
        'ParcialmenteCorrecto',
        linea(
          'F1',
          'AceptadoConErrores',
          '<tikR:CodigoErrorRegistro>2005</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>El campo ImporteTotal tiene un valor incorrecto</tikR:DescripcionErrorRegistro>',
        ) +
          linea('F2', 'Incorrecto', '<tikR:CodigoErrorRegistro>1189</tikR:CodigoErrorRegistro>') +
          linea(
            'F3',
            'Incorrecto',
            '<tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Registro de facturación duplicado.</tikR:DescripcionErrorRegistro>' +
              '<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>202500000001</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>AceptadaConErrores</tik:EstadoRegistroDuplicado><tik:CodigoErrorRegistro>2001</tik:CodigoErrorRegistro></tikR:RegistroDuplicado>',
          ) +
          linea(
            'F4',
            'Correcto',
            '',
            '<tik:TipoOperacion>Anulacion</tik:TipoOperacion><tik:SinRegistroPrevio>S</tik:SinRegistroPrevio>',
          ),
      ),
    );
    if (r.tipo !== 'respuesta') throw new Error(r.tipo);
    expect(r.EstadoEnvio).toBe('ParcialmenteCorrecto');
    const [a, b, c, d] = r.RespuestaLinea;
    expect(a).toMatchObject({
      EstadoRegistro: 'AceptadoConErrores',
      CodigoErrorRegistro: 2005,
      Error: { Campo: 'ImporteTotal', Efecto: 'aceptado' },
    });
    expect(b).toMatchObject({
      EstadoRegistro: 'Incorrecto',
      CodigoErrorRegistro: 1189,
      Error: { Campo: 'Destinatarios' },
    });
    expect(b!.DescripcionErrorRegistro).toBeUndefined();
    expect(c!.RegistroDuplicado).toEqual({
      IdPeticionRegistroDuplicado: '202500000001',
      EstadoRegistroDuplicado: 'AceptadaConErrores',
      CodigoErrorRegistro: 2001,
    });
    expect(d!.Operacion).toEqual({ TipoOperacion: 'Anulacion', SinRegistroPrevio: 'S' });
  });

  it('SOAP faults: client (fix and resend) with its AEAT code, server (resend)', () => {
    const cliente = leerRespuestaAeat(
      sobre(
        '<env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NombreRazon</faultstring><detail><callstack>x</callstack></detail></env:Fault>',
      ),
    );
    expect(cliente).toMatchObject({
      tipo: 'fault',
      faultcode: 'env:Client',
      Codigo: 4102,
      reintentable: false,
      Error: { Efecto: 'envio' },
    });
    const servidor = leerRespuestaAeat(
      sobre('<env:Fault><faultcode>env:Server</faultcode><faultstring>Error interno</faultstring></env:Fault>'),
    );
    expect(servidor).toEqual({
      tipo: 'fault',
      faultcode: 'env:Server',
      faultstring: 'Error interno',
      reintentable: true,
    });
  });

  it('anything else is a RespuestaNoValida', () => {
    expect(() => leerRespuestaAeat('<html><body>Certificado no válido</body></html>')).toThrow(RespuestaNoValida);
    expect(() => leerRespuestaAeat('no es xml')).toThrow(RespuestaNoValida);
    expect(() => leerRespuestaAeat(respuesta('Raro', ''))).toThrow(/EstadoEnvio/);
    expect(() => leerRespuestaAeat(respuesta('Correcto', linea('F1', 'Quizás')))).toThrow(/EstadoRegistro/);
    expect(() => leerRespuestaAeat(sobre('<x:Otra xmlns:x="urn:x"/>'))).toThrow(/Otra/);
  });
});

describe('XML reader', () => {
  it('resolves namespaces, entities, CDATA and comments', () => {
    const raiz = leerXml(
      '<?xml version="1.0"?><!-- c --><a:r xmlns:a="urn:a" xmlns="urn:d"><a:x k=\'1 &amp; 2\'>&lt;&#65;&#x42;&gt;<![CDATA[<C&>]]></a:x><y/></a:r>',
    );
    expect(raiz).toMatchObject({ local: 'r', ns: 'urn:a' });
    expect(raiz.hijos[0]).toMatchObject({ local: 'x', ns: 'urn:a', texto: '<AB><C&>', atributos: { k: '1 & 2' } });
    expect(raiz.hijos[1]).toMatchObject({ local: 'y', ns: 'urn:d' });
  });

  it.each([
    ['<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>', /DOCTYPE/],
    ['<r><a></r>', /cierre/],
    ['<r>&e;</r>', /entidad/],
    ['<r>a & b</r>', /sin escapar/],
    ['<p:r/>', /prefijo/],
    ['<r/><s/>', /raíz/],
    ['<r>', /sin cerrar/],
  ])('refuses %s', (xml, mensaje) => {
    expect(() => leerXml(xml)).toThrow(XmlMalFormado);
    expect(() => leerXml(xml)).toThrow(mensaje);
  });
});
