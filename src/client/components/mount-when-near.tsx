import { useCallback, useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

type Props = {
  /** Render the children at once and keep them (small lists need no deferral). */
  eager: boolean;
  /** The height the placeholder keeps until the children were rendered once (then their measured height). */
  estimatedHeight: number;
  /** Attributes the placeholder carries too (e.g. a test id and a name), so lookups find every row. */
  placeholderProps?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | undefined>;
  children: ReactNode;
};

/** How far outside the visible area rows are already rendered. */
const NEAR = '1200px 0px';
/** How far outside the visible area rendered rows are given up again (farther than NEAR, so rows do not flicker). */
const FAR = '2400px 0px';

type Watch = (entry: IntersectionObserverEntry) => void;

/**
 * One IntersectionObserver for all rows of a margin (hundreds of observers, one per row, cost a
 * computation each per frame).
 */
function sharedObserver(rootMargin: string) {
  let observer: IntersectionObserver | null = null;
  const watches = new Map<Element, Watch>();
  return (node: Element, watch: Watch) => {
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) watches.get(entry.target)?.(entry);
      },
      { rootMargin },
    );
    watches.set(node, watch);
    observer.observe(node);
    return () => {
      observer?.unobserve(node);
      watches.delete(node);
    };
  };
}

const observeNear = sharedObserver(NEAR);
const observeFar = sharedObserver(FAR);

/** How long one task builds rows before the browser gets to paint (and to handle the user's input). */
const BUDGET_MS = 24;

type Job = { run: () => void; distance: number };
const jobs = new Map<object, Job>();
let pending = false;

/**
 * Rows are built one at a time, the rows nearest the view first, a few milliseconds' worth per
 * frame: a jump to a far part of the list brings dozens of rows near at once, and building them in
 * one go would hold up the user's next keystroke or click for as long (a transition does not help:
 * its commit, and the inputs' re-render right after mounting, are one uninterruptible piece of work).
 */
function schedule(key: object, job: Job) {
  jobs.set(key, job);
  if (!pending) nextFrame();
}

function unschedule(key: object) {
  jobs.delete(key);
}

/** Runs the jobs after the next paint (or soon, where frames are not painted, e.g. a hidden tab). */
function nextFrame() {
  pending = true;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    runJobs();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 250);
}

type Scheduling = { isInputPending?: (options?: { includeContinuous?: boolean }) => boolean };
const scheduling = (globalThis.navigator as (Navigator & { scheduling?: Scheduling }) | undefined)?.scheduling;

/** A click or key press is waiting (Chromium tells; elsewhere only the time budget counts). */
const inputPending = () => scheduling?.isInputPending?.() ?? false;

function runJobs() {
  pending = false;
  const start = performance.now();
  while (jobs.size > 0 && performance.now() - start < BUDGET_MS && !inputPending()) {
    let next: [object, Job] | null = null;
    for (const entry of jobs) if (!next || entry[1].distance < next[1].distance) next = entry;
    if (!next) break;
    jobs.delete(next[0]);
    flushSync(next[1].run);
  }
  if (jobs.size > 0) nextFrame();
}

/** How far a row is outside the visible area (0: in view). */
function distanceToView(entry: IntersectionObserverEntry): number {
  const { top, bottom } = entry.boundingClientRect;
  return Math.max(0, top - window.innerHeight, -bottom);
}

/**
 * Renders its children while they are near the visible area, so a long list opens at once and only
 * the rows around the view are built (and kept in the page: a few dozen instead of hundreds, which
 * keeps typing, expanding and collapsing quick). A row far out of view becomes a placeholder again
 * of its measured height, unless it holds the keyboard focus. The placeholder holds the row's place;
 * it takes the keyboard focus in tab order and hands it on to the row's first control, so keyboard
 * users never skip a row.
 */
export function MountWhenNear({ eager, estimatedHeight, placeholderProps, children }: Props) {
  const [mounted, setMounted] = useState(eager);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  /** The rendered row's last height (for the estimate it had then), kept by its placeholder. */
  const [measured, setMeasured] = useState<{ height: number; estimate: number } | null>(null);
  /** The rendered row is far out of view but holds the focus: given up once the focus leaves. */
  const far = useRef(false);
  const unsupported = typeof IntersectionObserver === 'undefined';

  /** Back to a placeholder of the row's height, after the rows still to be built (and if the focus did not come in meanwhile). */
  const giveUp = useCallback(
    (rowHeight: number) =>
      schedule(wrapper, {
        distance: Number.MAX_SAFE_INTEGER,
        run: () => {
          if (!far.current || wrapper.current?.contains(document.activeElement)) return;
          if (rowHeight > 0) setMeasured({ height: rowHeight, estimate: estimatedHeight });
          setMounted(false);
        },
      }),
    [estimatedHeight],
  );

  useEffect(() => {
    if (mounted || eager) return;
    const node = placeholder.current;
    if (!node || unsupported) {
      setMounted(true);
      return;
    }
    const stop = observeNear(node, (entry) => {
      if (entry.isIntersecting) schedule(placeholder, { distance: distanceToView(entry), run: () => setMounted(true) });
      else unschedule(placeholder);
    });
    return () => {
      stop();
      unschedule(placeholder);
    };
  }, [mounted, eager, unsupported]);

  useEffect(() => {
    if (!mounted || eager || unsupported) return;
    const node = wrapper.current;
    if (!node) return;
    far.current = false;
    const stop = observeFar(node, (entry) => {
      far.current = !entry.isIntersecting;
      if (far.current && !node.contains(document.activeElement)) giveUp(entry.boundingClientRect.height);
      else unschedule(wrapper);
    });
    return () => {
      stop();
      unschedule(wrapper);
    };
  }, [mounted, eager, unsupported, giveUp]);

  useEffect(() => {
    if (!mounted || !focusOnMount) return;
    wrapper.current
      ?.querySelector<HTMLElement>('input, button, select, textarea, [tabindex]:not([tabindex="-1"])')
      ?.focus();
    setFocusOnMount(false);
  }, [mounted, focusOnMount]);

  if (mounted || eager)
    return (
      <div
        ref={wrapper}
        // Rendered rows out of view skip style, layout and paint (their last size kept), so each
        // frame while typing or scrolling costs the rows on screen only.
        style={eager ? undefined : { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatedHeight}px` }}
        onBlur={(e) => {
          if (far.current && !eager && !e.currentTarget.contains(e.relatedTarget)) giveUp(e.currentTarget.offsetHeight);
        }}
      >
        {children}
      </div>
    );
  return (
    <div
      {...placeholderProps}
      ref={placeholder}
      tabIndex={0}
      aria-busy
      style={{ minHeight: measured?.estimate === estimatedHeight ? measured.height : estimatedHeight }}
      onFocus={() => {
        setFocusOnMount(true);
        setMounted(true);
      }}
    />
  );
}
