import { formatAmount, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import { Alert, Anchor, Badge, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EstadoBadge } from '../registrosFiscales/EstadoBadge.tsx';
import { FacturaDelRegistro, TablaDatos, VisorRegistro } from '../registrosFiscales/VisorRegistro.tsx';
import { CANAL_VF } from './canalVerifactu.tsx';
import { QrVerifactu } from './QrVerifactu.tsx';
import {
  CLASES_VF,
  EFECTOS_AEAT,
  ENTIDAD_VF,
  fechaAeatTexto,
  fechaHoraTexto,
  PERMISO_VF,
  type RegistroFila,
  type RegistroVista,
  RUTA_VF,
  TIPOS_FACTURA_VF,
  TITULO_VISOR,
} from './verifactuModel.ts';

// The viewer of one VeriFactu record (fventavisorvf/editar/{id}, …/factura/{invoice}).
/** `/fventavisorvf/factura/{id}`: the viewer of an invoice's latest record (what the sales screens link to). */
export function VisorFactura({ idFactura }: { idFactura: number }) {
  const { info } = useReady();
  const registros = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'factura', idFactura],
    queryFn: () => api.get<ListAnswer<RegistroFila>>(`${RUTA_VF}/factura/${idFactura}`, { silent: true }),
    retry: false,
  });
  if (registros.isError) return <Alert color="gray">Esta factura no tiene registros VeriFactu</Alert>;
  const ultimo = registros.data?.Items.at(-1);
  if (!ultimo) return <Loader size="sm" />;
  return <VisorVerifactu key={ultimo.Id} id={ultimo.Id} />;
}

export function VisorVerifactu({ id }: { id: number }) {
  usePageTitle(TITULO_VISOR);
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_VF, centro);
  const navigate = useNavigate();
  const client = useQueryClient();
  const vista = useQuery({
    queryKey: qk.row(info.IdEmpresa, ENTIDAD_VF, id),
    queryFn: () => api.get<RegistroVista>(`${RUTA_VF}/edit/${id}`),
  });
  const idFactura = vista.data?.IdFactura ?? null;
  const factura = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'factura', idFactura],
    queryFn: () => api.get<ListAnswer<RegistroFila>>(`${RUTA_VF}/factura/${idFactura}`, { background: true }),
    enabled: idFactura !== null,
  });
  if (vista.isError) return <Alert color="red">No se ha encontrado el registro</Alert>;
  const r = vista.data;
  if (!r) return <Loader size="sm" />;
  const subsanar = async () => {
    try {
      const nuevo = await api.post<{ Id: number }>(`${RUTA_VF}/subsanar/${r.Id}`, {});
      notifySuccess('Registro de subsanación generado');
      await client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, ENTIDAD_VF) });
      navigate(CANAL_VF.rutaRegistro(nuevo.Id));
    } catch {
      // the toast shows the error
    }
  };
  const otros = factura.data?.Items ?? [];
  return (
    <VisorRegistro
      cabecera={
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz="h2">
              {CLASES_VF[r.Clase]} · {r.NumSerieFactura}
            </Title>
            <Group gap="xs">
              <EstadoBadge estado={r.Estado} />
              <Text size="sm" c="dimmed">
                Registro {r.Secuencia} de la instalación {r.Instalacion}
              </Text>
            </Group>
          </div>
          <Group gap="xs">
            <Button component={Link} to="/fventaverifactu/lista" variant="default">
              Volver a la lista
            </Button>
            {(r.Estado === 'rechazado' || r.Estado === 'conerrores') && level >= LEVEL_FOR_ACTION.update && (
              <Button color="orange" onClick={subsanar}>
                Subsanar
              </Button>
            )}
          </Group>
        </Group>
      }
      aviso={<ErrorAeat registro={r} />}
      datos={<DatosRegistro registro={r} />}
      qr={r.UrlQr ? { url: r.UrlQr, simbolo: <QrVerifactu url={r.UrlQr} /> } : null}
      sinQr="Los registros de anulación no llevan QR."
      lateral={
        otros.length > 1 && (
          <Card withBorder padding="sm" mt="md">
            <Text fw={600} size="sm" mb={4}>
              Registros de esta factura
            </Text>
            {otros.map((x) => (
              <Group key={x.Id} gap="xs">
                <Anchor component={Link} to={CANAL_VF.rutaRegistro(x.Id)} size="sm" fw={x.Id === r.Id ? 700 : 400}>
                  {CLASES_VF[x.Clase]}
                </Anchor>
                <EstadoBadge estado={x.Estado} />
              </Group>
            ))}
          </Card>
        )
      }
      xml={{ titulo: 'XML del registro', etiqueta: 'XML del registro', texto: r.Xml, alto: { max: 360 } }}
    />
  );
}

