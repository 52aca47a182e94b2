import type { ComponentChildren } from 'preact';

/**
 * A table wider than a phone: it scrolls sideways inside this box instead of pushing the page
 * wider, and the box is a named tab stop, so the keyboard can scroll it too.
 */
export function TableScroll(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be scrolled (WCAG 2.1.1)
    <section class="table-scroll" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}
