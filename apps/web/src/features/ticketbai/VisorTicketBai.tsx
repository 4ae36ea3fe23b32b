import { formatAmount } from '@faro/domain';
import { Alert, Anchor, Card, Code, Grid, Group, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EstadoTbaiBadge, QrTicketBai } from './QrTicketBai.tsx';
import {
  CLASES_TBAI,
  ENTIDAD_TBAI,
  type FicheroVista,
  fechaHoraTexto,
  fechaTexto,
  numeroTexto,
  RUTA_TBAI,
} from './ticketbaiModel.ts';

function Dato({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 110, sm: 220 }} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-all' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

// The viewer of one TicketBAI file (lroefactemitidas/editar/{id}): signature, chain, QR, state and the answer.
export function VisorTicketBai({ id }: { id: number }) {
  usePageTitle('Fichero TicketBAI');
  const { info } = useReady();
  const q = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_TBAI), 'fichero', id],
    queryFn: () => api.get<FicheroVista>(`${RUTA_TBAI}/edit/${id}`),
  });
  const f = q.data;
  if (q.isError) return <Alert color="gray">No existe ese fichero TicketBAI</Alert>;
  if (!f) return <Loader size="sm" />;
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {CLASES_TBAI[f.Clase]} TicketBAI · {numeroTexto(f)}
        </Title>
        <Group gap="xs">
          <Anchor component={Link} to="/lroefactemitidas/lista" size="sm">
            Volver a la lista
          </Anchor>
          <Anchor href={`/api/${RUTA_TBAI}/xml/${f.Id}`} size="sm">
            Descargar XML
          </Anchor>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="sm">
            <Table>
              <Table.Tbody>
                <Dato label="Estado">
                  <Group gap={6}>
                    <EstadoTbaiBadge estado={f.Estado} />
                    {f.NumeroRegistro && <Text size="sm">Registro {f.NumeroRegistro}</Text>}
                  </Group>
                </Dato>
                {f.DescripcionError && (
                  <Dato label="Respuesta">
                    <Text size="sm" c={f.Estado === 'rechazado' ? 'red' : undefined}>
                      {f.CodigoError ? `(${f.CodigoError}) ` : ''}
                      {f.DescripcionError}
                    </Text>
                  </Dato>
                )}
                <Dato label="Factura">
                  {f.IdFactura ? (
                    <Anchor component={Link} to={`/fventa/editar/${f.IdFactura}`}>
                      {numeroTexto(f)}
                    </Anchor>
                  ) : (
                    numeroTexto(f)
                  )}{' '}
                  · {fechaTexto(f.Fecha)}
                </Dato>
                {f.ImporteTotal && <Dato label="Importe total">{formatAmount(f.ImporteTotal)}</Dato>}
                {f.Identificador && (
                  <Dato label="Identificador TBAI">
                    <Text ff="monospace" size="sm">
                      {f.Identificador}
                    </Text>
                  </Dato>
                )}
                <Dato label="Firmante">{f.Firmante ?? '—'}</Dato>
                <Dato label="Política de firma">{f.Politica ?? '—'}</Dato>
                <Dato label="Firma (SignatureValue)">
                  <Text ff="monospace" size="xs">
                    {f.SignatureValue.slice(0, 100)}…
                  </Text>
                </Dato>
                {f.Clase === 'alta' && (
                  <Dato label="Encadenamiento">
                    {f.Anterior ? (
                      <Stack gap={2}>
                        <Anchor component={Link} to={`/lroefactemitidas/editar/${f.Anterior.Id}`} size="sm">
                          Anterior: {f.Anterior.Serie}
                          {f.Anterior.Numero} ({fechaTexto(f.Anterior.Fecha)})
                        </Anchor>
                        <Text ff="monospace" size="xs">
                          {f.FirmaAnterior}
                        </Text>
                      </Stack>
                    ) : (
                      'Primer fichero de la serie'
                    )}
                  </Dato>
                )}
                <Dato label="Cadena">
                  {f.Cadena.Valida ? (
                    <Text size="sm" fw={600}>
                      Correcta
                    </Text>
                  ) : (
                    f.Cadena.Incidencias.map((i) => (
                      <Text key={i} size="sm" c="red">
                        {i}
                      </Text>
                    ))
                  )}
                </Dato>
                <Dato label="Generado">{fechaHoraTexto(f.Creado)}</Dato>
                <Dato label="Enviado">{fechaHoraTexto(f.Enviado)}</Dato>
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {f.UrlQr && f.Identificador && (
            <Card withBorder padding="sm">
              <Stack gap="xs" align="center">
                <QrTicketBai url={f.UrlQr} identificador={f.Identificador} />
                <Anchor href={f.UrlQr} size="xs" target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
                  {f.UrlQr}
                </Anchor>
              </Stack>
            </Card>
          )}
        </Grid.Col>
      </Grid>
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={4}>
          Fichero firmado (XML)
        </Text>
        <ScrollArea
          h={260}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'XML del fichero firmado' }}
        >
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {f.Xml}
          </Code>
        </ScrollArea>
      </Card>
    </Stack>
  );
}
