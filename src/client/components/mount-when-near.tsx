import { startTransition, useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';

type Props = {
  /** Render the children at once (small lists need no deferral). */
  eager: boolean;
  /** The height the placeholder keeps until the children are rendered. */
  estimatedHeight: number;
  /** Attributes the placeholder carries too (e.g. a test id and a name), so lookups find every row. */
  placeholderProps?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | undefined>;
  children: ReactNode;
};

/** How far outside the visible area rows are already rendered. */
const MARGIN = '1200px 0px';

/**
 * Renders its children once they come near the visible area and keeps them rendered afterwards,
 * so a long list opens at once and only the rows a user scrolls to are built. The placeholder
 * holds the row's place; it takes the keyboard focus in tab order and hands it on to the row's
 * first control, so keyboard users never skip a row.
 */
export function MountWhenNear({ eager, estimatedHeight, placeholderProps, children }: Props) {
  const [mounted, setMounted] = useState(eager);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (mounted || eager) return;
    const node = placeholder.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setMounted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: rows built while scrolling yield to the user's typing and clicks.
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setMounted(true));
      },
      { rootMargin: MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [mounted, eager]);

  useEffect(() => {
    if (!mounted || !focusOnMount) return;
    wrapper.current
      ?.querySelector<HTMLElement>('input, button, select, textarea, [tabindex]:not([tabindex="-1"])')
      ?.focus();
    setFocusOnMount(false);
  }, [mounted, focusOnMount]);

  if (mounted || eager) return <div ref={wrapper}>{children}</div>;
  return (
    <div
      {...placeholderProps}
      ref={placeholder}
      tabIndex={0}
      aria-busy
      style={{ minHeight: estimatedHeight }}
      onFocus={() => {
        setFocusOnMount(true);
        setMounted(true);
      }}
    />
  );
}
