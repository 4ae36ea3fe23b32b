import { codificarQr } from '@faro/domain';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const MARGEN = 4;

/** The SVG path of the dark modules, one unit square each, inside a quiet zone of four modules. */
function trazo(modulos: boolean[][]): string {
  let d = '';
  modulos.forEach((fila, y) => {
    fila.forEach((oscuro, x) => {
      if (oscuro) d += `M${x + MARGEN} ${y + MARGEN}h1v1h-1z`;
    });
  });
  return d;
}

/**
 * A channel's QR (the domain's encoder, level M) with the text printed above it and the legend below, as on the
 * invoice: VeriFactu's "QR tributario:" and "VERI*FACTU", TicketBAI's identifier and its logo text.
 */
export function QrFiscal({
  url,
  etiqueta,
  arriba,
  arribaMonospace = false,
  abajo,
  tamano = 160,
}: {
  url: string;
  /** The image's accessible name. */
  etiqueta: string;
  arriba: ReactNode;
  arribaMonospace?: boolean;
  abajo: ReactNode;
  tamano?: number;
}) {
  const { modulos } = codificarQr(url);
  const lado = modulos.length + MARGEN * 2;
  return (
    <Stack gap={2} align="center">
      <Text size="xs" ff={arribaMonospace ? 'monospace' : undefined}>
        {arriba}
      </Text>
      <svg
        role="img"
        aria-label={etiqueta}
        viewBox={`0 0 ${lado} ${lado}`}
        width={tamano}
        height={tamano}
        shapeRendering="crispEdges"
      >
        <rect width={lado} height={lado} fill="#fff" />
        <path d={trazo(modulos)} fill="#000" data-testid="qr-modulos" />
      </svg>
      <Text size="xs" fw={700}>
        {abajo}
      </Text>
    </Stack>
  );
}
