import { ES_FACTURA } from '@faro/domain';
import { Badge, type BadgeProps, Group } from '@mantine/core';
import { COLOR_ESTADO, type DocumentoVenta } from './ventasModel.ts';

/** Status badges of a document: its status, and the collection status (invoices) or Facturado (the others). */
export function EstadoBadges({
  doc,
  size = 'sm',
}: {
  doc: Pick<DocumentoVenta, 'Tipo' | 'Estado' | 'EstadoCobro' | 'Facturado' | 'Numero'>;
  size?: BadgeProps['size'];
}) {
  const factura = ES_FACTURA(doc.Tipo);
  return (
    <Group gap={4} wrap="nowrap" data-testid="estado">
      <Badge size={size} variant="light" color={COLOR_ESTADO[doc.Estado] ?? 'gray'}>
        {doc.Estado}
      </Badge>
      {factura && doc.Numero !== null && doc.Estado !== 'Anulada' && doc.EstadoCobro && (
        <Badge size={size} variant="dot" color={COLOR_ESTADO[doc.EstadoCobro] ?? 'yellow'}>
          {doc.EstadoCobro}
        </Badge>
      )}
      {!factura && doc.Facturado && (
        <Badge size={size} variant="dot" color={COLOR_ESTADO.Facturado}>
          Facturado
        </Badge>
      )}
    </Group>
  );
}
