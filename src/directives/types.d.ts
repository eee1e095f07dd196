import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the visitor's first focus, pointer or touch inside the island (src/directives/interact.ts). */
    'client:interact'?: boolean;
  }
}
