/** Translation namespaces found in public/locales/en at build time (vite.config.ts). */
declare const __NAMESPACES__: string[];
