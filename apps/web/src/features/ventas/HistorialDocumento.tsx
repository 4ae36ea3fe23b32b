import { formatAmount, formatDate, type RecursoVenta } from '@faro/domain';
import { Anchor, Badge, Group, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { EstadoBadges } from './EstadoBadges.tsx';
import { type DocumentoVenta, ETIQUETA_TIPO, RECURSO_DE_TIPO } from './ventasModel.ts';

/**
 * The chain of a document (docventahist): every quote, order, delivery note and invoice linked to it through its
 * lines or a rectification, oldest first, each a link to its editor; the current one is marked.
 */
export function HistorialDocumento({ recurso, id }: { recurso: RecursoVenta; id: number }) {
  const { info } = useReady();
  const hist = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'docventahist'), recurso, id],
    queryFn: () => api.get<{ Items: DocumentoVenta[] }>(`ventas/docventahist/${recurso}/${id}`, { background: true }),
  });
  const items = hist.data?.Items ?? [];
  if (!hist.data) return null;
  if (items.length <= 1)
    return (
      <Text size="sm" c="dimmed" data-testid="historial">
        Este documento no procede de otro ni se ha convertido todavía.
      </Text>
    );
  const actual = items.findIndex((d) => d.Id === id);
  return (
    <Timeline active={actual} bulletSize={14} lineWidth={2} data-testid="historial">
      {items.map((d) => {
        const nombre = `${ETIQUETA_TIPO[d.Tipo]} ${d.NumSerie ?? '(borrador)'}`;
        return (
          <Timeline.Item
            key={d.Id}
            title={
              d.Id === id ? (
                <Text fw={700} size="sm">
                  {nombre} · este documento
                </Text>
              ) : (
                <Anchor component={Link} to={`/${RECURSO_DE_TIPO[d.Tipo]}/editar/${d.Id}`} size="sm" fw={600}>
                  {nombre}
                </Anchor>
              )
            }
          >
            <Group gap="xs" mt={2}>
              <Text size="xs" c="dimmed">
                {formatDate(d.Fecha)} · {formatAmount(d.Total)}
                {d.TipoRectificativa ? ` · ${d.TipoRectificativa}` : ''}
              </Text>
              <EstadoBadges doc={d} size="xs" />
              {d.IdRectificada ? (
                <Badge size="xs" variant="outline" color="orange">
                  Rectificativa
                </Badge>
              ) : null}
            </Group>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
