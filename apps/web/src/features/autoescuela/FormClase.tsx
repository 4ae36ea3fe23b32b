import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { ligarNumero, ligarTexto } from '../../ui/form/erroresCampo.ts';
import type { ClasePractica, Opcion } from './autoescuelaApi.ts';
import { cuerpo, type Valores } from './clasesModel.ts';

/** Book or change a class (the keyboard alternative to dragging), and close it (done, no-show, cancelled). */
export function FormClase(p: {
  inicial: Valores;
  clase: ClasePractica | null;
  profesores: Opcion[];
  vehiculos: Opcion[];
  alumnos: Opcion[];
  onCerrar: () => void;
  onHecho: () => Promise<void>;
}) {
  const [v, setV] = useState<Valores>(p.inicial);
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const cerrada = p.clase && ['realizada', 'anulada', 'nopresentado'].includes(p.clase.Estado);
  const ejecutar = async (trabajo: () => Promise<unknown>, ok: string) => {
    setOcupado(true);
    setError(null);
    try {
      await trabajo();
      notifySuccess(ok);
      await p.onHecho();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
      else throw err;
    } finally {
      setOcupado(false);
    }
  };
  const guardar = () =>
    ejecutar(
      () =>
        p.clase
          ? api.put(`formacion/clases/save/${p.clase.Id}`, cuerpo(v))
          : api.post('formacion/clases/save', cuerpo(v)),
      p.clase ? 'Clase guardada' : 'Clase reservada',
    );
  const estado = (Estado: string, ok: string) =>
    ejecutar(() => api.post(`formacion/clases/estado/${p.clase!.Id}`, { Estado }), ok);
  const campo = ligarTexto(v, setV);
  const conVacio = (o: Opcion[], texto: string) => [{ value: '', label: texto }, ...o];
  return (
    <Card withBorder padding="md" component="section" aria-label={p.clase ? 'Clase' : 'Nueva clase'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void guardar();
        }}
      >
        <Stack>
          <Title order={3} size="h4">
            {p.clase ? `Clase de ${p.clase.Alumno}` : 'Nueva clase'}
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <NativeSelect
              label="Profesor"
              required
              data={conVacio(p.profesores, 'Elige un profesor')}
              {...campo('IdProfesor')}
            />
            <NativeSelect
              label="Alumno"
              required
              data={conVacio(p.alumnos, 'Elige un alumno')}
              {...campo('IdAlumno')}
            />
            <NativeSelect label="Vehículo" data={conVacio(p.vehiculos, 'Sin vehículo')} {...campo('IdVehiculo')} />
            <TextInput label="Punto de recogida" maxLength={200} {...campo('Recogida')} />
            <TextInput type="date" label="Fecha" required {...campo('Fecha')} />
            <TextInput type="time" label="Hora" required step={300} {...campo('Hora')} />
            <NumberInput label="Minutos" min={15} max={240} step={15} {...ligarNumero(v, setV)('Minutos')} />
          </SimpleGrid>
          <Group>
            {!cerrada && (
              <Button type="submit" loading={ocupado}>
                {p.clase ? 'Guardar cambios' : 'Reservar'}
              </Button>
            )}
            {p.clase && !cerrada && (
              <>
                <Button variant="default" onClick={() => estado('realizada', 'Clase realizada')} disabled={ocupado}>
                  Realizada
                </Button>
                <Button
                  variant="default"
                  onClick={() => estado('nopresentado', 'Clase marcada como no presentado')}
                  disabled={ocupado}
                >
                  No presentado
                </Button>
                <Button color="red" onClick={() => estado('anulada', 'Clase anulada')} disabled={ocupado}>
                  Anular
                </Button>
              </>
            )}
            <Button variant="default" onClick={p.onCerrar}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