/** The AEAT's error on this record, explained: what it rejects and the field to correct. */
function ErrorAeat({ registro: r }: { registro: RegistroVista }) {
  const error = r.Respuesta?.Error ?? null;
  if (!error) return null;
  return (
    <Alert
      color={error.Efecto === 'aceptado' ? 'yellow' : 'red'}
      variant="light"
      title={`Respuesta de la AEAT: error ${error.Codigo} · ${EFECTOS_AEAT[error.Efecto]}`}
      data-testid="error-aeat"
    >
      <Text size="sm">{error.Explicacion}</Text>
      {error.Campo && (
        <Text size="sm" mt={4}>
          Campo a corregir: <Code>{error.Campo}</Code>
        </Text>
      )}
      {r.Respuesta?.DescripcionErrorRegistro && (
        <Text size="xs" c="dimmed" mt={4}>
          Texto de la AEAT: {r.Respuesta.DescripcionErrorRegistro}
        </Text>
      )}
    </Alert>
  );
}

/** The record's data: issuer, invoice, amounts, both hashes and the chain's check, the submission. */
function DatosRegistro({ registro: r }: { registro: RegistroVista }) {
  const reg = r.Registro as Record<string, unknown> & { IDFactura?: Record<string, string> };
  return (
    // Fixed layout: on a phone the huella and long values wrap inside the card instead of overflowing it.
    <TablaDatos
      fija
      anchoEtiqueta={96}
      corte={{ overflowWrap: 'anywhere' }}
      testId="datos-registro"
      filas={[
        ['Emisor', reg.IDFactura?.IDEmisorFactura ?? reg.IDFactura?.IDEmisorFacturaAnulada],
        [
          'Factura',
          <FacturaDelRegistro
            key="f"
            idFactura={r.IdFactura}
            numero={r.NumSerieFactura}
            fecha={fechaAeatTexto(r.FechaExpedicionFactura)}
          />,
        ],
        r.TipoFactura && ['Tipo de factura', TIPOS_FACTURA_VF[r.TipoFactura] ?? r.TipoFactura],
        r.CuotaTotal !== null && ['Cuota total', formatAmount(r.CuotaTotal)],
        r.ImporteTotal !== null && ['Importe total', formatAmount(r.ImporteTotal)],
        ['Generado', fechaHoraTexto(r.FechaHoraHusoGenRegistro)],
        [
          'Huella',
          <Text key="h" size="xs" ff="monospace" data-testid="huella">
            {r.Huella}
          </Text>,
        ],
        ['Huella anterior', <HuellaAnterior key="a" registro={r} />],
        ['Cadena', <Cadena key="c" cadena={r.Cadena} />],
        r.Respuesta && [
          'Envío',
          `${r.Respuesta.Enviado ? `Respondido el ${fechaHoraTexto(r.Respuesta.Enviado)}` : 'Pendiente'} · ${r.Respuesta.Intentos} ${r.Respuesta.Intentos === 1 ? 'intento' : 'intentos'}${r.Respuesta.CSV ? ` · CSV ${r.Respuesta.CSV}` : ''}${r.Respuesta.Retrasado ? ' · generado durante una incidencia' : ''}`,
        ],
      ]}
    />
  );
}

function HuellaAnterior({ registro: r }: { registro: RegistroVista }) {
  if (!r.Anterior) return <Text size="sm">Primer registro de la cadena</Text>;
  return (
    <Stack gap={0}>
      <Text size="xs" ff="monospace" data-testid="huella-anterior">
        {r.HuellaAnterior}
      </Text>
      <Anchor component={Link} to={CANAL_VF.rutaRegistro(r.Anterior.Id)} size="xs">
        {CLASES_VF[r.Anterior.Clase]} de {r.Anterior.NumSerieFactura}
      </Anchor>
    </Stack>
  );
}

function Cadena({ cadena }: { cadena: RegistroVista['Cadena'] }) {
  if (cadena.Valida) {
    return (
      <Badge color="green" variant="light">
        Encadenamiento y huella correctos
      </Badge>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color="red" variant="light">
        Cadena rota
      </Badge>
      {cadena.Incidencias.map((m) => (
        <Text size="xs" c="red" key={m}>
          {m}
        </Text>
      ))}
    </Stack>
  );
}
