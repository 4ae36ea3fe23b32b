import { codificarQr, IMPRESION_QR } from '@faro/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { ESTADOS_VF, type EstadoVf } from './verifactuModel.ts';

// The state badge of a VeriFactu record and the tax QR, shared by the viewer, the queue and the invoice editor.
export function EstadoBadge({ estado }: { estado: EstadoVf }) {
  const e = ESTADOS_VF[estado] ?? { label: estado, color: 'gray' };
  return (
    <Badge size="sm" variant="light" color={e.color}>
      {e.label}
    </Badge>
  );
}

/** The QR of a cotejo URL drawn from the domain's encoder (level M), with the legends of the printed invoice. */
export function QrVerifactu({ url, tamano = 160 }: { url: string; tamano?: number }) {
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
      <Text size="xs">{IMPRESION_QR.leyendaSuperior}</Text>
      <svg
        role="img"
        aria-label="Código QR tributario"
        viewBox={`0 0 ${lado} ${lado}`}
        width={tamano}
        height={tamano}
        shapeRendering="crispEdges"
      >
        <rect width={lado} height={lado} fill="#fff" />
        <path d={d} fill="#000" data-testid="qr-modulos" />
      </svg>
      <Text size="xs" fw={700}>
        {IMPRESION_QR.leyendaInferior}
      </Text>
    </Stack>
  );
}
