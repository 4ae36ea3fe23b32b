import { formatAmount, formatNumber } from '@faro/domain';
import { Card, Divider, Group, Stack, Text } from '@mantine/core';
import type { DesgloseDoc } from './documentosModel.ts';

export interface TotalesVista {
  BaseImponible: string;
  TotalIva: string;
  TotalRecargo: string;
  TotalRetencion: string;
  Total: string;
  Desglose: DesgloseDoc[];
}

/** Base, the breakdown per rate (base, quota, surcharge), withholding and total. */
export function TotalesCard({ totales, porcRetencion }: { totales: TotalesVista; porcRetencion: string }) {
  const fila = (label: React.ReactNode, valor: string, testid?: string, negativo = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testid} style={{ whiteSpace: 'nowrap' }}>
        {negativo && Number(valor) ? `−${formatAmount(valor)}` : formatAmount(valor)}
      </Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="totales">
      <Stack gap={6}>
        {fila('Base imponible', totales.BaseImponible, 'total-base')}
        {totales.Desglose.map((d) => (
          <div key={d.TipoIva}>
            {fila(
              `${Number(d.PorcentajeIva) === 0 ? 'Exento / 0 %' : `IVA ${formatNumber(d.PorcentajeIva).replace(/,00$/, '')} %`} sobre ${formatAmount(d.Base)}`,
              d.Cuota,
              `cuota-${d.TipoIva}`,
            )}
            {Number(d.CuotaRecargo) !== 0 &&
              fila(`Recargo ${formatNumber(d.PorcentajeRecargo)} % sobre ${formatAmount(d.Base)}`, d.CuotaRecargo)}
          </div>
        ))}
        {Number(totales.TotalRetencion) !== 0 &&
          fila(`Retención IRPF ${porcRetencion || ''} %`, totales.TotalRetencion, 'total-retencion', true)}
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700} size="lg">
            Total
          </Text>
          <Text fw={700} size="xl" data-testid="total">
            {formatAmount(totales.Total)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
