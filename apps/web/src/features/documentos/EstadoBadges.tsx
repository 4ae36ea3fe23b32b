import { ES_FACTURA } from '@faro/domain';
import { Badge, type BadgeProps, Group } from '@mantine/core';
import { COLOR_ESTADO, type DocumentoVenta } from './documentosModel.ts';

/**
 * Status badges of a document: its status, and the collection status (invoices) or Facturado (the others). They
 * wrap to a second line instead of being cut ("EMITI…", "COBRADO PARCIALM…") when the cell is narrow.
 */
/** A badge keeps its whole text: it never shrinks below it. */
const ENTERA = { flexShrink: 0, maxWidth: 'none', overflow: 'visible' } as const;

export function EstadoBadges({
  doc,
  size = 'sm',
}: {
  doc: Pick<DocumentoVenta, 'Tipo' | 'Estado' | 'EstadoCobro' | 'Facturado' | 'Numero'>;
  size?: BadgeProps['size'];
}) {
  const factura = ES_FACTURA(doc.Tipo);
  return (
    <Group gap={4} wrap="wrap" data-testid="estado">
      <Badge size={size} variant="light" color={COLOR_ESTADO[doc.Estado] ?? 'gray'} style={ENTERA}>
        {doc.Estado}
      </Badge>
      {factura && doc.Numero !== null && doc.Estado !== 'Anulada' && doc.EstadoCobro && (
        <Badge size={size} variant="dot" color={COLOR_ESTADO[doc.EstadoCobro] ?? 'yellow'} style={ENTERA}>
          {doc.EstadoCobro}
        </Badge>
      )}
      {!factura && doc.Facturado && (
        <Badge size={size} variant="dot" color={COLOR_ESTADO.Facturado} style={ENTERA}>
          Facturado
        </Badge>
      )}
    </Group>
  );
}
