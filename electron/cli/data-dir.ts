/** The --data-dir option's default: the desktop app's folder (one definition, shared/app-folder.ts). */
export { APP_DIR_NAME, defaultDataDir } from '../../shared/app-folder';
