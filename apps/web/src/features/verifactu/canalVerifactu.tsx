import { formatAmount } from '@faro/domain';
import { Alert, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { type CanalFiscal, campoEntorno, ESTADOS_REGISTRO, otroDestino } from '../registrosFiscales/canal.ts';
import {
  CLASES_VF,
  type ConfiguracionVista,
  ENTIDAD_VF,
  type EstadoEnvioVista,
  fechaAeatTexto,
  fechaHoraTexto,
  huellaCorta,
  PERMISO_VF,
  type RegistroFila,
  RUTA_VF,
} from './verifactuModel.ts';

/** VeriFactu's own queue columns: the invoice type, the tax, the hash and when the record was generated. */
const COLUMNAS_VF: Record<'tipo' | 'cuota' | 'huella' | 'generado', DataTableColumn<RegistroFila>> = {
  tipo: { accessor: 'TipoFactura', title: 'Tipo', width: 60, render: (r) => r.TipoFactura ?? '—' },
  cuota: {
    accessor: 'CuotaTotal',
    title: 'Cuota',
    textAlign: 'right',
    width: 100,
    render: (r) => (r.CuotaTotal === null ? '—' : formatAmount(r.CuotaTotal)),
  },
  huella: {
    accessor: 'Huella',
    title: 'Huella',
    width: 150,
    render: (r) => (
      <Text size="xs" ff="monospace" title={r.Huella}>
        {huellaCorta(r.Huella)}
      </Text>
    ),
  },
  generado: {
    accessor: 'FechaHoraHusoGenRegistro',
    title: 'Generado',
    width: 160,
    render: (r) => <span title={r.FechaHoraHusoGenRegistro}>{fechaHoraTexto(r.FechaHoraHusoGenRegistro, false)}</span>,
  },
};

/** Where the records go, the last answer, and the AEAT's incident mode or a stop for bad settings. */
function DetalleEnvio({ estado: e }: { estado: EstadoEnvioVista }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        Destino: {e.Destino ?? 'sin configurar (los registros se guardan y se enviarán al configurarlo)'} · Certificado:{' '}
        {e.Certificado ? 'cargado' : 'no cargado'}
        {e.UltimoResultado &&
          ` · Último envío ${fechaHoraTexto(e.UltimoResultado.Fecha)}: ${e.UltimoResultado.EstadoEnvio ?? e.UltimoResultado.Mensaje ?? e.UltimoResultado.Tipo} (${e.UltimoResultado.Registros} registros)`}
        {e.SiguienteEnvio && ` · Próximo envío no antes de ${fechaHoraTexto(e.SiguienteEnvio)}`}
      </Text>
      {e.Incidencia && (
        <Alert color="orange" variant="light" p="xs">
          Modo incidencia: la AEAT no responde ({e.FallosSeguidos} fallos seguidos). Los registros se reenviarán
          automáticamente con la marca de incidencia.
        </Alert>
      )}
      {e.Bloqueo && (
        <Alert color="red" variant="light" p="xs">
          Envío detenido por un problema de configuración
          {e.Bloqueo.Codigo ? ` (código ${e.Bloqueo.Codigo})` : ''}: {e.Bloqueo.Mensaje}
        </Alert>
      )}
    </>
  );
}

/** VeriFactu as a channel of fiscal records: the queue `fventaverifactu`, its records viewed in `fventavisorvf`. */
export const CANAL_VF: CanalFiscal<RegistroFila, EstadoEnvioVista, ConfiguracionVista> = {
  nombre: 'VeriFactu',
  ruta: RUTA_VF,
  entidad: ENTIDAD_VF,
  permiso: PERMISO_VF,
  rutaRegistro: (id) => `/fventavisorvf/editar/${id}`,
  estados: ESTADOS_REGISTRO,
  clases: CLASES_VF,
  numero: { campo: 'NumSerieFactura', texto: (r) => r.NumSerieFactura },
  fecha: { campo: 'FechaExpedicionFactura', texto: (r) => fechaAeatTexto(r.FechaExpedicionFactura) },
  fechaHora: (iso) => fechaHoraTexto(iso),
  codigoError: (r) => r.CodigoErrorRegistro,
  cola: {
    descendente: true,
    buscar: 'Número de factura',
    clase: 'Registro',
    vacio: 'No hay registros VeriFactu',
    columnas: (c) => [
      c.factura,
      c.fecha,
      COLUMNAS_VF.tipo,
      c.clase,
      COLUMNAS_VF.cuota,
      c.importe,
      COLUMNAS_VF.huella,
      COLUMNAS_VF.generado,
      c.estado,
    ],
    comprobarCadena: true,
    mensajeEnvio: (r) => `Envío a la AEAT realizado: ${r.Enviados} registros con respuesta`,
    panel: (e) => <DetalleEnvio estado={e} />,
  },
  config: {
    intro: () =>
      'Sistema informático (productor y versión) e instalación: aparecen en cada registro. Cambiar el número de instalación empieza una cadena nueva.',
    campos: [
      { clave: 'ProductorNombre', label: 'Productor (nombre o razón social)' },
      { clave: 'ProductorNIF', label: 'NIF del productor', maxLength: 9 },
      { clave: 'NombreSistemaInformatico', label: 'Nombre del sistema', maxLength: 30 },
      { clave: 'IdSistemaInformatico', label: 'Id. del sistema (2 caracteres)', maxLength: 2 },
      { clave: 'Version', label: 'Versión' },
      { clave: 'NumeroInstalacion', label: 'Número de instalación' },
      campoEntorno('Entorno de la AEAT', 'Pruebas (preproducción)'),
      otroDestino('la AEAT'),
    ],
    envio: { clave: 'EnvioAeat', label: 'Enviar al servicio web de la AEAT del entorno elegido' },
    destinoActual: true,
    certificado: 'Certificado de la empresa',
  },
};
