// Monaco's diff editor features, for the compare view only (it loads on first use, after the editor).
import 'monaco-editor/features/diffEditor/register';
import { monaco } from './monaco-setup.ts';

export { monaco };
