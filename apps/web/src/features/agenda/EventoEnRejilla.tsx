import { Box, UnstyledButton } from '@mantine/core';
import { type PointerEvent as RPointerEvent, useRef, useState } from 'react';
import { ALTO_HORA, type Evento, etiquetaTipo, finDe, HORA_INICIO } from './agendaModel.ts';
import { hora } from './calendario.ts';

/** An event in the week/day grid: positioned by its times, dragged to another slot, resized by its bottom edge. */
export function EventoEnRejilla({
  e,
  color,
  onAbrir,
  onDragStart,
  onRedimensionar,
}: {
  e: Evento;
  color: string;
  onAbrir: () => void;
  onDragStart: () => void;
  onRedimensionar: (fin: Date) => void;
}) {
  const ini = new Date(e.Inicio);
  const fin = finDe(e);
  const top = ((ini.getHours() - HORA_INICIO) * 60 + ini.getMinutes()) * (ALTO_HORA / 60);
  const [alto, setAlto] = useState<number | null>(null);
  const base = Math.max(18, ((fin.getTime() - ini.getTime()) / 60_000) * (ALTO_HORA / 60));
  const tirar = useRef<{ y: number; h: number } | null>(null);
  const paso = ALTO_HORA / 4; // 15 minutes
  return (
    <Box
      draggable={!e.Enlace}
      onDragStart={(ev) => {
        ev.dataTransfer.setData('text/plain', String(e.Id));
        onDragStart();
      }}
      pos="absolute"
      left={2}
      right={2}
      top={Math.max(0, top)}
      h={alto ?? base}
      style={{
        background: 'var(--mantine-color-gray-0)',
        borderLeft: `4px solid ${color}`,
        borderRadius: 4,
        overflow: 'hidden',
        fontSize: 12,
        zIndex: 1,
      }}
    >
      <UnstyledButton
        onClick={onAbrir}
        fz={12}
        px={4}
        w="100%"
        ta="left"
        aria-label={`${hora(ini)} ${e.Asunto} · ${etiquetaTipo(e.Tipo)}, hasta las ${hora(fin)}`}
      >
        <b>{hora(ini)}</b> {e.Asunto}
      </UnstyledButton>
      <Box
        aria-hidden
        display={e.Enlace ? 'none' : undefined}
        pos="absolute"
        bottom={0}
        left={0}
        right={0}
        h={6}
        style={{ cursor: 'ns-resize' }}
        onPointerDown={(ev: RPointerEvent) => {
          ev.preventDefault();
          ev.stopPropagation();
          (ev.target as HTMLElement).setPointerCapture(ev.pointerId);
          tirar.current = { y: ev.clientY, h: base };
        }}
        onPointerMove={(ev: RPointerEvent) => {
          if (!tirar.current) return;
          const h = Math.max(paso, Math.round((tirar.current.h + ev.clientY - tirar.current.y) / paso) * paso);
          setAlto(h);
        }}
        onPointerUp={() => {
          if (!tirar.current) return;
          tirar.current = null;
          if (alto !== null && alto !== base) onRedimensionar(new Date(ini.getTime() + (alto / ALTO_HORA) * 3_600_000));
          setAlto(null);
        }}
      />
    </Box>
  );
}
