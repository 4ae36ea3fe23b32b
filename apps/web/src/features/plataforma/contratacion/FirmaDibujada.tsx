import { Button, Group, Stack, Text } from '@mantine/core';
import { type PointerEvent, useEffect, useRef } from 'react';

const ANCHO = 480;
const ALTO = 160;

/**
 * A signature drawn on screen (mouse, finger or pen) as a PNG data URL; `onChange(null)` when cleared. Drawing is
 * optional: the typed name is the signature for those who use the keyboard, as the hint below the pad says.
 */
export function FirmaDibujada({ onChange }: { onChange: (png: string | null) => void }) {
  const lienzo = useRef<HTMLCanvasElement>(null);
  const trazando = useRef(false);
  const dibujado = useRef(false);

  useEffect(() => {
    const ctx = lienzo.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a1b1e';
  }, []);

  const punto = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * ANCHO) / r.width, y: ((e.clientY - r.top) * ALTO) / r.height };
  };
  const empezar = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    trazando.current = true;
    const { x, y } = punto(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const mover = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!trazando.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const { x, y } = punto(e);
    ctx?.lineTo(x, y);
    ctx?.stroke();
    dibujado.current = true;
  };
  const terminar = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!trazando.current) return;
    trazando.current = false;
    dibujado.current = true;
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const borrar = () => {
    const c = lienzo.current;
    c?.getContext('2d')?.clearRect(0, 0, ANCHO, ALTO);
    dibujado.current = false;
    onChange(null);
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="firma-dibujada-titulo">
        Firma dibujada (opcional)
      </Text>
      <canvas
        ref={lienzo}
        width={ANCHO}
        height={ALTO}
        role="img"
        aria-labelledby="firma-dibujada-titulo"
        aria-describedby="firma-dibujada-ayuda"
        data-testid="firma-dibujada"
        onPointerDown={empezar}
        onPointerMove={mover}
        onPointerUp={terminar}
        onPointerLeave={terminar}
        style={{
          width: '100%',
          maxWidth: ANCHO,
          aspectRatio: `${ANCHO} / ${ALTO}`,
          border: '1px dashed var(--mantine-color-gray-6)',
          borderRadius: 4,
          touchAction: 'none',
          background: '#fff',
          cursor: 'crosshair',
        }}
      />
      <Group justify="space-between" gap="xs" maw={ANCHO}>
        <Text size="xs" c="dimmed" id="firma-dibujada-ayuda">
          Dibuja tu firma con el ratón, el dedo o un lápiz. Si usas el teclado, basta con tu nombre escrito.
        </Text>
        <Button size="xs" variant="default" onClick={borrar}>
          Borrar la firma dibujada
        </Button>
      </Group>
    </Stack>
  );
}
