import { Badge } from '@mantine/core';
import { ESTADOS_REGISTRO, type EstadoVista } from './canal.ts';

/** The state badge of a record (queues, viewers, the invoice editor); a state the map lacks shows as it is. */
export function EstadoBadge({
  estado,
  estados = ESTADOS_REGISTRO,
}: {
  estado: string;
  estados?: Partial<Record<string, EstadoVista>>;
}) {
  const e = estados[estado] ?? { label: estado, color: 'gray' };
  return (
    <Badge size="sm" variant="light" color={e.color}>
      {e.label}
    </Badge>
  );
}
