import { CAMPOS_LLEVADO, CONVERSIONES, type DestinoConversion } from '@faro/domain';
import { Badge, Group, Table, Text } from '@mantine/core';
import { type DocumentoVenta, type LineaDoc, numeroEditable } from './documentosModel.ts';

const TITULOS: Record<DestinoConversion, [string, string]> = {
  pedido: ['Pedido', 'Pendiente de pedir'],
  albaran: ['Servido', 'Pendiente de servir'],
  factura: ['Facturado', 'Pendiente de facturar'],
};

/** The destination kinds whose carried quantities a document's lines show (a quote: order, note, invoice). */
export function destinosLlevado(doc: DocumentoVenta): DestinoConversion[] {
  return (CONVERSIONES[doc.Tipo] ?? []).filter((d): d is DestinoConversion => Object.hasOwn(CAMPOS_LLEVADO, d));
}

/**
 * Partial conversions on the editor of a quote, order or delivery note: per stored line, what was carried into
 * each destination kind and what is still pending (from `edit/{id}`). Nothing until something was carried.
 */
export function LlevadoLineas({ doc }: { doc: DocumentoVenta }) {
  const destinos = destinosLlevado(doc);
  const lineas = (doc.Lineas ?? []).filter((l) => l.Id !== undefined);
  const valor = (l: LineaDoc, campo: keyof LineaDoc) => String(l[campo] ?? '0');
  const algo = lineas.some((l) => destinos.some((d) => Number(valor(l, CAMPOS_LLEVADO[d].llevado)) !== 0));
  if (destinos.length === 0 || !algo) return null;
  return (
    <Table data-testid="llevado-lineas" verticalSpacing={2} fz="xs" mt="xs" withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Línea</Table.Th>
          <Table.Th ta="right">Cantidad</Table.Th>
          {destinos.flatMap((d) => [
            <Table.Th key={`${d}-l`} ta="right">
              {TITULOS[d][0]}
            </Table.Th>,
            <Table.Th key={`${d}-p`} ta="right">
              {TITULOS[d][1]}
            </Table.Th>,
          ])}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lineas.map((l, i) => (
          <Table.Tr key={l.Id}>
            <Table.Td>
              <Text size="xs" truncate maw={280}>
                {i + 1}. {l.Descripcion}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{numeroEditable(l.Cantidad)}</Table.Td>
            {destinos.flatMap((d) => {
              const pendiente = valor(l, CAMPOS_LLEVADO[d].pendiente);
              return [
                <Table.Td key={`${d}-l`} ta="right">
                  {numeroEditable(valor(l, CAMPOS_LLEVADO[d].llevado))}
                </Table.Td>,
                <Table.Td key={`${d}-p`} ta="right">
                  <Group justify="flex-end">
                    {Number(pendiente) === 0 ? (
                      <Badge size="xs" color="green" variant="light">
                        Completo
                      </Badge>
                    ) : (
                      <Badge size="xs" color="orange" variant="light" data-testid={`pendiente-${d}-${l.Id}`}>
                        {numeroEditable(pendiente)}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>,
              ];
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
