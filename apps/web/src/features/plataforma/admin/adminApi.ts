import { ACCOUNT_TYPES, TIPOS_CUENTA_TEXTO } from '@faro/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';

/** The platform administrator's API. */
export const ADM = 'usuarios/administrador';

/** The account types as select options. */
export const TIPOS = ACCOUNT_TYPES.map((t) => ({ value: t, label: TIPOS_CUENTA_TEXTO[t] }));

/** After a change: every platform list again. */
export const useRecargar = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['plataforma'] });
};

/** Save a new version of an admin content (`…/{accion}/save`): post it, say so and show every platform list again. */
export const usePublicar = () => {
  const recargar = useRecargar();
  return async (accion: string, cuerpo: unknown, hecho: string) => {
    await api.post(`${ADM}/${accion}/save`, cuerpo);
    notifySuccess(hecho);
    await recargar();
  };
};
