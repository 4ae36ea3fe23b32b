import { registerExtensions } from '../../ui/extensions.ts';
import { IMPORTABLE, ImportButton } from './ImportWizard.tsx';

registerExtensions({ createActions: Object.fromEntries([...IMPORTABLE].map((name) => [name, ImportButton])) });
