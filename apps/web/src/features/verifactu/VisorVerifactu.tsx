import { formatAmount, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Grid,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EstadoBadge, QrVerifactu } from './QrVerifactu.tsx';
import {
  CLASES_VF,
  type ClaseVf,
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

function Dato({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 96, sm: 220 }} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
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
  const reg = r.Registro as Record<string, unknown> & { IDFactura?: Record<string, string> };
  const error = r.Respuesta?.Error ?? null;
  const subsanar = async () => {
    try {
      const nuevo = await api.post<{ Id: number }>(`${RUTA_VF}/subsanar/${r.Id}`, {});
      notifySuccess('Registro de subsanación generado');
      await client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, ENTIDAD_VF) });
      navigate(`/fventavisorvf/editar/${nuevo.Id}`);
    } catch {
      // the toast shows the error
    }
  };
  return (
    <Stack gap="md">
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
      {error && (
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
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="sm">
            {/* Fixed layout: on a phone the huella and long values wrap inside the card instead of overflowing it. */}
            <Table layout="fixed" data-testid="datos-registro">
              <Table.Tbody>
                <Dato label="Emisor">{reg.IDFactura?.IDEmisorFactura ?? reg.IDFactura?.IDEmisorFacturaAnulada}</Dato>
                <Dato label="Factura">
                  {r.IdFactura ? (
                    <Anchor component={Link} to={`/fventa/editar/${r.IdFactura}`}>
                      {r.NumSerieFactura}
                    </Anchor>
                  ) : (
                    r.NumSerieFactura
                  )}{' '}
                  · {fechaAeatTexto(r.FechaExpedicionFactura)}
                </Dato>
                {r.TipoFactura && (
                  <Dato label="Tipo de factura">{TIPOS_FACTURA_VF[r.TipoFactura] ?? r.TipoFactura}</Dato>
                )}
                {r.CuotaTotal !== null && <Dato label="Cuota total">{formatAmount(r.CuotaTotal)}</Dato>}
                {r.ImporteTotal !== null && <Dato label="Importe total">{formatAmount(r.ImporteTotal)}</Dato>}
                <Dato label="Generado">{fechaHoraTexto(r.FechaHoraHusoGenRegistro)}</Dato>
                <Dato label="Huella">
                  <Text size="xs" ff="monospace" data-testid="huella">
                    {r.Huella}
                  </Text>
                </Dato>
                <Dato label="Huella anterior">
                  {r.Anterior ? (
                    <Stack gap={0}>
                      <Text size="xs" ff="monospace" data-testid="huella-anterior">
                        {r.HuellaAnterior}
                      </Text>
                      <Anchor component={Link} to={`/fventavisorvf/editar/${r.Anterior.Id}`} size="xs">
                        {CLASES_VF[r.Anterior.Clase]} de {r.Anterior.NumSerieFactura}
                      </Anchor>
                    </Stack>
                  ) : (
                    <Text size="sm">Primer registro de la cadena</Text>
                  )}
                </Dato>
                <Dato label="Cadena">
                  {r.Cadena.Valida ? (
                    <Badge color="green" variant="light">
                      Encadenamiento y huella correctos
                    </Badge>
                  ) : (
                    <Stack gap={2}>
                      <Badge color="red" variant="light">
                        Cadena rota
                      </Badge>
                      {r.Cadena.Incidencias.map((m) => (
                        <Text size="xs" c="red" key={m}>
                          {m}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Dato>
                {r.Respuesta && (
                  <Dato label="Envío">
                    {r.Respuesta.Enviado ? `Respondido el ${fechaHoraTexto(r.Respuesta.Enviado)}` : 'Pendiente'}
                    {` · ${r.Respuesta.Intentos} ${r.Respuesta.Intentos === 1 ? 'intento' : 'intentos'}`}
                    {r.Respuesta.CSV ? ` · CSV ${r.Respuesta.CSV}` : ''}
                    {r.Respuesta.Retrasado ? ' · generado durante una incidencia' : ''}
                  </Dato>
                )}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="sm">
            {r.UrlQr ? (
              <Stack gap="xs" align="center">
                <QrVerifactu url={r.UrlQr} />
                <Anchor href={r.UrlQr} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                  {r.UrlQr}
                </Anchor>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Los registros de anulación no llevan QR.
              </Text>
            )}
          </Card>
          {(factura.data?.Items.length ?? 0) > 1 && (
            <Card withBorder radius="md" padding="sm" mt="md">
              <Text fw={600} size="sm" mb={4}>
                Registros de esta factura
              </Text>
              {factura.data!.Items.map((x) => (
                <Group key={x.Id} gap="xs">
                  <Anchor
                    component={Link}
                    to={`/fventavisorvf/editar/${x.Id}`}
                    size="sm"
                    fw={x.Id === r.Id ? 700 : 400}
                  >
                    {CLASES_VF[x.Clase as ClaseVf]}
                  </Anchor>
                  <EstadoBadge estado={x.Estado} />
                </Group>
              ))}
            </Card>
          )}
        </Grid.Col>
      </Grid>
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm">
            XML del registro
          </Text>
        </Group>
        <ScrollArea.Autosize
          mah={360}
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'XML del registro' }}
        >
          <Code block data-testid="xml">
            {r.Xml}
          </Code>
        </ScrollArea.Autosize>
      </Card>
    </Stack>
  );
}
