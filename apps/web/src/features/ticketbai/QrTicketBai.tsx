import { codificarQr, LEYENDA_TBAI } from '@faro/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { ESTADOS_TBAI_VISTA, type EstadoTbai } from './ticketbaiModel.ts';

export function EstadoTbaiBadge({ estado }: { estado: EstadoTbai | 'pendiente' }) {
  const e =
    estado === 'pendiente'
      ? { label: 'Sin enviar', color: 'gray' }
      : (ESTADOS_TBAI_VISTA[estado] ?? { label: estado, color: 'gray' });
  return (
    <Badge size="sm" variant="light" color={e.color}>
      {e.label}
    </Badge>
  );
}

/** The TicketBAI QR (level M) with the identifier above it and the legend below, as printed on the invoice. */
export function QrTicketBai({
  url,
  identificador,
  tamano = 160,
}: {
  url: string;
  identificador: string;
  tamano?: number;
}) {
  const { modulos } = codificarQr(url);
  const margen = 4;
  const lado = modulos.length + margen * 2;
  let d = '';
  modulos.forEach((fila, y) => {
    fila.forEach((oscuro, x) => {
      if (oscuro) d += `M${x + margen} ${y + margen}h1v1h-1z`;
    });
  });
  return (
    <Stack gap={2} align="center">
      <Text size="xs" ff="monospace">
        {identificador}
      </Text>
      <svg
        role="img"
        aria-label="Código QR TicketBAI"
        viewBox={`0 0 ${lado} ${lado}`}
        width={tamano}
        height={tamano}
        shapeRendering="crispEdges"
      >
        <rect width={lado} height={lado} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      <Text size="xs" fw={700}>
        {LEYENDA_TBAI}
      </Text>
    </Stack>
  );
}
