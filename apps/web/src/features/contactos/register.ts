import { registerExtensions } from '../../ui/extensions.ts';
import { ContactosInput, DireccionesEnvioInput } from './JsonListInput.tsx';

registerExtensions({
  inputs: {
    'clientes.Contactos': ContactosInput,
    'clientes.DireccionesEnvio': DireccionesEnvioInput,
    'clientespot.Contactos': ContactosInput,
    'proveedores.Contactos': ContactosInput,
  },
});
