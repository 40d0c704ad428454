/** Whether the player asked for reduced motion: then nothing moves by itself (WCAG 2.2.2; the carousels' and counters' machines read it at start). */
export const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
