import { formatAmount, formatDate } from '@faro/domain';
import { Anchor, Badge, Group, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import type { DocumentoVenta } from './documentosModel.ts';
import { EstadoBadges } from './EstadoBadges.tsx';
import { desdeApi, useLado } from './lado.ts';

/**
 * The chain of a document (docventahist): every quote, order, delivery note and invoice linked to it through its
 * lines or a rectification, oldest first, each a link to its editor; the current one is marked.
 */
export function HistorialDocumento({ recurso, id }: { recurso: string; id: number }) {
  const { info } = useReady();
  const lado = useLado();
  const hist = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, lado.historial), recurso, id],
    queryFn: async () => {
      const r = await api.get<{ Items: DocumentoVenta[] }>(`${lado.area}/${lado.historial}/${recurso}/${id}`, {
        background: true,
      });
      return { Items: r.Items.map((d) => desdeApi(lado, d)) };
    },
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
        const nombre = `${lado.etiquetaTipo[d.Tipo] ?? d.Tipo} ${d.NumSerie ?? '(borrador)'}`;
        return (
          <Timeline.Item
            key={d.Id}
            title={
              d.Id === id ? (
                <Text fw={700} size="sm">
                  {nombre} · este documento
                </Text>
              ) : (
                <Anchor component={Link} to={`/${lado.recursoDeTipo[d.Tipo]}/editar/${d.Id}`} size="sm" fw={600}>
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
