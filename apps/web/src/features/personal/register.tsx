import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { type EditPanelProps, registerExtensions } from '../../ui/extensions.ts';
import { EmpleadoDocumentos } from './EmpleadoDocumentos.tsx';

/** Under an employee's form: their time clock, absences, contracts, and their photo and documents. */
function EmpleadoPanel({ id, readOnly, level }: EditPanelProps) {
  return (
    <Stack>
      <Button.Group>
        <Button component={Link} to="/controlhorario/lista" variant="light">
          Control horario
        </Button>
        <Button component={Link} to={`/ausencias/lista?IdEmpleado=${id}`} variant="default">
          Ausencias y situaciones
        </Button>
        <Button component={Link} to={`/contratos/lista?IdEmpleado=${id}`} variant="default">
          Contratos
        </Button>
        <Button component={Link} to="/festivos/lista" variant="default">
          Calendario de festivos
        </Button>
      </Button.Group>
      <EmpleadoDocumentos id={id} readOnly={readOnly} level={level} />
    </Stack>
  );
}

/** Beside 'Nuevo comercial': the commission rules and the commission report. */
function ComercialesAcciones() {
  return (
    <Button.Group>
      <Button component={Link} to="/comisiones/lista" variant="default">
        Informe de comisiones
      </Button>
      <Button component={Link} to="/reglascomision/lista" variant="default">
        Reglas de comisión
      </Button>
    </Button.Group>
  );
}

registerExtensions({
  panels: { empleados: EmpleadoPanel },
  createActions: {
    comerciales: ComercialesAcciones,
    empleados: () => (
      <Button component={Link} to="/controlhorario/lista" variant="default">
        Control horario
      </Button>
    ),
  },
});
