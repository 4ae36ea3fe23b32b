import { Anchor, Card, Code, Grid, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

/** The record's XML as the viewer shows it: title, the region's accessible name, and how high the box grows. */
export interface XmlVisor {
  titulo: string;
  etiqueta: string;
  texto: string;
  /** Grows up to `max`, or is `fijo` high with the lines wrapped (a signed file is one long line). */
  alto: { max: number } | { fijo: number };
}

/**
 * The viewer of one record: the channel's heading and answer, its data beside the QR (its URL linked under it, or
 * why there is none) and whatever else the channel lists there, and the XML below. Each channel fills the blocks:
 * its data rows differ (hashes for VeriFactu, the signature for TicketBAI).
 */
export function VisorRegistro({
  cabecera,
  aviso,
  datos,
  qr,
  sinQr,
  lateral,
  xml,
  maw,
}: {
  cabecera: ReactNode;
  aviso?: ReactNode;
  datos: ReactNode;
  qr: { url: string; simbolo: ReactNode } | null;
  sinQr?: string;
  lateral?: ReactNode;
  xml: XmlVisor;
  maw?: number;
}) {
  return (
    <Stack gap="md" maw={maw}>
      {cabecera}
      {aviso}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="sm">
            {datos}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {qr ? (
            <Card withBorder padding="sm">
              <Stack gap="xs" align="center">
                {qr.simbolo}
                <Anchor href={qr.url} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                  {qr.url}
                </Anchor>
              </Stack>
            </Card>
          ) : (
            sinQr && (
              <Card withBorder padding="sm">
                <Text size="sm" c="dimmed">
                  {sinQr}
                </Text>
              </Card>
            )
          )}
          {lateral}
        </Grid.Col>
      </Grid>
      <BloqueXml {...xml} />
    </Stack>
  );
}

/** A row of the data table: its label and value, or nothing when the record lacks it. */
export type Dato = readonly [label: string, valor: ReactNode] | false | null | undefined | '' | 0;

/** The record's data as label/value rows; long values (hashes, signatures) wrap inside the card. */
export function TablaDatos({
  filas,
  anchoEtiqueta,
  corte,
  fija = false,
  testId,
}: {
  filas: Dato[];
  /** The label column's width on a phone (220 from `sm`). */
  anchoEtiqueta: number;
  /** How a value breaks to stay inside its cell. */
  corte: CSSProperties;
  /** Fixed layout: on a phone the long values wrap instead of widening the table. */
  fija?: boolean;
  testId?: string;
}) {
  return (
    <Table layout={fija ? 'fixed' : undefined} data-testid={testId}>
      <Table.Tbody>
        {filas.map(
          (f) =>
            f && (
              <Table.Tr key={f[0]}>
                <Table.Th w={{ base: anchoEtiqueta, sm: 220 }} fw={500} c="dimmed">
                  {f[0]}
                </Table.Th>
                <Table.Td style={corte}>{f[1]}</Table.Td>
              </Table.Tr>
            ),
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The invoice a record belongs to, linked to the invoice when it is still there, and its date. */
export function FacturaDelRegistro({
  idFactura,
  numero,
  fecha,
}: {
  idFactura: number | null;
  numero: string;
  fecha: string;
}) {
  return (
    <>
      {idFactura ? (
        <Anchor component={Link} to={`/fventa/editar/${idFactura}`}>
          {numero}
        </Anchor>
      ) : (
        numero
      )}{' '}
      · {fecha}
    </>
  );
}

/** The record's XML as sent, in a scrollable region reachable by keyboard. */
function BloqueXml({ titulo, etiqueta, texto, alto }: XmlVisor) {
  const viewportProps = { tabIndex: 0, role: 'region', 'aria-label': etiqueta };
  return (
    <Card withBorder padding="sm">
      <Text fw={600} size="sm" mb={4}>
        {titulo}
      </Text>
      {'max' in alto ? (
        <ScrollArea.Autosize mah={alto.max} viewportProps={viewportProps}>
          <Code block data-testid="xml">
            {texto}
          </Code>
        </ScrollArea.Autosize>
      ) : (
        <ScrollArea h={alto.fijo} type="auto" viewportProps={viewportProps}>
          <Code block data-testid="xml" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {texto}
          </Code>
        </ScrollArea>
      )}
    </Card>
  );
}
