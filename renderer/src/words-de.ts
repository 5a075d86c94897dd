/// <reference types="vite/client" />
/** The German catalog as the window loads it (its own chunk, renderer/src/lang-catalog.ts): every area of shared/i18n/de. */
import type { Catalog } from '../../shared/i18n';

const areas = import.meta.glob<Record<string, unknown>>('../../shared/i18n/de/*.ts', { eager: true });

export const deCatalog = Object.assign({}, ...Object.values(areas)) as Catalog;
