import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ligarTexto, useErroresCampo } from '../../../ui/form/erroresCampo.ts';
import { Pagina, useLista } from '../comun.tsx';
import { ADM, usePublicar } from './adminApi.ts';

interface Version {
  Id: number;
  Version: string;
  Fecha: string;
  Notas: string;
}

/** admversiones/editar: the product version and its release notes (the newest is the one users see). */
export function Versiones() {
  const publicar = usePublicar();
  const q = useLista<Version>(`${ADM}/admversiones/list`);
  const [v, setV] = useState({ Version: '', Fecha: new Date().toISOString().slice(0, 10), Notas: '' });
  const { errores: err, intentar } = useErroresCampo();
  const texto = ligarTexto(v, setV, err);
  return (
    <Pagina titulo="Versiones">
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Publicar una versión
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Versión" withAsterisk placeholder="1.4.0" {...texto('Version')} />
            <TextInput label="Fecha" withAsterisk type="date" {...texto('Fecha')} />
          </SimpleGrid>
          <Textarea label="Notas de la versión" withAsterisk autosize minRows={4} {...texto('Notas')} />
          <Group>
            <Button
              onClick={() => intentar(() => publicar('admversiones', v, 'Los datos se han guardado correctamente'))}
            >
              Publicar
            </Button>
          </Group>
        </Stack>
      </Card>
      {(q.data?.Items ?? []).map((x, i) => (
        <Card key={x.Id} withBorder>
          <Group gap="xs">
            <Title order={2} fz="h4">
              Versión {x.Version}
            </Title>
            {i === 0 && <Badge variant="light">Actual</Badge>}
            <Text size="sm" c="dimmed">
              {x.Fecha.split('-').reverse().join('/')}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{x.Notas}</Text>
        </Card>
      ))}
    </Pagina>
  );
}
